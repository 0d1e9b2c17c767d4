// Plans the regular run due at an instant for a contract snapshot: the lines of every item whose period
// ended by then (billed for its next period, at the version in effect then, less paused time) and how
// each item's period advances. Pure: the worker (build.ts, bulk.ts) and the forecast (draft.ts) share it.
import Decimal from "decimal.js";
import { memoized } from "@/server/domain/boundedMemo";
import { contractAnchor, itemLine, lineAmounts } from "@/server/domain/contracts/lines";
import type { ContractRecord } from "@/server/domain/contracts/records";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { billingPeriodFrom, factorOf } from "@/server/domain/pricing/periods";
import type { PricedAmounts } from "@/server/domain/pricing/types";
import type { Prisma } from "@/server/generated/prisma/client";

export interface Advance {
  id: number;
  start: string;
  end: string;
}

/** What planning a run reads of a contract (a full record, or the lighter rows the forecast loads). */
export type PlannableContract = Pick<
  ContractRecord,
  "items" | "pauses" | "billingTimezone" | "billingTime" | "fixedDay" | "billingAnchorAt"
>;

function pausedMs(contract: Pick<PlannableContract, "pauses">, from: Date, to: Date): number {
  let ms = 0;
  for (const phase of contract.pauses) {
    if (phase.state === "canceled") continue;
    const start = Math.max(+phase.startAt, +from),
      end = Math.min(+phase.endAt, +to);
    if (end > start) ms += end - start;
  }
  return ms;
}

// Memoized results are shared objects with ids, so runs made of the same priced lines (most runs: the same
// items renewing at the same versions) are summed once; the sums are shared (immutable) Decimals.
const sums = new Map<string, { subtotal: Decimal; tax: Decimal; total: Decimal }>();

/** The sums of the lines' subtotals and taxes (each already rounded to four places), and their total. */
function runSums(priced: PricedAmounts[]) {
  const key = priced.map((a) => a.id).join(",");
  return memoized(sums, key, 10_000, () => {
    const subtotal = priced.reduce((a, x) => a.plus(x.subtotal), new Decimal(0));
    const tax = priced.reduce((a, x) => a.plus(x.tax), new Decimal(0));
    return { subtotal, tax, total: subtotal.plus(tax) };
  });
}

export interface PlanOptions {
  /**
   * false: lines without their explanation text (description ""), for projections that only add amounts
   * up (the account forecast); the amounts are the same computation, memoized across periods.
   */
  explain?: boolean;
}

export function planRegularRun(
  contract: PlannableContract,
  catalog: CatalogSnapshot,
  at: Date,
  { explain = true }: PlanOptions = {},
) {
  const anchor = contractAnchor(contract);
  const lines: Prisma.BillingRunLineCreateWithoutRunInput[] = [];
  const advance: Advance[] = [];
  const priced: PricedAmounts[] = [];
  for (const item of contract.items) {
    if (item.status !== "active" || !item.periodEndAt || item.periodEndAt > at) continue;
    if (item.endAt && item.endAt <= item.periodEndAt) continue; // ended: nothing more to bill
    const line = itemLine(catalog, item);
    const { service, full } = billingPeriodFrom(line.price, anchor, item.periodEndAt);
    advance.push({ id: item.id, start: service.start.toISOString(), end: service.end.toISOString() });
    const from = item.startAt && item.startAt > service.start ? item.startAt : service.start;
    const to = item.endAt && item.endAt < service.end ? item.endAt : service.end;
    const pausedWithin = pausedMs(contract, from, to);
    const billedMs = Math.max(0, +to - +from - pausedWithin);
    if (billedMs <= 0) continue;
    // billed ÷ full rounded half-up to six places (exact integer arithmetic; the service lies within full)
    const factor = factorOf(billedMs, +full.end - +full.start);
    const paused = pausedWithin > 0 ? " (paused time excluded)" : "";
    const amounts = lineAmounts(
      line,
      factor,
      service.start,
      explain
        ? `${service.start.toISOString().slice(0, 10)} to ${service.end.toISOString().slice(0, 10)}${paused}`
        : "",
    );
    priced.push(amounts);
    lines.push({
      contractItemId: item.id,
      priceId: line.price.id,
      priceVersionId: amounts.versionId,
      productName: line.price.productName,
      quantity: line.quantity,
      unitAmount: amounts.text.unitAmount,
      prorationFactor: amounts.text.factor,
      lineTotal: amounts.text.lineTotal,
      subtotal: amounts.text.subtotal,
      tax: amounts.text.tax,
      servicePeriodStartAt: from,
      servicePeriodEndAt: to,
      prorationReason: factor.eq(1) ? null : paused ? "paused" : "partial_period",
      kind: "recurring",
      description: explain ? amounts.explanation : "",
    });
  }
  // items still billing after this run, and the next billing date: the earliest of their period ends
  const done = (i: PlannableContract["items"][number]) =>
    i.status !== "active" || !i.periodEndAt || (!!i.endAt && i.endAt <= i.periodEndAt);
  const ends = contract.items
    .filter((i) => !done(i))
    .map((i) => new Date(advance.find((a) => a.id === i.id)?.end ?? i.periodEndAt!));
  const next = ends.length ? new Date(Math.min(...ends.map(Number))) : null;
  const live = ends.length > 0;
  return { lines, advance, next, live, ...runSums(priced) };
}
