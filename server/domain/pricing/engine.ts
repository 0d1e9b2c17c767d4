// The pricing engine (pure): an offer at an instant → first-period and renewal lines, taxes, totals and
// the billing schedule. No database, no clock: everything comes in through `Offer`.
import type Decimal from "decimal.js";
import { memoized } from "@/server/domain/boundedMemo";
import { MoneyDecimal, ZERO } from "@/server/domain/money";
import { priceAmounts } from "./amounts";
import { fullPeriodAt, maxDate, minDate, nextPeriod, type PeriodKind, periodKind, prorationFactor } from "./periods";
import type { LineInput, Offer, Period, PricedAmounts } from "./types";

const ONE = new MoneyDecimal(1);

export interface PricedLine {
  input: LineInput;
  /** the first period of the price (full length) and the part of it this line is billed for */
  period: Period;
  service: Period;
  first: PricedAmounts;
  renewalService: Period | null;
  renewal: PricedAmounts | null;
}

export interface Totals {
  subtotal: Decimal;
  tax: Decimal;
  total: Decimal;
}

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
  `${days(+service.end - +service.start)} of ${days(+full.end - +full.start)} days, ${fmtDay(service.start)} to ${fmtDay(service.end)} UTC`;

const ZERO_TOTALS: Totals = { subtotal: ZERO, tax: ZERO, total: ZERO };
// memoized amounts come back as the same objects, so the same set of lines has the same totals
const totalsMemo = new Map<string, Totals>();

export function sumTotals(parts: PricedAmounts[]): Totals {
  if (!parts.length) return ZERO_TOTALS;
  return memoized(totalsMemo, parts.map((p) => p.id).join(","), 4096, () => {
    let subtotal = parts[0].subtotal,
      tax = parts[0].tax;
    for (let i = 1; i < parts.length; i++) {
      subtotal = subtotal.plus(parts[i].subtotal);
      tax = tax.plus(parts[i].tax);
    }
    return { subtotal, tax, total: subtotal.plus(tax) };
  });
}

/** A stretch of a period a line is billed for: its proration factor, description and memo key. */
interface Span {
  factor: Decimal;
  text: string;
  key: string;
}

// spans repeat across offers priced in the same period (renewals always; first periods at the same instant,
// e.g. quotes within one second)
const spans = new Map<string, Span>();

function spanOf(full: Period, service: Period): Span {
  return memoized(spans, `${+full.start}|${+full.end}|${+service.start}|${+service.end}`, 4096, () => {
    const factor = prorationFactor(full, service.start, service.end);
    const text = describe(service, full);
    return { factor, text, key: `${factor}|${text}` };
  });
}

/** Where a line bills within its first period and the next one, given its optional start/end bounds. */
interface LineSpans {
  service: Period;
  first: Span;
  renewalService: Period | null;
  renewal: Span | null;
}

function lineSpans(period: Period, next: Period, start: Date, startAt: Date | null, endAt: Date | null): LineSpans {
  const from = maxDate(start, startAt);
  const to = minDate(period.end, endAt);
  const service = from < to ? { start: from, end: to } : { start: period.end, end: period.end };
  // renewal: the next full period, priced at the version in effect when it starts
  const rFrom = maxDate(next.start, startAt);
  const rTo = minDate(next.end, endAt);
  const renewalService = rFrom < rTo ? { start: rFrom, end: rTo } : null;
  return {
    service,
    first: spanOf(period, service),
    renewalService,
    renewal: renewalService && spanOf(next, renewalService),
  };
}

/** The periods of one cadence, and the spans of a line that runs through them without bounds. */
interface Cadence extends LineSpans {
  period: Period;
  next: Period;
}

/**
 * Per-offer memo: lines with the same cadence share their periods, and lines without start/end
 * bounds (nearly all) share their spans too.
 */
class OfferMemo {
  private cadences = new Map<string, Cadence>();
  constructor(private offer: Offer) {}

  cadenceOf(terms: LineInput["price"]): Cadence {
    const key = `${terms.interval}|${terms.intervalCount}|${terms.billingDayOfMonth}|${terms.schedule?.id ?? ""}`;
    let hit = this.cadences.get(key);
    if (!hit) {
      const period = fullPeriodAt(terms, this.offer, this.offer.start);
      const next = nextPeriod(terms, this.offer, period.end);
      this.cadences.set(key, (hit = { period, next, ...lineSpans(period, next, this.offer.start, null, null) }));
    }
    return hit;
  }
}

export function priceRecurringLine(line: LineInput, offer: Offer, memo = new OfferMemo(offer)): PricedLine {
  const cadence = memo.cadenceOf(line.price);
  const { period, next } = cadence;
  const { service, first, renewalService, renewal } =
    line.startAt || line.endAt ? lineSpans(period, next, offer.start, line.startAt, line.endAt) : cadence;
  const amounts = (factor: Decimal, versionAt: Date, text: string, key?: string, renewal = false) =>
    priceAmounts(
      {
        price: line.price,
        quantity: line.quantity,
        unitAmountOverride: line.unitAmountOverride,
        discountPercent: line.discountPercent,
        coupon: line.coupon && (!renewal || line.coupon.renews) ? line.coupon : null,
        factor,
        versionAt,
      },
      text,
      key,
    );
  return {
    input: line,
    period,
    service,
    renewalService,
    first: amounts(first.factor, service.start, first.text, first.key),
    renewal: renewal
      ? amounts(renewal.factor, next.start, renewal.text, renewal.key, true)
      : amounts(ZERO, next.start, "ended before renewal", undefined, true),
  };
}

export function priceInitialLine(line: LineInput, offer: Offer): PricedLine {
  const first = priceAmounts({
    price: line.price,
    quantity: line.quantity,
    unitAmountOverride: line.unitAmountOverride,
    discountPercent: line.discountPercent,
    coupon: line.coupon,
    factor: ONE,
    versionAt: offer.start,
  });
  const service = { start: offer.start, end: offer.start };
  return { input: line, period: service, service, first, renewalService: null, renewal: null };
}

export function priceOffer(offer: Offer): PricedOffer {
  const memo = new OfferMemo(offer);
  const recurring = offer.recurring.map((l) => priceRecurringLine(l, offer, memo));
  const initial = offer.initial.map((l) => priceInitialLine(l, offer));
  const firstPeriod = sumTotals(recurring.map((l) => l.first));
  const renewal = sumTotals(recurring.map((l) => l.renewal!));
  const firstRun = initial.length ? sumTotals([...recurring, ...initial].map((l) => l.first)) : firstPeriod;
  const periodEnd = recurring.length ? new Date(Math.min(...recurring.map((l) => +l.period.end))) : offer.start;
  return {
    start: offer.start,
    periodEnd,
    recurring,
    initial,
    firstPeriod,
    renewal,
    firstRun,
    schedule: schedulePreview(offer, recurring, periodEnd),
  };
}

/** The next billing dates of the offer: the first period end, then the renewals of the lead line. */
function schedulePreview(offer: Offer, recurring: PricedLine[], periodEnd: Date): PricedOffer["schedule"] {
  if (!recurring.length) return { kind: "one_time", nextBillingDates: [] };
  const lead = recurring.find((l) => +l.period.end === +periodEnd)!;
  const kind = periodKind(lead.input.price, offer);
  const dates = [periodEnd];
  while (dates.length < 3) {
    const last = dates[dates.length - 1];
    // for schedules, the next period ends at the schedule's next occurrence
    dates.push(nextPeriod(lead.input.price, offer, last).end);
  }
  return { kind, nextBillingDates: dates };
}
