// The oracle's own arithmetic (tests/billing/oracle.test.ts), written from docs/decisions.md and the spec,
// never from server/domain/pricing: money in integer ten-thousandths (BigInt), proration factors in
// integer millionths, half-up rounding, and calendar periods with luxon (time zones and DST only).
import { DateTime } from "luxon";

// ---- money: bigint ten-thousandths ----

/** "9.9000" → 99000n (also "-0.5", "12"). */
export function p4(text: string): bigint {
  const neg = text.startsWith("-");
  const [int, frac = ""] = (neg ? text.slice(1) : text).split(".");
  const v = BigInt(int) * 10_000n + BigInt(`${frac}0000`.slice(0, 4));
  return neg ? -v : v;
}

function fmt(v: bigint, places: number): string {
  const neg = v < 0n;
  const abs = (neg ? -v : v).toString().padStart(places + 1, "0");
  return `${neg ? "-" : ""}${abs.slice(0, -places)}.${abs.slice(-places)}`;
}
/** 99000n → "9.9000" (four fraction digits, as the API prints amounts). */
export const f4 = (v: bigint) => fmt(v, 4);
/** 677419n → "0.677419" (six fraction digits, as the API prints factors). */
export const f6 = (v: bigint) => fmt(v, 6);

/** n ÷ d rounded half-up, for n ≥ 0, d > 0. */
export const divHalfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** Proration factor in millionths: covered ÷ length (milliseconds), half-up to six places. */
export const factorOf = (coveredMs: number, lengthMs: number) =>
  divHalfUp(BigInt(coveredMs) * 1_000_000n, BigInt(lengthMs));

export type TaxPolicy = "exclusive" | "inclusive" | null;
export interface LineMoney {
  line: bigint;
  subtotal: bigint;
  tax: bigint;
}

/**
 * One line (decisions, Pricing): round4(unit × quantity × (1 − discount%) × factor) half-up; tax per line on
 * the rounded amount: exclusive round4(line × rate/100) on top, inclusive round4(line × rate/(100+rate)) inside.
 * unit and discount are in ten-thousandths, rate too (24 % = 240000n), factor in millionths.
 */
export function lineMoney(
  unit: bigint,
  quantity: number,
  discount: bigint,
  factor: bigint,
  policy: TaxPolicy,
  rate: bigint,
): LineMoney {
  const line = divHalfUp(unit * BigInt(quantity) * (1_000_000n - discount) * factor, 1_000_000_000_000n);
  let tax = 0n;
  if (policy === "exclusive") tax = divHalfUp(line * rate, 1_000_000n);
  if (policy === "inclusive") tax = divHalfUp(line * rate, 1_000_000n + rate);
  return { line, tax, subtotal: policy === "inclusive" ? line - tax : line };
}

/** An amount rounded half-up to the currency's minor unit (EUR: two digits), still in ten-thousandths. */
export const toCents = (v: bigint) => (v <= 0n ? 0n : divHalfUp(v, 100n) * 100n);

// ---- calendar ----

export type Interval = "week" | "month" | "year";
const DAY = 86_400_000;
export const days = (n: number) => n * DAY;

const local = (at: Date, tz: string) => DateTime.fromJSDate(at, { zone: tz });
const clampDay = (dt: DateTime, day: number) => dt.set({ day: Math.min(day, dt.daysInMonth!) });
const hm = (time: string) => {
  const [hour, minute] = time.split(":").map(Number);
  return { hour, minute, second: 0, millisecond: 0 };
};

/** `at` moved by n intervals in `tz`, on day `day` of the month (or the month's last day) for months and years. */
export function step(at: Date, tz: string, interval: Interval, n: number, day: number): Date {
  const t = local(at, tz);
  if (interval === "week") return t.plus({ weeks: n }).toJSDate();
  const first = t.set({ day: 1 }).plus(interval === "month" ? { months: n } : { years: n });
  return clampDay(first, day).toJSDate();
}

export const dayOfMonth = (at: Date, tz: string) => local(at, tz).day;

/** The first occurrence of day `day` at `time` (local) strictly after `at`, scanning month by month. */
export function nextDayOccurrence(at: Date, tz: string, day: number, time: string): Date {
  const t = local(at, tz);
  for (let m = 0; m < 3; m++) {
    const occ = clampDay(t.set({ day: 1 }).plus({ months: m }), day).set(hm(time));
    if (+occ > +at) return occ.toJSDate();
  }
  throw new Error("no occurrence");
}

export interface ScheduleRules {
  tz: string;
  months: number[];
  day: number;
}

/** Schedule occurrences (months × day at `time` in the schedule's zone) strictly after `at`. */
export function nextScheduleDate(s: ScheduleRules, at: Date, time: string): Date {
  const t = local(at, s.tz);
  for (let m = 0; m < 24; m++) {
    const month = t.set({ day: 1 }).plus({ months: m });
    if (!s.months.includes(month.month)) continue;
    const occ = clampDay(month, s.day).set(hm(time));
    if (+occ > +at) return occ.toJSDate();
  }
  throw new Error("no schedule date");
}

/** The latest schedule occurrence at or before `at`. */
export function previousScheduleDate(s: ScheduleRules, at: Date, time: string): Date {
  const t = local(at, s.tz);
  for (let m = 0; m < 24; m++) {
    const month = t.set({ day: 1 }).minus({ months: m });
    if (!s.months.includes(month.month)) continue;
    const occ = clampDay(month, s.day).set(hm(time));
    if (+occ <= +at) return occ.toJSDate();
  }
  throw new Error("no schedule date");
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
