// Calendar math in a billing time zone (pure: no I/O, no clock). Luxon does the time-zone arithmetic,
// so DST shifts move the UTC instant while the local wall-clock time stays put.
import { DateTime } from "luxon";
import { instantAt } from "@/server/domain/instant";

export type Interval = "day" | "week" | "month" | "year";
export interface ScheduleRule {
  month: number | null;
  day: number | null;
}

/** "HH:MM" or "HH:MM:SS" → wall-clock parts (milliseconds zeroed, so dates land on whole seconds). */
export function parseBillingTime(timezone: string | null | undefined): {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
} {
  const [hour = 0, minute = 0, second = 0] = (timezone ?? "00:00").split(":").map((x) => Number(x));
  return { hour, minute, second, millisecond: 0 };
}

// zone names are few and asked on every offer; luxon's check builds a DateTime each time
const zoneValidity = new Map<string, boolean>();
export function isValidTimeZone(tz: string): boolean {
  let ok = zoneValidity.get(tz);
  if (ok === undefined) {
    ok = DateTime.now().setZone(tz).isValid;
    if (zoneValidity.size < 1000) zoneValidity.set(tz, ok);
  }
  return ok;
}

/** The date with day-of-month `day`, falling back to the month's last day (31 → 30 Apr, 28/29 Feb). */
export function atDayOfMonth(dt: DateTime, day: number): DateTime {
  return dt.set({ day: Math.min(day, dt.daysInMonth ?? 28) });
}

/** `anchor` moved forward by n intervals, keeping the anchor's day of month where the month allows. */
export function addIntervals(anchor: DateTime, interval: Interval, count: number, anchorDay?: number): DateTime {
  switch (interval) {
    case "day":
      return anchor.plus({ days: count });
    case "week":
      return anchor.plus({ weeks: count });
    case "month": {
      const moved = anchor.set({ day: 1 }).plus({ months: count });
      return atDayOfMonth(moved, anchorDay ?? anchor.day);
    }
    case "year": {
      const moved = anchor.set({ day: 1 }).plus({ years: count });
      return atDayOfMonth(moved, anchorDay ?? anchor.day);
    }
  }
}

const DAY_MS = 86_400_000;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
/** Days in a month (0 = January) of the proleptic Gregorian calendar. */
const daysInMonth = (year: number, month: number) => (month === 1 && isLeapYear(year) ? 29 : MONTH_DAYS[month]);

// Days since 1970-01-01 of a civil date and back (H. Hinnant's algorithms, 400-year eras starting in March):
// integer arithmetic instead of a Date's UTC getters, which cost more than the rest of a renewal.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 1 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 10) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * addIntervals in the UTC zone on plain instants: the same calendar steps (a UTC day is always 24 hours),
 * without building luxon DateTimes, for the renewals of contracts billed in UTC (the default zone), which
 * the forecast takes by the million. tests/pricing/utc-intervals.test.ts holds it equal to addIntervals.
 */
export function addIntervalsUtc(at: Date, interval: Interval, count: number, anchorDay?: number): Date {
  const t = at.getTime();
  if (interval === "day") return instantAt(t + count * DAY_MS);
  if (interval === "week") return instantAt(t + count * 7 * DAY_MS);
  const days = Math.floor(t / DAY_MS);
  const timeOfDay = t - days * DAY_MS;
  // the civil date of `days` (month 0 = January)
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 2 : marchMonth - 10;
  const year = yearOfEra + era * 400 + (month <= 1 ? 1 : 0);
  // the target month, and the anchor day (or the same day) clamped to its length
  const months = year * 12 + month + (interval === "year" ? 12 * count : count);
  const targetYear = Math.floor(months / 12);
  const targetMonth = months - targetYear * 12;
  const day = Math.min(anchorDay ?? dayOfMonth, daysInMonth(targetYear, targetMonth));
  return instantAt(daysFromCivil(targetYear, targetMonth, day) * DAY_MS + timeOfDay);
}

/** Next `count` dates strictly after `from` at which a schedule's rules fire (month null = every month). */
export function nextScheduleOccurrences(
  rules: ScheduleRule[],
  tz: string,
  from: Date,
  count: number,
  billingTime?: string,
): Date[] {
  if (!rules.length) return [];
  const timeOfDay = parseBillingTime(billingTime);
  const start = DateTime.fromJSDate(from, { zone: tz });
  const out: DateTime[] = [];
  for (let monthOffset = 0; monthOffset < 12 * 5 && out.length < count * 4; monthOffset++) {
    const month = start.set({ day: 1 }).plus({ months: monthOffset });
    for (const rule of rules) {
      if (rule.month != null && rule.month !== month.month) continue;
      const at = atDayOfMonth(month, rule.day ?? 1).set(timeOfDay);
      if (at > start) out.push(at);
    }
  }
  const uniq = [...new Map(out.map((d) => [d.toMillis(), d])).values()].sort((a, b) => a.toMillis() - b.toMillis());
  return uniq.slice(0, count).map((d) => d.toJSDate());
}

/** Next `occurrences` billing dates of a fixed billing day of month, every interval_count months (or years). */
export function nextFixedDayOccurrences(
  day: number,
  interval: Interval,
  count: number,
  tz: string,
  from: Date,
  occurrences: number,
  billingTime?: string,
): Date[] {
  const timeOfDay = parseBillingTime(billingTime);
  const start = DateTime.fromJSDate(from, { zone: tz });
  let first = atDayOfMonth(start, day).set(timeOfDay);
  if (first <= start) first = addIntervals(first, "month", 1, day);
  const out = [first];
  const step = interval === "year" ? 12 * count : count;
  while (out.length < occurrences) out.push(addIntervals(out[out.length - 1], "month", step, day));
  return out.map((d) => d.toJSDate());
}

/** The latest schedule occurrence at or before `at` (searching back five years). */
export function previousScheduleOccurrence(
  rules: ScheduleRule[],
  tz: string,
  at: Date,
  billingTime?: string,
): Date | null {
  if (!rules.length) return null;
  const timeOfDay = parseBillingTime(billingTime);
  const start = DateTime.fromJSDate(at, { zone: tz });
  for (let monthOffset = 0; monthOffset < 12 * 5; monthOffset++) {
    const month = start.set({ day: 1 }).minus({ months: monthOffset });
    const hits = rules
      .filter((r) => r.month == null || r.month === month.month)
      .map((r) => atDayOfMonth(month, r.day ?? 1).set(timeOfDay))
      .filter((d) => d <= start)
      .sort((a, b) => b.toMillis() - a.toMillis());
    if (hits.length) return hits[0].toJSDate();
  }
  return null;
}
