// Catalog price records → the pricing engine's PriceTerms.

import { dec } from "@/server/domain/money";
import type { Interval } from "@/server/domain/pricing/calendar";
import type { PriceTerms } from "@/server/domain/pricing/types";
import type { UsagePricingModel } from "@/server/domain/pricing/usagePricing";
import type { Prisma } from "@/server/generated/prisma/client";

export const pricingInclude = {
  product: { include: { taxRate: true } },
  versions: true,
  metric: { select: { id: true, code: true, name: true, aggregation: true } },
  billingSchedule: { include: { rules: { orderBy: [{ displayOrder: "asc" }, { id: "asc" }] } } },
} satisfies Prisma.CatalogPriceInclude;

export type PricingRecord = Prisma.CatalogPriceGetPayload<{ include: typeof pricingInclude }>;

// records come from the per-account catalog snapshot, so their terms are computed once per snapshot
const termsCache = new WeakMap<PricingRecord, PriceTerms>();

export function toTerms(price: PricingRecord): PriceTerms {
  let terms = termsCache.get(price);
  if (!terms) termsCache.set(price, (terms = buildTerms(price)));
  return terms;
}

function buildTerms(price: PricingRecord): PriceTerms {
  const rate = price.product.taxRate;
  return {
    id: price.id,
    productId: price.productId,
    productName: price.product.name,
    currency: price.currency,
    billingType: price.billingType as PriceTerms["billingType"],
    usageType: price.usageType === "metered" ? "metered" : "licensed",
    metricId: price.metricId,
    interval: price.interval as Interval | null,
    intervalCount: price.intervalCount,
    billingDayOfMonth: price.billingDayOfMonth,
    schedule: price.billingSchedule
      ? { id: price.billingSchedule.id, timezone: price.billingSchedule.timezone, rules: price.billingSchedule.rules }
      : null,
    versions: price.versions.map((version) => ({
      id: version.id,
      unitAmount: dec(version.unitAmount),
      effectiveFrom: version.effectiveFrom,
      effectiveTo: version.effectiveTo,
      pricing: (version.pricingModel ?? null) as UsagePricingModel | null,
    })),
    taxPolicy: rate?.active ? (price.product.taxPolicy as PriceTerms["taxPolicy"]) : null,
    taxRate: rate?.active ? dec(rate.percentage) : null,
    taxRateName: rate?.name ?? null,
  };
}
