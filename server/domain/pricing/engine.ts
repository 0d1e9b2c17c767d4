// The pricing engine (pure): an offer at an instant → first-period and renewal lines, taxes, totals and
// the billing schedule. No database, no clock: everything comes in through `Offer`.
import type Decimal from "decimal.js";
import { D } from "../money";
import { priceAmounts } from "./amounts";
import { nextScheduleOccurrences } from "./calendar";
import { fullPeriodAt, maxDate, minDate, nextPeriod, periodKind, prorationFactor, type PeriodKind } from "./periods";
import type { LineInput, Offer, Period, PricedAmounts } from "./types";

export interface PricedLine {
  input: LineInput;
  /** the first period of the price (full length) and the part of it this line is billed for */
  period: Period;
  service: Period;
  first: PricedAmounts;
  renewalService: Period | null;
  renewal: PricedAmounts | null;
}

export interface Totals { subtotal: Decimal; tax: Decimal; total: Decimal }

export interface PricedOffer {
  start: Date;
  periodEnd: Date;
  recurring: PricedLine[];
  initial: PricedLine[];
  firstPeriod: Totals;
  renewal: Totals;
  /** first run: first-period recurring lines plus initial lines */
  firstRun: Totals;
  schedule: { kind: PeriodKind | "one_time"; nextBillingDates: Date[] };
}

const fmtDay = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");
// display only (not money): days with up to two decimals
const days = (ms: number) => String(Math.round(ms / 864_000) / 100);
const describe = (service: Period, full: Period) =>
  `${days(+service.end - +service.start)} of ${days(+full.end - +full.start)} days, ${fmtDay(service.start)} → ${fmtDay(service.end)} UTC`;

export function sumTotals(parts: { subtotal: Decimal; tax: Decimal }[]): Totals {
  const subtotal = parts.reduce((a, p) => a.plus(p.subtotal), new D(0));
  const tax = parts.reduce((a, p) => a.plus(p.tax), new D(0));
  return { subtotal, tax, total: subtotal.plus(tax) };
}

type PeriodCache = Map<string, { period: Period; next: Period }>;

/** Lines with the same cadence share their periods; time-zone math is the engine's costliest part. */
function periodsOf(line: LineInput, offer: Offer, cache?: PeriodCache) {
  const p = line.price;
  const key = `${p.interval}|${p.intervalCount}|${p.billingDayOfMonth}|${p.schedule?.id ?? ""}`;
  let hit = cache?.get(key);
  if (!hit) {
    const period = fullPeriodAt(p, offer, offer.start);
    hit = { period, next: nextPeriod(p, offer, period.end) };
    cache?.set(key, hit);
  }
  return hit;
}

export function priceRecurringLine(line: LineInput, offer: Offer, cache?: PeriodCache): PricedLine {
  const { period, next } = periodsOf(line, offer, cache);
  const from = maxDate(offer.start, line.startAt);
  const to = minDate(period.end, line.endAt);
  const service = from < to ? { start: from, end: to } : { start: period.end, end: period.end };
  const factor = prorationFactor(period, service.start, service.end);
  const common = { price: line.price, quantity: line.quantity, unitAmountOverride: line.unitAmountOverride, discountPercent: line.discountPercent };
  const first = priceAmounts({ ...common, factor, versionAt: service.start }, describe(service, period));

  // renewal: the next full period, priced at the version in effect when it starts
  const rFrom = maxDate(next.start, line.startAt);
  const rTo = minDate(next.end, line.endAt);
  const renewalService = rFrom < rTo ? { start: rFrom, end: rTo } : null;
  const renewal = renewalService
    ? priceAmounts({ ...common, factor: prorationFactor(next, renewalService.start, renewalService.end), versionAt: next.start }, describe(renewalService, next))
    : priceAmounts({ ...common, factor: new D(0), versionAt: next.start }, "ended before renewal");
  return { input: line, period, service, first, renewalService, renewal };
}

export function priceInitialLine(line: LineInput, offer: Offer): PricedLine {
  const first = priceAmounts({ price: line.price, quantity: line.quantity, unitAmountOverride: line.unitAmountOverride, discountPercent: line.discountPercent, factor: new D(1), versionAt: offer.start });
  const service = { start: offer.start, end: offer.start };
  return { input: line, period: service, service, first, renewalService: null, renewal: null };
}

export function priceOffer(offer: Offer): PricedOffer {
  const cache: PeriodCache = new Map();
  const recurring = offer.recurring.map((l) => priceRecurringLine(l, offer, cache));
  const initial = offer.initial.map((l) => priceInitialLine(l, offer));
  const firstPeriod = sumTotals(recurring.map((l) => l.first));
  const renewal = sumTotals(recurring.map((l) => l.renewal!));
  const firstRun = sumTotals([...recurring, ...initial].map((l) => l.first));
  const periodEnd = recurring.length ? new Date(Math.min(...recurring.map((l) => +l.period.end))) : offer.start;
  return { start: offer.start, periodEnd, recurring, initial, firstPeriod, renewal, firstRun, schedule: schedulePreview(offer, recurring, periodEnd) };
}

/** The next billing dates of the offer: the first period end, then the renewals of the lead line. */
function schedulePreview(offer: Offer, recurring: PricedLine[], periodEnd: Date): PricedOffer["schedule"] {
  if (!recurring.length) return { kind: "one_time", nextBillingDates: [] };
  const lead = recurring.find((l) => +l.period.end === +periodEnd)!;
  const kind = periodKind(lead.input.price, offer);
  const s = lead.input.price.schedule;
  const dates = [periodEnd];
  while (dates.length < 3) {
    const last = dates[dates.length - 1];
    dates.push(s ? nextScheduleOccurrences(s.rules, s.timezone, last, 1, offer.billingTime)[0] : nextPeriod(lead.input.price, offer, last).end);
  }
  return { kind, nextBillingDates: dates };
}
