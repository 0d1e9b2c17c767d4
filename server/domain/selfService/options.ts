// The plan changes a customer may pick on the subscriber page: another selectable price of a bundle item
// in the same cadence, the quantity of an add-on or a single item, an add-on the bundle's rules offer, or
// removing an optional item. A requested change is accepted only when it is one of these options.
import type Decimal from "decimal.js";
import { allowedPrices } from "@/server/domain/bundles/present";
import type { ContractRecord } from "@/server/domain/contracts/contractRows";
import { invalid, notFound } from "@/server/domain/errors";
import { dec, fmt4 } from "@/server/domain/money";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { type PricingRecord, toTerms } from "@/server/domain/offers/terms";
import { priceAmounts } from "@/server/domain/pricing/amounts";
import type { PlanChange } from "@/server/schemas/selfService";

type Item = ContractRecord["items"][number];

export interface PriceOption {
  price: number;
  label: string;
  /** gross amount per billing period at this price and the item's quantity */
  period_amount: string;
}
export interface ItemOptions {
  contract_item: number;
  product_name: string;
  quantity: number;
  period_amount: string;
  prices: PriceOption[];
  /** null: the quantity is fixed */
  quantity_range: { min: number; max: number } | null;
  removable: boolean;
}
export interface AddonOption {
  price: number;
  label: string;
  period_amount: string;
}
export interface ChangeOptions {
  items: ItemOptions[];
  addons: AddonOption[];
}

const DEFAULT_MAX_QUANTITY = 10;
const cadence = (p: PricingRecord) => `${p.interval}|${p.intervalCount}|${p.billingScheduleId}`;

/** Gross (with tax) amount of one full billing period: what renewals charge for this line. */
export function periodAmount(
  catalog: CatalogSnapshot,
  line: { priceId: number; quantity: number; unitAmountOverride?: unknown; discountPercent?: unknown },
  at: Date,
): Decimal {
  const price = catalog.prices.get(line.priceId);
  if (!price) return dec(0);
  const amounts = priceAmounts({
    price: toTerms(price),
    quantity: line.quantity,
    unitAmountOverride: line.unitAmountOverride != null ? dec(String(line.unitAmountOverride)) : null,
    discountPercent: line.discountPercent != null ? dec(String(line.discountPercent)) : null,
    factor: dec(1),
    versionAt: at,
  });
  return amounts.subtotal.plus(amounts.tax);
}

function fits(c: ContractRecord, current: PricingRecord | undefined, p: PricingRecord): boolean {
  return (
    p.active &&
    p.product.active &&
    p.billingType === "recurring" &&
    p.currency === c.currency &&
    (!current || cadence(current) === cadence(p)) &&
    !p.billingDayOfMonth
  );
}

function itemOptions(c: ContractRecord, catalog: CatalogSnapshot, item: Item, now: Date, active: number): ItemOptions {
  const bundle = c.bundleTemplateId ? catalog.bundles.get(c.bundleTemplateId) : undefined;
  const bundleItem = item.bundleItemId ? bundle?.items.find((b) => b.id === item.bundleItemId) : undefined;
  const current = catalog.prices.get(item.priceId);
  const prices: PriceOption[] = [];
  if (bundleItem)
    for (const option of allowedPrices(bundleItem)) {
      const p = catalog.prices.get(option.price.id);
      if (!p || p.id === item.priceId || !fits(c, current, p)) continue;
      const amount = periodAmount(catalog, { ...item, priceId: p.id }, now);
      prices.push({ price: p.id, label: option.label ?? p.reference ?? p.product.name, period_amount: fmt4(amount) });
    }
  const rule = item.ruleId && bundle ? catalog.rules.get(bundle.id)?.find((r) => r.id === item.ruleId) : undefined;
  // bundle items come in the bundle's quantity; add-ons and single items may change theirs
  const quantityRange = bundleItem
    ? null
    : { min: Math.max(1, rule?.minQuantity ?? 1), max: rule?.maxQuantity ?? DEFAULT_MAX_QUANTITY };
  return {
    contract_item: item.id,
    product_name: current?.product.name ?? "",
    quantity: item.quantity,
    period_amount: fmt4(periodAmount(catalog, item, now)),
    prices,
    quantity_range: quantityRange,
    // never the last item; bundle items only when the bundle marks them optional
    removable: active > 1 && (bundleItem ? !bundleItem.required : true),
  };
}

function addonOptions(c: ContractRecord, catalog: CatalogSnapshot, now: Date): AddonOption[] {
  if (!c.bundleTemplateId) return [];
  const have = new Set(c.items.filter((i) => i.status === "active").map((i) => i.productId));
  const out: AddonOption[] = [];
  for (const rule of catalog.rules.get(c.bundleTemplateId) ?? []) {
    if (!rule.targetProduct || have.has(rule.targetProduct.id)) continue;
    const anchor = catalog.prices.get(c.items.find((i) => i.status === "active")?.priceId ?? -1);
    const candidates = [rule.defaultPriceId, ...rule.targetProduct.prices.map((p) => p.id)];
    const price = candidates
      .map((id) => (id ? catalog.prices.get(id) : undefined))
      .find((p): p is PricingRecord => !!p && fits(c, rule.sameIntervalRequired ? anchor : undefined, p));
    if (!price) continue;
    const quantity = Math.max(1, rule.minQuantity);
    out.push({
      price: price.id,
      label: price.product.name,
      period_amount: fmt4(periodAmount(catalog, { priceId: price.id, quantity }, now)),
    });
  }
  return out;
}

export function changeOptions(c: ContractRecord, catalog: CatalogSnapshot, now: Date): ChangeOptions {
  if (c.state === "canceled" || c.state === "ended") return { items: [], addons: [] };
  const active = c.items.filter((i) => i.status === "active");
  // NOTE: a period's amount is what renewals charge, so it is priced at the next billing: a price version
  // scheduled to start before then is the one the customer will pay
  const renewalAt = c.nextBillingAt && c.nextBillingAt > now ? c.nextBillingAt : now;
  return {
    items: active.map((i) => itemOptions(c, catalog, i, renewalAt, active.length)),
    addons: addonOptions(c, catalog, renewalAt),
  };
}

/**
 * Checks that `change` is one the page offers and returns how much it moves the amount of a billing
 * period (positive: an upgrade). An unknown or another contract's item id is a 404.
 */
export function checkChange(options: ChangeOptions, change: PlanChange): { delta: Decimal; quantity?: number } {
  if (change.kind === "add") {
    const addon = options.addons.find((a) => a.price === change.price);
    if (!addon) throw invalid("price", "This add-on is not offered for your subscription.");
    return { delta: dec(addon.period_amount) };
  }
  const item = options.items.find((i) => i.contract_item === change.contract_item);
  if (!item) throw notFound("This is not an item of your subscription.");
  const current = dec(item.period_amount);
  if (change.kind === "remove") {
    if (!item.removable) throw invalid("contract_item", "This item cannot be removed.");
    return { delta: current.negated() };
  }
  if (change.kind === "price") {
    const price = item.prices.find((p) => p.price === change.price);
    if (!price) throw invalid("price", "This price is not offered for this item.");
    return { delta: dec(price.period_amount).minus(current) };
  }
  const range = item.quantity_range;
  if (!range || change.quantity < range.min || change.quantity > range.max)
    throw invalid(
      "quantity",
      range ? `Choose a quantity from ${range.min} to ${range.max}.` : "The quantity is fixed.",
    );
  const perUnit = current.div(item.quantity);
  return { delta: perUnit.times(change.quantity - item.quantity), quantity: change.quantity };
}
