// What one contract adds to the account forecast: its projected runs (date, total), when it ends, its
// long-period renewals and the runs where a line first pays another price version.
import type Decimal from "decimal.js";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { toTerms } from "@/server/domain/offers/terms";
import { versionAt } from "@/server/domain/pricing/amounts";
import type { Prisma } from "@/server/generated/prisma/client";
import { type ProjectableContract, projection } from "./draft";

/** Runs billing a period longer than this are renewals (yearly, quarterly), not the monthly rhythm. */
const RENEWAL_MS = 45 * 86_400_000;

export interface Effects {
  billed: [Date, Decimal][];
  endsAt: Date | null;
  renewals: Date[];
  priceChanges: Date[];
}

export function contractEffects(
  c: ProjectableContract,
  catalog: CatalogSnapshot,
  pending: Prisma.PendingLineGetPayload<object>[],
  until: Date,
): Effects {
  const { runs, endsAt } = projection(c, catalog, pending, until, Number.POSITIVE_INFINITY, { explain: false });
  // the version each item's current period was billed at, then each projected run's
  const paid = new Map<number, number | null>();
  for (const i of c.items) {
    const price = catalog.prices.get(i.priceId);
    if (price && i.periodStartAt) paid.set(i.id, versionAt(toTerms(price).versions, i.periodStartAt)?.id ?? null);
  }
  const priceChanges: Date[] = [];
  for (const r of runs) {
    let changed = false;
    for (const l of r.lines) {
      if (l.kind !== "recurring" || l.contractItemId == null) continue;
      const before = paid.get(l.contractItemId);
      if (before !== undefined && before !== (l.priceVersionId ?? null)) changed = true;
      paid.set(l.contractItemId, l.priceVersionId ?? null);
    }
    if (changed) priceChanges.push(r.at);
  }
  return {
    billed: runs.map((r) => [r.at, r.total]),
    endsAt,
    renewals: runs.filter((r) => r.periodEndAt.getTime() - r.periodStartAt.getTime() > RENEWAL_MS).map((r) => r.at),
    priceChanges,
  };
}
