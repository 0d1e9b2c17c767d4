// Catalog records → API shapes (spec 2.1, 2.2). Pure apart from the instant passed in.

import { fmt4 } from "@/server/domain/money";
import { type Interval, nextFixedDayOccurrences, nextScheduleOccurrences } from "@/server/domain/pricing/calendar";
import { describePricing, type UsagePricingModel } from "@/server/domain/pricing/usagePricing";
import { iso, isoN } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CatalogPriceOut, CatalogProductOut, PriceVersionOut } from "@/server/schemas/catalog";
import { displayedVersion, isEffectiveAt, sortVersions } from "./versions";

export const priceInclude = {
  product: { select: { id: true, name: true, reference: true } },
  versions: true,
  metric: { select: { id: true, code: true } },
  billingSchedule: { include: { rules: { orderBy: [{ displayOrder: "asc" }, { id: "asc" }] } } },
} satisfies Prisma.CatalogPriceInclude;

export type PriceRecord = Prisma.CatalogPriceGetPayload<{ include: typeof priceInclude }>;

const NEXT_OCCURRENCES = 3;

export function nextOccurrences(price: PriceRecord, now: Date): Date[] {
  if (price.billingType !== "recurring") return [];
  if (price.billingSchedule) {
    return nextScheduleOccurrences(price.billingSchedule.rules, price.billingSchedule.timezone, now, NEXT_OCCURRENCES);
  }
  if (price.billingDayOfMonth && (price.interval === "month" || price.interval === "year")) {
    return nextFixedDayOccurrences(
      price.billingDayOfMonth,
      price.interval as Interval,
      price.intervalCount ?? 1,
      "UTC",
      now,
      NEXT_OCCURRENCES,
    );
  }
  return [];
}

export function presentVersion(version: PriceRecord["versions"][number], now: Date): PriceVersionOut {
  return {
    id: version.id,
    unit_amount: fmt4(version.unitAmount),
    pricing_model: (version.pricingModel ?? null) as PriceVersionOut["pricing_model"],
    effective_from: isoN(version.effectiveFrom),
    effective_to: isoN(version.effectiveTo),
    currently_effective: isEffectiveAt(version, now),
    created_at: iso(version.createdAt),
  };
}

/** How the price reads: its model, or its unit amount, in its currency. */
function pricingDescription(price: PriceRecord, model: UsagePricingModel | null, unitAmount: string) {
  const priced = model ? describePricing(model) : `${unitAmount} per unit`;
  return `${price.usageType === "metered" ? "billed by usage, " : ""}${priced} ${price.currency}`;
}

export function presentPrice(price: PriceRecord, now: Date): CatalogPriceOut {
  const shown = displayedVersion(price.versions, now);
  const model = (shown?.version.pricingModel ?? null) as UsagePricingModel | null;
  const schedule = price.billingSchedule;
  return {
    id: price.id,
    product_id: price.product.id,
    product_name: price.product.name,
    product_reference: price.product.reference,
    reference: price.reference,
    currency: price.currency,
    unit_amount: shown ? fmt4(shown.version.unitAmount) : fmt4(0),
    billing_type: price.billingType as "recurring" | "one_time",
    recurrence_type: price.recurrenceType,
    interval: price.interval,
    interval_count: price.intervalCount,
    billing_day_of_month: price.billingDayOfMonth,
    billing_schedule_id: schedule?.id ?? null,
    billing_schedule_name: schedule?.name ?? null,
    billing_schedule_timezone: schedule?.timezone ?? null,
    billing_schedule_rules: (schedule?.rules ?? []).map((rule) => ({
      month: rule.month,
      day: rule.day,
      label: rule.label,
      display_order: rule.displayOrder,
    })),
    billing_schedule_active: schedule ? schedule.active : null,
    next_occurrences: nextOccurrences(price, now).map(iso),
    active: price.active,
    currently_effective: shown?.currentlyEffective ?? false,
    effective_from: isoN(shown?.version.effectiveFrom),
    effective_to: isoN(shown?.version.effectiveTo),
    current_version_id: shown?.version.id ?? 0,
    versions: sortVersions(price.versions).map((v) => presentVersion(v, now)),
    usage_type: price.usageType === "metered" ? "metered" : "licensed",
    billable_metric_id: price.metric?.id ?? null,
    billable_metric_code: price.metric?.code ?? null,
    pricing_model: model as CatalogPriceOut["pricing_model"],
    pricing_description: pricingDescription(price, model, shown ? fmt4(shown.version.unitAmount) : fmt4(0)),
    usage_thresholds: (price.usageThresholds ?? []) as string[],
    metadata: (price.metadata ?? {}) as Record<string, unknown>,
    created_at: iso(price.createdAt),
    updated_at: iso(price.updatedAt),
  };
}

export type ProductRecord = Prisma.CatalogProductGetPayload<{ include: { _count: { select: { prices: true } } } }>;

export function presentProduct(taxRate: ProductRecord): CatalogProductOut {
  return {
    id: taxRate.id,
    name: taxRate.name,
    description: taxRate.description,
    reference: taxRate.reference,
    image_url: taxRate.imageUrl,
    active: taxRate.active,
    tax_policy: taxRate.taxPolicy,
    tax_rate_id: taxRate.taxRateId,
    active_price_count: taxRate._count.prices,
    metadata: (taxRate.metadata ?? {}) as Record<string, unknown>,
    created_at: iso(taxRate.createdAt),
    updated_at: iso(taxRate.updatedAt),
  };
}
