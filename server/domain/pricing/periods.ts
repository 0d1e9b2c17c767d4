// Billing periods of a price under an anchor (pure). A period is [start, end); proration factors are
// elapsed time over the full period's length, so DST days count for what they really last.
import { DateTime } from "luxon";
import { D } from "../money";
import { roundFactor } from "./amounts";
import { addIntervals, atDayOfMonth, nextScheduleOccurrences, parseBillingTime, previousScheduleOccurrence, type Interval } from "./calendar";
import type { Anchor, Period, PriceTerms } from "./types";
import type Decimal from "decimal.js";

export type PeriodKind = "anchored_interval" | "fixed_day_of_month" | "billing_schedule";

/** How a recurring price's periods are laid out under an offer's anchor. */
export function periodKind(price: PriceTerms, anchor: Anchor): PeriodKind {
  if (price.schedule) return "billing_schedule";
  const day = price.billingDayOfMonth ?? anchor.fixedDay;
  if (day && (price.interval === "month" || price.interval === "year")) return "fixed_day_of_month";
  return "anchored_interval";
}

const fixedDay = (price: PriceTerms, anchor: Anchor) => price.billingDayOfMonth ?? anchor.fixedDay ?? 1;
const step = (price: PriceTerms) => ({ interval: (price.interval ?? "month") as Interval, count: price.intervalCount ?? 1 });

/**
 * The full period containing `at` for a price: for fixed days and schedules, the anchor dates around
 * it; for anchor-less prices, the period that starts at `at` itself.
 */
export function fullPeriodAt(price: PriceTerms, anchor: Anchor, at: Date): Period {
  const kind = periodKind(price, anchor);
  if (kind === "billing_schedule") {
    const s = price.schedule!;
    const end = nextScheduleOccurrences(s.rules, s.timezone, at, 1, anchor.billingTime)[0];
    const start = previousScheduleOccurrence(s.rules, s.timezone, at, anchor.billingTime) ?? at;
    return { start, end };
  }
  const { interval, count } = step(price);
  if (kind === "fixed_day_of_month") {
    const day = fixedDay(price, anchor);
    const local = DateTime.fromJSDate(at, { zone: anchor.timezone });
    const t = parseBillingTime(anchor.billingTime);
    // the latest occurrence of the day at or before `at`
    let occurrence = atDayOfMonth(local, day).set(t);
    if (occurrence > local) occurrence = atDayOfMonth(local.set({ day: 1 }).minus({ months: 1 }), day).set(t);
    if (+occurrence === +local) {
      return { start: at, end: addIntervals(occurrence, interval, count, day).toJSDate() };
    }
    // start between anchor dates: the period runs to the next occurrence of the day
    const end = atDayOfMonth(occurrence.set({ day: 1 }).plus({ months: 1 }), day).set(t);
    return { start: addIntervals(end, interval, -count, day).toJSDate(), end: end.toJSDate() };
  }
  return { start: at, end: addIntervals(DateTime.fromJSDate(at, { zone: anchor.timezone }), interval, count).toJSDate() };
}

/** The period that follows one ending at `end` (renewal). */
export function nextPeriod(price: PriceTerms, anchor: Anchor, end: Date): Period {
  const kind = periodKind(price, anchor);
  if (kind === "billing_schedule") {
    const s = price.schedule!;
    return { start: end, end: nextScheduleOccurrences(s.rules, s.timezone, end, 1, anchor.billingTime)[0] };
  }
  const { interval, count } = step(price);
  const local = DateTime.fromJSDate(end, { zone: anchor.timezone });
  const day = kind === "fixed_day_of_month" ? fixedDay(price, anchor) : DateTime.fromJSDate(anchor.anchorAt, { zone: anchor.timezone }).day;
  return { start: end, end: addIntervals(local, interval, count, day).toJSDate() };
}

/** Share of `full` covered by [from, to), rounded to six places, clamped to [0, 1]. */
export function prorationFactor(full: Period, from: Date, to: Date): Decimal {
  const len = full.end.getTime() - full.start.getTime();
  const covered = Math.max(0, Math.min(to.getTime(), full.end.getTime()) - Math.max(from.getTime(), full.start.getTime()));
  if (len <= 0) return new D(0);
  return roundFactor(new D(covered).div(len));
}

export const maxDate = (a: Date, b: Date | null) => (b && b > a ? b : a);
export const minDate = (a: Date, b: Date | null) => (b && b < a ? b : a);

/** The period of a price that contains `at`, stepping from the anchor instant for anchor-less prices. */
export function periodContaining(price: PriceTerms, anchor: Anchor, at: Date): Period {
  if (periodKind(price, anchor) !== "anchored_interval") return fullPeriodAt(price, anchor, at);
  let p = fullPeriodAt(price, anchor, anchor.anchorAt);
  for (let i = 0; p.end <= at && i < 10_000; i++) p = nextPeriod(price, anchor, p.end);
  return p;
}

/**
 * The service period billed from `start` (the end of the last billed period): a full interval for
 * anchor-less prices (keeping the anchor's day of month), otherwise up to the next anchor date, with
 * the share of the full period it covers (below 1 after a restart between anchor dates).
 */
export function billingPeriodFrom(price: PriceTerms, anchor: Anchor, start: Date): { service: Period; full: Period; factor: Decimal } {
  if (periodKind(price, anchor) === "anchored_interval") {
    const service = nextPeriod(price, anchor, start);
    return { service, full: service, factor: new D(1) };
  }
  const full = fullPeriodAt(price, anchor, start);
  const service = { start, end: full.end };
  return { service, full, factor: prorationFactor(full, start, full.end) };
}
