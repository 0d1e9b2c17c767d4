// Catalog price records → the pricing engine's PriceTerms.

import { dec } from "@/server/domain/money";
import type { Interval } from "@/server/domain/pricing/calendar";
import type { PriceTerms } from "@/server/domain/pricing/types";
import type { Prisma } from "@/server/generated/prisma/client";

export const pricingInclude = {
  product: { include: { taxRate: true } },
  versions: true,
  billingSchedule: { include: { rules: { orderBy: [{ displayOrder: "asc" }, { id: "asc" }] } } },
} satisfies Prisma.CatalogPriceInclude;

export type PricingRecord = Prisma.CatalogPriceGetPayload<{ include: typeof pricingInclude }>;

// records come from the per-account catalog snapshot, so their terms are computed once per snapshot
const termsCache = new WeakMap<PricingRecord, PriceTerms>();

export function toTerms(p: PricingRecord): PriceTerms {
  let t = termsCache.get(p);
  if (!t) termsCache.set(p, (t = buildTerms(p)));
  return t;
}

function buildTerms(p: PricingRecord): PriceTerms {
  const rate = p.product.taxRate;
  return {
    id: p.id,
    productId: p.productId,
    productName: p.product.name,
    currency: p.currency,
    billingType: p.billingType as PriceTerms["billingType"],
    interval: p.interval as Interval | null,
    intervalCount: p.intervalCount,
    billingDayOfMonth: p.billingDayOfMonth,
    schedule: p.billingSchedule
      ? { id: p.billingSchedule.id, timezone: p.billingSchedule.timezone, rules: p.billingSchedule.rules }
      : null,
    versions: p.versions.map((v) => ({
      id: v.id,
      unitAmount: dec(v.unitAmount),
      effectiveFrom: v.effectiveFrom,
      effectiveTo: v.effectiveTo,
    })),
    taxPolicy: rate?.active ? (p.product.taxPolicy as PriceTerms["taxPolicy"]) : null,
    taxRate: rate?.active ? dec(rate.percentage) : null,
    taxRateName: rate?.name ?? null,
  };
}
