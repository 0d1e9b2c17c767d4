// Catalog records → API shapes (spec 2.1, 2.2). Pure apart from the instant passed in.

import { fmt4 } from "@/server/domain/money";
import { type Interval, nextFixedDayOccurrences, nextScheduleOccurrences } from "@/server/domain/pricing/calendar";
import { iso, isoN } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CatalogPriceOut, CatalogProductOut, PriceVersionOut } from "@/server/schemas/catalog";
import { displayedVersion, isEffectiveAt, sortVersions } from "./versions";

export const priceInclude = {
  product: { select: { id: true, name: true, reference: true } },
  versions: true,
  billingSchedule: { include: { rules: { orderBy: [{ displayOrder: "asc" }, { id: "asc" }] } } },
} satisfies Prisma.CatalogPriceInclude;

export type PriceRecord = Prisma.CatalogPriceGetPayload<{ include: typeof priceInclude }>;

const NEXT_OCCURRENCES = 3;

export function nextOccurrences(p: PriceRecord, now: Date): Date[] {
  if (p.billingType !== "recurring") return [];
  if (p.billingSchedule) {
    return nextScheduleOccurrences(p.billingSchedule.rules, p.billingSchedule.timezone, now, NEXT_OCCURRENCES);
  }
  if (p.billingDayOfMonth && (p.interval === "month" || p.interval === "year")) {
    return nextFixedDayOccurrences(
      p.billingDayOfMonth,
      p.interval as Interval,
      p.intervalCount ?? 1,
      "UTC",
      now,
      NEXT_OCCURRENCES,
    );
  }
  return [];
}

export function presentVersion(v: PriceRecord["versions"][number], now: Date): PriceVersionOut {
  return {
    id: v.id,
    unit_amount: fmt4(v.unitAmount),
    effective_from: isoN(v.effectiveFrom),
    effective_to: isoN(v.effectiveTo),
    currently_effective: isEffectiveAt(v, now),
    created_at: iso(v.createdAt),
  };
}

export function presentPrice(p: PriceRecord, now: Date): CatalogPriceOut {
  const shown = displayedVersion(p.versions, now);
  const s = p.billingSchedule;
  return {
    id: p.id,
    product_id: p.product.id,
    product_name: p.product.name,
    product_reference: p.product.reference,
    reference: p.reference,
    currency: p.currency,
    unit_amount: shown ? fmt4(shown.version.unitAmount) : fmt4(0),
    billing_type: p.billingType as "recurring" | "one_time",
    recurrence_type: p.recurrenceType,
    interval: p.interval,
    interval_count: p.intervalCount,
    billing_day_of_month: p.billingDayOfMonth,
    billing_schedule_id: s?.id ?? null,
    billing_schedule_name: s?.name ?? null,
    billing_schedule_timezone: s?.timezone ?? null,
    billing_schedule_rules: (s?.rules ?? []).map((r) => ({
      month: r.month,
      day: r.day,
      label: r.label,
      display_order: r.displayOrder,
    })),
    billing_schedule_active: s ? s.active : null,
    next_occurrences: nextOccurrences(p, now).map(iso),
    active: p.active,
    currently_effective: shown?.currentlyEffective ?? false,
    effective_from: isoN(shown?.version.effectiveFrom),
    effective_to: isoN(shown?.version.effectiveTo),
    current_version_id: shown?.version.id ?? 0,
    versions: sortVersions(p.versions).map((v) => presentVersion(v, now)),
    metadata: (p.metadata ?? {}) as Record<string, unknown>,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

export type ProductRecord = Prisma.CatalogProductGetPayload<{ include: { _count: { select: { prices: true } } } }>;

export function presentProduct(p: ProductRecord): CatalogProductOut {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    reference: p.reference,
    image_url: p.imageUrl,
    active: p.active,
    tax_policy: p.taxPolicy,
    tax_rate_id: p.taxRateId,
    active_price_count: p._count.prices,
    metadata: (p.metadata ?? {}) as Record<string, unknown>,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}
