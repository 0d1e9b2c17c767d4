// Plans the regular run due at an instant for a contract snapshot: the lines of every item whose period
// ended by then (billed for its next period, at the version in effect then, less paused time) and how
// each item's period advances. Pure: the worker (build.ts, bulk.ts) and the forecast (draft.ts) share it.
import Decimal from "decimal.js";
import { memoized } from "@/server/domain/boundedMemo";
import type { ContractRecord } from "@/server/domain/contracts/contractRows";
import { contractAnchor, itemLine, lineAmounts } from "@/server/domain/contracts/lines";
import type { ContractDiscountRow } from "@/server/domain/coupons/present";
import { fixedCoupon, runDiscount, withCoupon } from "@/server/domain/coupons/terms";
import { ZERO } from "@/server/domain/money";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import { applyFixedCoupon } from "@/server/domain/pricing/coupon";
import { billingPeriodFrom, factorOf, isWholeFactor } from "@/server/domain/pricing/periods";
import type { LineInput, PricedAmounts } from "@/server/domain/pricing/types";
import type { Prisma } from "@/server/generated/prisma/client";
import { isMeteredItem, type UsageReadings, usageAmounts, usageWindow } from "./usageLines";

/** An item's next period after a run (Dates: a projection replays thousands without string round trips). */
export interface Advance {
  id: number;
  startAt: Date;
  endAt: Date;
}

/** How a run's metadata keeps the advance until the payment succeeds (policy on_run_succeeded); a type alias,
 * not an interface, so it is JSON for the metadata column as it stands. */
export type StoredAdvance = {
  id: number;
  start: string;
  end: string;
};

export const storedAdvance = (advance: Advance[]): StoredAdvance[] =>
  advance.map((a) => ({ id: a.id, start: a.startAt.toISOString(), end: a.endAt.toISOString() }));

export const advanceOf = (stored: StoredAdvance[]): Advance[] =>
  stored.map((a) => ({ id: a.id, startAt: new Date(a.start), endAt: new Date(a.end) }));

/** The columns of an item that planning and projections read: all the forecast loads (forecastLoad.ts). */
export type PlannableItem = Pick<
  ContractRecord["items"][number],
  | "id"
  | "contractId"
  | "status"
  | "priceId"
  | "quantity"
  | "unitAmountOverride"
  | "discountPercent"
  | "source"
  | "bundleItemId"
  | "ruleId"
  | "metadata"
  | "startAt"
  | "endAt"
  | "periodStartAt"
  | "periodEndAt"
> &
  // a scheduled change writes these (scheduledApply.ts); the forecast does not load them
  Partial<Pick<ContractRecord["items"][number], "productId" | "removedAt">>;
/** The columns of a pause that planning reads. */
export type PlannablePause = Pick<
  ContractRecord["pauses"][number],
  "id" | "contractId" | "state" | "startAt" | "endAt"
>;

/** What planning a run reads of a contract (a full record, or the lighter rows the forecast loads). */
export type PlannableContract = Pick<
  ContractRecord,
  "billingTimezone" | "billingTime" | "fixedDay" | "billingAnchorAt" | "currency"
> & {
  items: PlannableItem[];
  pauses: PlannablePause[];
  discount?: ContractDiscountRow | null;
  /** metered usage before it is free (usageLines.ts) */
  trialEndAt?: Date | null;
};

function pausedMs(contract: Pick<PlannableContract, "pauses">, from: Date, to: Date): number {
  let ms = 0;
  for (const phase of contract.pauses) {
    if (phase.state === "canceled") continue;
    const start = Math.max(phase.startAt.getTime(), from.getTime()),
      end = Math.min(phase.endAt.getTime(), to.getTime());
    if (end > start) ms += end - start;
  }
  return ms;
}

// Memoized results are shared objects with ids, so runs made of the same priced lines (most runs: the same
// items renewing at the same versions) are summed once; the sums are shared (immutable) Decimals.
const sums = new Map<string | number, { subtotal: Decimal; tax: Decimal; total: Decimal }>();

/** The sums of the lines' subtotals and taxes (each already rounded to four places), and their total. */
function runSums(priced: { amounts: PricedAmounts }[]) {
  // most runs have one line: its id is the key, no string to build; no closure unless the sums are new
  const key = priced.length === 1 ? priced[0].amounts.id : priced.map((p) => p.amounts.id).join(",");
  return (
    sums.get(key) ??
    memoized(sums, key, 10_000, () => {
      const subtotal = priced.reduce((a, p) => a.plus(p.amounts.subtotal), new Decimal(0));
      const tax = priced.reduce((a, p) => a.plus(p.amounts.tax), new Decimal(0));
      return { subtotal, tax, total: subtotal.plus(tax) };
    })
  );
}

export interface PlanOptions {
  /**
   * false: lines without their explanation text (description ""), for projections that only add amounts
   * up (the account forecast); the amounts are the same computation, memoized across periods.
   */
  explain?: boolean;
  /** the metered items' usage of the period ending by the run (readUsage); an item without a reading bills 0 */
  usage?: UsageReadings;
  /** the readings are estimates (projections): usage lines say so */
  usageEstimated?: boolean;
}

