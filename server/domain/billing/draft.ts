// The regular runs of a contract snapshot, as pure data: the worker's build (build.ts) creates the first
// one due; upcoming runs and the forecast (upcoming.ts, forecast.ts) replay them over an in-memory copy
// of the contract. One computation, so a projection equals, to the cent, what the worker later bills.
import type Decimal from "decimal.js";
import { pendingAsRunLine } from "@/server/domain/contracts/lines";
import { type ScheduledChangeTerms, withChangesDue } from "@/server/domain/contracts/scheduledApply";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import type { Prisma } from "@/server/generated/prisma/client";
import { runPeriodOf } from "./period";
import { type PlannableContract, type PlanOptions, planRegularRun } from "./plan";

export type DraftLine = Prisma.BillingRunLineCreateWithoutRunInput;
type PendingRow = Prisma.PendingLineGetPayload<object>;

export interface RunDraft {
  /** the instant the run is due (next_billing_at) */
  at: Date;
  lines: DraftLine[];
  periodStartAt: Date;
  periodEndAt: Date;
  subtotal: Decimal;
  tax: Decimal;
  total: Decimal;
  /** next_billing_at after this run (null: nothing left to bill) */
  next: Date | null;
  advance: ReturnType<typeof planRegularRun>["advance"];
  /** the contract's discount priced this run (it then counts one of its runs) */
  discounted: boolean;
  /** false: the run bills the last usage of ended items, and the contract ends with it */
  live: boolean;
}

/** The regular run due at `at` with the pending lines it carries, or null when nothing is left to bill. */
export function regularRunDraft(
  contract: PlannableContract,
  catalog: CatalogSnapshot,
  at: Date,
  pending: PendingRow[],
  options: PlanOptions = {},
): RunDraft | null {
  const plan = planRegularRun(contract, catalog, at, options);
  // a contract whose items all ended still bills their last usage (metered items, in arrears) before it ends
  if (!plan.live && !plan.lines.length) return null;
  // without pending lines (all runs but a contract's first), the plan's own lines and (shared) sums: equal
  // runs then carry the same Decimals
  let { lines, subtotal, tax, total } = plan;
  if (pending.length) {
    const carried = pending.map(pendingAsRunLine);
    lines = [...plan.lines, ...carried];
    subtotal = carried.reduce((a, l) => a.plus(String(l.subtotal)), plan.subtotal);
    tax = carried.reduce((a, l) => a.plus(String(l.tax)), plan.tax);
    total = subtotal.plus(tax);
  }
  const { periodStartAt, periodEndAt } = runPeriodOf(lines, { start: at, end: plan.next ?? at });
  return {
    at,
    lines,
    periodStartAt,
    periodEndAt,
    subtotal,
    tax,
    total,
    next: plan.next,
    advance: plan.advance,
    discounted: plan.discounted,
    live: plan.live,
  };
}

export type ProjectableContract = PlannableContract & {
  state: string;
  nextBillingAt: Date | null;
  cancelAt: Date | null;
  /** pending scheduled item changes: applied before the run due at or after their effective_at */
  scheduledChanges?: ScheduledChangeTerms[];
};

/**
 * The regular runs the worker would create for the contract as it is now, due at or before `until` (at most
 * `limit`), assuming every run succeeds: a cancellation due at or before a run comes first (as the worker
 * applies lifecycle changes before billing at the same instant), scheduled item changes due by a run are
 * applied before it, pending lines go with the first run, and a contract with nothing left to bill ends. The contract itself is not changed.
 */
export function projectRuns(
  contract: ProjectableContract,
  catalog: CatalogSnapshot,
  pending: PendingRow[],
  until: Date,
  limit = Number.POSITIVE_INFINITY,
): RunDraft[] {
  return projection(contract, catalog, pending, until, limit).runs;
}

/** projectRuns, and the instant the contract ends (canceled, or nothing left to bill) when that is by `until`. */
export function projection(
  contract: ProjectableContract,
  catalog: CatalogSnapshot,
  pending: PendingRow[],
  until: Date,
  limit = Number.POSITIVE_INFINITY,
  options: PlanOptions = {},
): { runs: RunDraft[]; endsAt: Date | null } {
  // the projection's own copy, advanced in place run by run (withChangesDue returns fresh objects)
  let snapshot = { ...contract, items: contract.items.map((i) => ({ ...i })) };
  const runs: RunDraft[] = [];
  let carried = pending;
  const live = snapshot.state === "active" || snapshot.state === "paused";
  const cancelEnd = live && snapshot.cancelAt && snapshot.cancelAt <= until ? snapshot.cancelAt : null;
  // epoch numbers in the loop: Date comparisons cost a conversion each, ~2 M times in a forecast
  const untilMs = until.getTime();
  const cancelMs = snapshot.cancelAt ? snapshot.cancelAt.getTime() : Number.POSITIVE_INFINITY;
  while (runs.length < limit) {
    const at = snapshot.nextBillingAt;
    if (!live || !at || at.getTime() > untilMs) break;
    if (cancelMs <= at.getTime()) break;
    snapshot = withChangesDue(snapshot, catalog, at);
    const draft = regularRunDraft(snapshot, catalog, at, carried, options);
    if (!draft) return { runs, endsAt: cancelEnd && cancelEnd < at ? cancelEnd : at };
    runs.push(draft);
    if (!draft.live) return { runs, endsAt: at };
    carried = [];
    advanceInPlace(snapshot, draft);
  }
  return { runs, endsAt: cancelEnd };
}

/**
 * The snapshot after a run (what applyAdvance writes), written into the projection's own copy: a forecast
 * replays ~2 M runs at volume, and copying the contract and its items for each was a third of its time.
 */
function advanceInPlace<C extends ProjectableContract>(snapshot: C, draft: RunDraft): C {
  if (draft.discounted && snapshot.discount) snapshot.discount = discountAfterRun(snapshot.discount, draft);
  snapshot.nextBillingAt = draft.next;
  // a run advances one or two items: a scan, not a Map
  for (const a of draft.advance)
    for (const item of snapshot.items)
      if (item.id === a.id) {
        item.periodStartAt = a.startAt;
        item.periodEndAt = a.endAt;
      }
  return snapshot;
}

/** The discount after it priced a run: one run fewer (unless forever), covering the run's period. What build.ts writes. */
export function discountAfterRun<T extends { runsRemaining: number | null; coveredUntil: Date | null }>(
  discount: T,
  draft: Pick<RunDraft, "periodEndAt">,
): T {
  return {
    ...discount,
    runsRemaining: discount.runsRemaining === null ? null : Math.max(0, discount.runsRemaining - 1),
    coveredUntil: draft.periodEndAt,
  };
}
