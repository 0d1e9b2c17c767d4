// What one contract adds to the account forecast: its projected runs (date, total), when it ends, its
// long-period renewals and the runs where a line first pays another amount (priceChange.ts, the
// simulation's rule too).
import { memoizedOn } from "@/server/domain/boundedMemo";
import { type DecimalLike, fmt4 } from "@/server/domain/money";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { toTerms } from "@/server/domain/offers/terms";
import { versionAt } from "@/server/domain/pricing/amounts";
import type { Prisma } from "@/server/generated/prisma/client";
import { type ProjectableContract, projection, type RunDraft } from "./draft";
import { priceChangeRuns } from "./priceChange";
import type { UsageReadings } from "./usageLines";

/** Runs billing a period longer than this are renewals (yearly, quarterly), not the monthly rhythm. */
const RENEWAL_MS = 45 * 86_400_000;

// the amounts as the run lines carry them (four-digit text): comparing a Decimal to a line's text formats the
// Decimal, a million times in a forecast; catalog and override amounts are shared objects, formatted once
const texts = new WeakMap<object, string>();
const textOf = (unit: DecimalLike): DecimalLike =>
  typeof unit === "object" ? (texts.get(unit) ?? memoizedOn(texts, unit, () => fmt4(unit))) : unit;

export interface Effects {
  /** the projected runs, read for their date and total (no pair per run: a forecast projects millions) */
  billed: readonly Pick<RunDraft, "at" | "total">[];
  endsAt: Date | null;
  renewals: Date[];
  priceChanges: Date[];
}

export function contractEffects(
  c: ProjectableContract,
  catalog: CatalogSnapshot,
  pending: Prisma.PendingLineGetPayload<object>[],
  until: Date,
  usage?: UsageReadings,
): Effects {
  const options = { explain: false, usage, usageEstimated: true };
  const { runs, endsAt } = projection(c, catalog, pending, until, Number.POSITIVE_INFINITY, options);
  // the unit amount each item pays for its current period (its override, else the version in effect at
  // the period's start); a run changes price where a line first pays another amount
  const paid = new Map<number, DecimalLike>();
  for (const i of c.items) {
    const price = catalog.prices.get(i.priceId);
    const unit =
      i.unitAmountOverride ??
      (price && i.periodStartAt ? versionAt(toTerms(price).versions, i.periodStartAt)?.unitAmount : null);
    if (unit != null) paid.set(i.id, textOf(unit));
  }
  const priceChanges = priceChangeRuns(paid, runs).map((k) => runs[k].at);
  return {
    billed: runs,
    endsAt,
    renewals: runs.filter((r) => r.periodEndAt.getTime() - r.periodStartAt.getTime() > RENEWAL_MS).map((r) => r.at),
    priceChanges,
  };
}
