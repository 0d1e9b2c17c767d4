// A bundle template as the API prints it: the Prisma include it needs and the response shape of a template,
// its items and their selectable prices.
import { type PriceRecord, presentPrice, priceInclude } from "@/server/domain/catalog/present";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { BundleTemplateDetailOut, BundleTemplateItemOut, BundleTemplateOut } from "@/server/schemas/bundles";

export const bundleItemInclude = {
  product: {
    include: {
      prices: { where: { active: true, billingType: "recurring" }, include: priceInclude, orderBy: { id: "asc" } },
    },
  },
  defaultPrice: { include: priceInclude },
  selectablePrices: {
    include: { price: { include: priceInclude } },
    orderBy: [{ displayOrder: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.BundleTemplateItemInclude;

export const bundleDetailInclude = {
  items: { include: bundleItemInclude, orderBy: [{ displayOrder: "asc" }, { id: "asc" }] },
} satisfies Prisma.BundleTemplateInclude;

export type BundleItemRecord = Prisma.BundleTemplateItemGetPayload<{ include: typeof bundleItemInclude }>;
export type BundleDetailRecord = Prisma.BundleTemplateGetPayload<{ include: typeof bundleDetailInclude }>;
type BundleRecord = Prisma.BundleTemplateGetPayload<{ include: { _count: { select: { items: true } } } }>;

/** Prices a customer may pick for an item, by its price_option_scope. */
export function allowedPrices(
  item: BundleItemRecord,
): { price: PriceRecord; label: string | null; isDefault: boolean }[] {
  switch (item.priceOptionScope) {
    case "selectable":
      return item.selectablePrices
        .filter((s) => s.price.active)
        .map((selection) => ({
          price: selection.price,
          label: selection.displayLabel,
          isDefault: selection.isDefault || selection.priceId === item.defaultPriceId,
        }));
    case "product_active_recurring":
      return item.product.prices.map((p) => ({ price: p, label: null, isDefault: p.id === item.defaultPriceId }));
    default:
      return item.defaultPrice?.active ? [{ price: item.defaultPrice, label: null, isDefault: true }] : [];
  }
}

export function presentItem(item: BundleItemRecord, now: Date): BundleTemplateItemOut {
  return {
    id: item.id,
    product: {
      id: item.product.id,
      name: item.product.name,
      reference: item.product.reference,
      image_url: item.product.imageUrl,
    },
    quantity: item.quantity,
    required: item.required,
    price_option_scope: item.priceOptionScope,
    default_price_id: item.defaultPriceId,
    default_price: item.defaultPrice ? presentPrice(item.defaultPrice, now) : null,
    selectable_prices: allowedPrices(item).map((addon) => ({
      price_id: addon.price.id,
      display_label: addon.label,
      is_default: addon.isDefault,
      price: presentPrice(addon.price, now),
    })),
    display_order: item.displayOrder,
    metadata: (item.metadata ?? {}) as Record<string, unknown>,
  };
}

export function presentBundle(bundle: BundleRecord | BundleDetailRecord): BundleTemplateOut {
  return {
    id: bundle.id,
    name: bundle.name,
    description: bundle.description,
    reference: bundle.reference,
    default_currency: bundle.defaultCurrency,
    active: bundle.active,
    item_count: "_count" in bundle ? bundle._count.items : bundle.items.length,
    metadata: (bundle.metadata ?? {}) as Record<string, unknown>,
    created_at: iso(bundle.createdAt),
    updated_at: iso(bundle.updatedAt),
  };
}

export function presentBundleDetail(b: BundleDetailRecord, now: Date): BundleTemplateDetailOut {
  return { ...presentBundle(b), items: b.items.map((i) => presentItem(i, now)) };
}
