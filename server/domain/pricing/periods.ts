// Billing periods of a price under an anchor (pure). A period is [start, end); proration factors are
// elapsed time over the full period's length, so DST days count for what they really last.

import type Decimal from "decimal.js";
import { DateTime } from "luxon";
import { memoized, memoizedOn } from "@/server/domain/boundedMemo";
import { MoneyDecimal, ZERO } from "@/server/domain/money";
import {
  addIntervals,
  addIntervalsUtc,
  atDayOfMonth,
  type Interval,
  nextScheduleOccurrences,
  parseBillingTime,
  previousScheduleOccurrence,
} from "./calendar";
import type { Anchor, Period, PriceTerms } from "./types";

export type PeriodKind = "anchored_interval" | "fixed_day_of_month" | "billing_schedule";

/** How a recurring price's periods are laid out under an offer's anchor. */
export function periodKind(price: PriceTerms, anchor: Anchor): PeriodKind {
  if (price.schedule) return "billing_schedule";
  const day = price.billingDayOfMonth ?? anchor.fixedDay;
  if (day && (price.interval === "month" || price.interval === "year")) return "fixed_day_of_month";
  return "anchored_interval";
}

const fixedDay = (price: PriceTerms, anchor: Anchor) => price.billingDayOfMonth ?? anchor.fixedDay ?? 1;
const step = (price: PriceTerms) => ({
  interval: (price.interval ?? "month") as Interval,
  count: price.intervalCount ?? 1,
});

// Time-zone math (luxon) is the costliest part of pricing, and every quote and billing pass asks the
// same price under the same anchor for the same periods. For anchored kinds (fixed days, schedules) the
// answers depend only on the anchor dates around `at`, so they are kept per terms object (which lives as
// long as its catalog snapshot) together with the range of instants they are valid for.
interface PeriodMemo {
  containing: { after: number; before: number; period: Period } | null;
  next: Map<number, Period>;
}
const periodMemos = new WeakMap<PriceTerms, Map<string, PeriodMemo>>();

function memoOf(price: PriceTerms, anchor: Anchor): PeriodMemo {
  const byAnchor = memoizedOn(periodMemos, price, () => new Map<string, PeriodMemo>());
  return memoized(byAnchor, `${anchor.timezone}|${anchor.billingTime}|${anchor.fixedDay ?? ""}`, 17, () => ({
    containing: null,
    next: new Map(),
  }));
}

/**
 * The full period containing `at` for a price: for fixed days and schedules, the anchor dates around
 * it; for anchor-less prices, the period that starts at `at` itself.
 */
export function fullPeriodAt(price: PriceTerms, anchor: Anchor, at: Date): Period {
  const kind = periodKind(price, anchor);
  if (kind === "anchored_interval") {
    const { interval, count } = step(price);
    return {
      start: at,
      end: addIntervals(DateTime.fromJSDate(at, { zone: anchor.timezone }), interval, count).toJSDate(),
    };
  }
  const memo = memoOf(price, anchor);
  const cycle = memo.containing;
  // strictly between two anchor dates, every instant has the same period
  if (cycle && cycle.after < +at && +at < cycle.before) return cycle.period;
  const found = anchoredPeriodAt(price, anchor, at, kind);
  if (found.validAfter !== null)
    memo.containing = { after: found.validAfter, before: +found.period.end, period: Object.freeze(found.period) };
  return found.period;
}

function anchoredPeriodAt(
  price: PriceTerms,
  anchor: Anchor,
  at: Date,
  kind: PeriodKind,
): { period: Period; validAfter: number | null } {
  if (kind === "billing_schedule") {
    const schedule = price.schedule!;
    const end = nextScheduleOccurrences(schedule.rules, schedule.timezone, at, 1, anchor.billingTime)[0];
    const previous = previousScheduleOccurrence(schedule.rules, schedule.timezone, at, anchor.billingTime);
    return { period: { start: previous ?? at, end }, validAfter: previous && end ? +previous : null };
  }
  const { interval, count } = step(price);
  const day = fixedDay(price, anchor);
  const local = DateTime.fromJSDate(at, { zone: anchor.timezone });
  const timeOfDay = parseBillingTime(anchor.billingTime);
  // the latest occurrence of the day at or before `at`
  let occurrence = atDayOfMonth(local, day).set(timeOfDay);
  if (occurrence > local) occurrence = atDayOfMonth(local.set({ day: 1 }).minus({ months: 1 }), day).set(timeOfDay);
  if (+occurrence === +local) {
    return { period: { start: at, end: addIntervals(occurrence, interval, count, day).toJSDate() }, validAfter: null };
  }
  // start between anchor dates: the period runs to the next occurrence of the day
  const end = atDayOfMonth(occurrence.set({ day: 1 }).plus({ months: 1 }), day).set(timeOfDay);
  return {
    period: { start: addIntervals(end, interval, -count, day).toJSDate(), end: end.toJSDate() },
    validAfter: +occurrence,
  };
}