export function planRegularRun(
  contract: PlannableContract,
  catalog: CatalogSnapshot,
  at: Date,
  { explain = true, usage, usageEstimated = false }: PlanOptions = {},
) {
  const anchor = contractAnchor(contract);
  const priced: ReturnType<typeof linePlan>[] = [];
  const advance: Advance[] = [];
  // a running discount prices this run (percentage per line here, a fixed amount spread below)
  const discount = runDiscount(contract.discount, contract.currency);
  const atMs = at.getTime();
  for (const item of contract.items) {
    if (isMeteredItem(catalog, item)) {
      const metered = planUsage(contract, catalog, item, at, usage, usageEstimated);
      if (metered) {
        advance.push(metered.advance);
        if (metered.plan) priced.push(metered.plan);
      }
      continue;
    }
    if (item.status !== "active" || !item.periodEndAt || item.periodEndAt.getTime() > atMs) continue;
    if (item.endAt && item.endAt.getTime() <= item.periodEndAt.getTime()) continue; // ended: nothing more to bill
    const line = withCoupon(itemLine(catalog, item), discount, true);
    const { service, full } = billingPeriodFrom(line.price, anchor, item.periodEndAt);
    advance.push({ id: item.id, startAt: service.start, endAt: service.end });
    const from = item.startAt && item.startAt.getTime() > service.start.getTime() ? item.startAt : service.start;
    const to = item.endAt && item.endAt.getTime() < service.end.getTime() ? item.endAt : service.end;
    const pausedWithin = pausedMs(contract, from, to);
    const billedMs = Math.max(0, to.getTime() - from.getTime() - pausedWithin);
    if (billedMs <= 0) continue;
    // billed ÷ full rounded half-up to six places (exact integer arithmetic; the service lies within full)
    const factor = factorOf(billedMs, full.end.getTime() - full.start.getTime());
    const paused = pausedWithin > 0 ? " (paused time excluded)" : "";
    const amounts = lineAmounts(
      line,
      factor,
      service.start,
      explain
        ? `${service.start.toISOString().slice(0, 10)} to ${service.end.toISOString().slice(0, 10)}${paused}`
        : "",
    );
    priced.push(
      linePlan(item.id, line, amounts, from, to, isWholeFactor(factor) ? null : paused ? "paused" : "partial_period"),
    );
  }
  const fixed = fixedCoupon(discount);
  const final = fixed ? applyFixedCoupon(priced, fixed) : priced;
  const lines: Prisma.BillingRunLineCreateWithoutRunInput[] = [];
  for (const plan of final) lines.push(runLine(plan, explain));
  // items still billing after this run, and the next billing date: the earliest of their period ends
  // (a loop over epoch numbers: this runs for every projected run of the forecast)
  let next: Date | null = null;
  for (const i of contract.items) {
    if (i.status !== "active" || !i.periodEndAt || (i.endAt && i.endAt.getTime() <= i.periodEndAt.getTime())) continue;
    let end = i.periodEndAt;
    for (const a of advance) if (a.id === i.id) end = a.endAt;
    if (!next || end.getTime() < next.getTime()) next = end;
  }
  const live = next !== null;
  const { subtotal, tax, total } = runSums(final);
  return { lines, advance, next, live, discounted: discount !== null, subtotal, tax, total };
}

function linePlan(
  itemId: number,
  line: LineInput,
  amounts: PricedAmounts,
  from: Date,
  to: Date,
  prorationReason: string | null,
  usage: Decimal | null = null,
) {
  return { itemId, line, price: line.price, amounts, from, to, prorationReason, usage };
}

const wholeUsage = (q: Decimal) => (q.isInteger() && q.lte(2_147_483_647) ? q.toNumber() : 0);
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A metered item whose period ended by `at`: the line of the period's usage (in arrears) and its next period;
 * an item that ended (or was removed) bills its last usage once and its period is closed at its end.
 */
function planUsage(
  contract: PlannableContract,
  catalog: CatalogSnapshot,
  item: PlannableItem,
  at: Date,
  usage: UsageReadings | undefined,
  estimated: boolean,
): { advance: Advance; plan: ReturnType<typeof linePlan> | null } | null {
  if (!item.periodStartAt || !item.periodEndAt || item.periodEndAt.getTime() > at.getTime()) return null;
  if (item.status !== "active" && !item.endAt) return null;
  const window = usageWindow(item, contract.trialEndAt);
  const ended = item.status !== "active" || (item.endAt !== null && item.endAt <= item.periodEndAt);
  if (ended && !window) return null;
  const line = itemLine(catalog, item);
  const next = ended
    ? { start: window!.to, end: item.periodEndAt }
    : billingPeriodFrom(line.price, contractAnchor(contract), item.periodEndAt).service;
  const advance = { id: item.id, startAt: next.start, endAt: next.end };
  if (!window) return { advance, plan: null };
  const quantity = usage?.get(item.id) ?? ZERO;
  const period = `${estimated ? "estimate, " : ""}${day(window.from)} to ${day(window.to)}`;
  const amounts = usageAmounts(line, quantity, item.periodStartAt, period);
  return { advance, plan: linePlan(item.id, line, amounts, window.from, window.to, null, quantity) };
}

function runLine(plan: ReturnType<typeof linePlan>, explain: boolean): Prisma.BillingRunLineCreateWithoutRunInput {
  const { line, amounts } = plan;
  return {
    contractItemId: plan.itemId,
    priceId: line.price.id,
    priceVersionId: amounts.versionId,
    productName: line.price.productName,
    // the integer column keeps whole aggregates of usage lines; usage_quantity is the exact one
    quantity: plan.usage ? wholeUsage(plan.usage) : line.quantity,
    unitAmount: amounts.text.unitAmount,
    prorationFactor: amounts.text.factor,
    lineTotal: amounts.text.lineTotal,
    subtotal: amounts.text.subtotal,
    tax: amounts.text.tax,
    servicePeriodStartAt: plan.from,
    servicePeriodEndAt: plan.to,
    prorationReason: plan.prorationReason,
    ...(plan.usage ? { kind: "usage", usageQuantity: plan.usage.toFixed() } : { kind: "recurring" }),
    description: explain ? amounts.explanation : "",
  };
}
