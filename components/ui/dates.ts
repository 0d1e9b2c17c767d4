// Pure date formatters for the console: absolute times in the account's display time zone with the
// zone shown ("10 Apr 2028, 09:30 EEST"), UTC ISO for hover text, and a relative phrase ("in 3 days")
// meant only to sit next to an absolute date.
//
//   formatDateTimeInZone("2028-04-10T06:30:00Z", "Europe/Helsinki") → "10 Apr 2028, 09:30 EEST"
//   formatDateInZone("2028-04-10T06:30:00Z", "UTC")                 → "10 Apr 2028"
//   formatTimeInZone("2028-04-10T06:30:00Z", "Europe/Helsinki")     → "09:30 EEST"
//   formatRelative("2028-04-13T06:30:00Z", "2028-04-10T06:30:00Z")  → "in 3 days"
import { DEFAULT_LOCALE } from "./money";

export type DateInput = string | number | Date;

const toDate = (v: DateInput): Date => (v instanceof Date ? v : new Date(v));

/** A zone Intl knows, or null (used to validate settings and to fall back to UTC). */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || typeof zone !== "string") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const safeZone = (zone: string | undefined): string => (zone && isValidTimeZone(zone) ? zone : "UTC");

/** `value` in `zone` (UTC when the zone is unknown) with the day, month and year and the given extra parts. */
function formatInZone(value: DateInput, zone: string, locale: string, parts: Intl.DateTimeFormatOptions): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return "—";
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...parts,
    timeZone: safeZone(zone),
  }).format(d);
}

export const formatDateTimeInZone = (value: DateInput, zone: string, locale: string = DEFAULT_LOCALE): string =>
  formatInZone(value, zone, locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" });

export const formatDateInZone = (value: DateInput, zone: string, locale: string = DEFAULT_LOCALE): string =>
  formatInZone(value, zone, locale, {});

/** The time of day (24-hour) with the zone, e.g. the time a schedule bills at. */
export const formatTimeInZone = (value: DateInput, zone: string, locale: string = DEFAULT_LOCALE): string =>
  formatInZone(value, zone, locale, {
    day: undefined,
    month: undefined,
    year: undefined,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  });

/** "2028-04-10T06:30:00.000Z" — the hover text. */
export const utcIso = (value: DateInput): string => {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString();
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86400e3],
  ["month", 30 * 86400e3],
  ["week", 7 * 86400e3],
  ["day", 86400e3],
  ["hour", 3600e3],
  ["minute", 60e3],
];

/** "in 3 days" / "2 hours ago" relative to `now` (the account's clock, not the browser's). */
export function formatRelative(value: DateInput, now: DateInput, locale: string = DEFAULT_LOCALE): string {
  const diff = toDate(value).getTime() - toDate(now).getTime();
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.round(diff / ms), unit);
  }
  return rtf.format(0, "minute");
}
