// Add-on offers of a bundle (spec 4.2), evaluated against the customer's current selections.

import { type PriceRecord, presentPrice, priceInclude } from "@/server/domain/catalog/present";
import type { Ctx } from "@/server/domain/context";
import type { Prisma } from "@/server/generated/prisma/client";
import type { BundleAddonsOut, BundleItemSelectionInput } from "@/server/schemas/bundles";
import { loadBundle } from "./bundles";
import { bundleDetailInclude, presentBundleDetail } from "./present";
import { resolveSelections } from "./selections";

export interface OfferTerms {
  currency: string | null;
  recurrenceType: string | null;
  interval: string | null;
  intervalCount: number | null;
  billingDayOfMonth: number | null;
  billingScheduleId: number | null;
}

/** Billing terms of an offer: those of its first recurring price (the bundle's currency otherwise). */
export function offerTerms(prices: PriceRecord[], fallbackCurrency: string | null): OfferTerms {
  const price = prices.find((x) => x.billingType === "recurring");
  return {
    currency: price?.currency ?? prices[0]?.currency ?? fallbackCurrency,
    recurrenceType: price?.recurrenceType ?? null,
    interval: price?.interval ?? null,
    intervalCount: price?.intervalCount ?? null,
    billingDayOfMonth: prices.find((x) => x.billingDayOfMonth != null)?.billingDayOfMonth ?? null,
    billingScheduleId: price?.billingScheduleId ?? null,
  };
}

/** Whether an add-on price may join an offer under a rule's same-currency / same-interval flags. */
export function priceFitsRule(
  price: Pick<PriceRecord, "active" | "currency" | "billingType" | "interval" | "intervalCount">,
  rule: { sameCurrencyRequired: boolean; sameIntervalRequired: boolean },
  terms: OfferTerms,
): boolean {
  if (!price.active) return false;
  if (rule.sameCurrencyRequired && terms.currency && price.currency !== terms.currency) return false;
  if (rule.sameIntervalRequired && terms.interval && price.billingType === "recurring") {
    if (price.interval !== terms.interval || (price.intervalCount ?? 1) !== (terms.intervalCount ?? 1)) return false;
  }
  return true;
}

export const addonRuleInclude = {
  targetProduct: { include: { prices: { where: { active: true }, include: priceInclude, orderBy: { id: "asc" } } } },
  targetBundle: { include: bundleDetailInclude },
} satisfies Prisma.AddonRuleInclude;

export type AddonRuleRecord = Prisma.AddonRuleGetPayload<{ include: typeof addonRuleInclude }>;

export async function loadAddonRules(ctx: Ctx, bundleId: number): Promise<AddonRuleRecord[]> {
  return ctx.db.addonRule.findMany({
    where: { accountId: ctx.accountId, bundleId, active: true },
    include: addonRuleInclude,
    orderBy: [{ displayOrder: "asc" }, { id: "asc" }],
  });
}

export async function evaluateAddons(
  ctx: Ctx,
  bundleId: number,
  selections: BundleItemSelectionInput[],
): Promise<BundleAddonsOut> {
  const bundle = await loadBundle(ctx, bundleId);
  const chosen = resolveSelections(bundle, selections);
  const terms = offerTerms(
    chosen.map((c) => c.price),
    bundle.defaultCurrency,
  );
  const rules = await loadAddonRules(ctx, bundleId);
  const now = ctx.clock.now();
  const out: BundleAddonsOut = {
    bundle_template_id: bundle.id,
    currency: terms.currency,
    recurrence_type: terms.recurrenceType,
    interval: terms.interval,
    interval_count: terms.intervalCount,
    billing_day_of_month: terms.billingDayOfMonth,
    billing_schedule_id: terms.billingScheduleId,
    product_addons: [],
    bundle_addons: [],
  };
  for (const rule of rules) {
    const common = {
      rule_id: rule.id,
      relationship_type: rule.relationshipType,
      min_quantity: rule.minQuantity,
      max_quantity: rule.maxQuantity,
      same_interval_required: rule.sameIntervalRequired,
      same_currency_required: rule.sameCurrencyRequired,
    };
    if (rule.targetProduct?.active) {
      const prices = rule.targetProduct.prices.filter((p) => priceFitsRule(p, rule, terms));
      if (!prices.length) continue;
      const def = prices.find((p) => p.id === rule.defaultPriceId) ?? prices[0];
      const target = rule.targetProduct;
      out.product_addons.push({
        ...common,
        product: { id: target.id, name: target.name, reference: target.reference, image_url: target.imageUrl },
        default_price_id: def.id,
        selectable_prices: prices.map((p) => presentPrice(p, now)),
      });
    } else if (rule.targetBundle?.active) {
      const tb = rule.targetBundle;
      if (rule.sameCurrencyRequired && terms.currency && tb.defaultCurrency && tb.defaultCurrency !== terms.currency)
        continue;
      out.bundle_addons.push({ ...common, bundle_template: presentBundleDetail(tb, now) });
    }
  }
  return out;
}