/** The period that follows one ending at `end` (renewal). */
export function nextPeriod(price: PriceTerms, anchor: Anchor, end: Date): Period {
  const kind = periodKind(price, anchor);
  if (kind === "anchored_interval") return computeNextPeriod(price, anchor, end, kind);
  return memoized(memoOf(price, anchor).next, +end, 32, () =>
    Object.freeze(computeNextPeriod(price, anchor, end, kind)),
  );
}

function computeNextPeriod(price: PriceTerms, anchor: Anchor, end: Date, kind: PeriodKind): Period {
  if (kind === "billing_schedule") {
    const s = price.schedule!;
    return { start: end, end: nextScheduleOccurrences(s.rules, s.timezone, end, 1, anchor.billingTime)[0] };
  }
  const { interval, count } = step(price);
  if (kind === "anchored_interval" && anchor.timezone === "UTC")
    return { start: end, end: addIntervalsUtc(end, interval, count, anchor.anchorAt.getUTCDate()) };
  const local = DateTime.fromJSDate(end, { zone: anchor.timezone });
  const day =
    kind === "fixed_day_of_month"
      ? fixedDay(price, anchor)
      : DateTime.fromJSDate(anchor.anchorAt, { zone: anchor.timezone }).day;
  return { start: end, end: addIntervals(local, interval, count, day).toJSDate() };
}

/** Share of `full` covered by [from, to), rounded to six places, clamped to [0, 1]. */
export function prorationFactor(full: Period, from: Date, to: Date): Decimal {
  const len = full.end.getTime() - full.start.getTime();
  const covered = Math.max(
    0,
    Math.min(to.getTime(), full.end.getTime()) - Math.max(from.getTime(), full.start.getTime()),
  );
  if (len <= 0) return ZERO;
  return factorOf(covered, len);
}

// a whole period's factor: one shared (immutable) Decimal instead of one per renewal
const ONE = new MoneyDecimal(1);

/** Whether a factor is 1 (the shared ONE answers without a Decimal comparison). */
export const isWholeFactor = (factor: Decimal) => factor === ONE || factor.eq(1);

// equal factors are one shared (immutable) Decimal, so amounts memoized on them keep hitting
const factors = new Map<number, Decimal>();

/** covered ÷ len (whole milliseconds, 0 ≤ covered) rounded half-up to six places, in exact integer arithmetic. */
export function factorOf(covered: number, len: number): Decimal {
  if (covered === len) return ONE; // a whole period, most runs: no BigInt division
  const millionths = Number((BigInt(covered) * 2_000_000n + BigInt(len)) / (2n * BigInt(len)));
  return memoized(factors, millionths, 10_000, () => new MoneyDecimal(millionths).div(1_000_000));
}

export const maxDate = (a: Date, b: Date | null) => (b && b > a ? b : a);
export const minDate = (a: Date, b: Date | null) => (b && b < a ? b : a);

/** The period of a price that contains `at`, stepping from the anchor instant for anchor-less prices. */
export function periodContaining(price: PriceTerms, anchor: Anchor, at: Date): Period {
  if (periodKind(price, anchor) !== "anchored_interval") return fullPeriodAt(price, anchor, at);
  let period = fullPeriodAt(price, anchor, anchor.anchorAt);
  for (let i = 0; period.end <= at && i < 10_000; i++) period = nextPeriod(price, anchor, period.end);
  return period;
}

/**
 * The service period billed from `start` (the end of the last billed period): a full interval for
 * anchor-less prices (keeping the anchor's day of month), otherwise up to the next anchor date, with
 * the share of the full period it covers (below 1 after a restart between anchor dates).
 */
export function billingPeriodFrom(
  price: PriceTerms,
  anchor: Anchor,
  start: Date,
): { service: Period; full: Period; factor: Decimal } {
  if (periodKind(price, anchor) === "anchored_interval") {
    const service = nextPeriod(price, anchor, start);
    return { service, full: service, factor: ONE };
  }
  const full = fullPeriodAt(price, anchor, start);
  const service = { start, end: full.end };
  return { service, full, factor: prorationFactor(full, start, full.end) };
}
