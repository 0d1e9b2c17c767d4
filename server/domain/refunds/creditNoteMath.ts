// The lines and totals of a credit note against a paid run, pure (no I/O). Every amount is in the currency's
// minor unit (EUR cents, JPY yen), rounded half-up once per line and part:
//  - by amount: one line; its tax is the run's tax share of that amount (tax refunded in proportion);
//  - by line: each run line's subtotal and tax times (quantity / line quantity) × (days of the period asked /
//    days of the line's service period), each rounded to the minor unit.
// NOTE: a credit note never exceeds what it corrects; the caps (paid, refunded, credited) are the service's
// (creditNotes.ts), which knows the run's payments.
import Decimal from "decimal.js";
import { minorUnitExponent, roundToMinorUnit } from "@/server/domain/currencies";
import { invalid } from "@/server/domain/errors";
import { dec, ZERO } from "@/server/domain/money";

export interface RunForCredit {
  currency: string;
  subtotal: Decimal.Value;
  tax: Decimal.Value;
  total: Decimal.Value;
  periodStartAt: Date;
  periodEndAt: Date;
  lines: {
    id: number;
    productName: string;
    quantity: number;
    subtotal: Decimal.Value;
    tax: Decimal.Value;
    servicePeriodStartAt: Date;
    servicePeriodEndAt: Date;
  }[];
}

/** Exactly one of `amount` and `lines` (checked by creditAmounts: a 400 otherwise). */
export interface CreditRequest {
  amount?: string;
  lines?: { line_id: number; quantity?: number; period_start_at?: string; period_end_at?: string }[];
}

export interface CreditLine {
  runLineId: number | null;
  description: string;
  quantity: number;
  periodStartAt: Date;
  periodEndAt: Date;
  subtotal: Decimal;
  tax: Decimal;
  total: Decimal;
}

export interface CreditAmounts {
  lines: CreditLine[];
  subtotal: Decimal;
  tax: Decimal;
  total: Decimal;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** A positive amount with at most the currency's minor-unit digits, else a 400 on `field`. */
export function minorUnitAmount(text: string, currency: string, field: string): Decimal {
  const exponent = minorUnitExponent(currency);
  const shape = exponent === 0 ? /^\d+(\.0+)?$/ : new RegExp(`^\\d+(\\.\\d{1,${exponent}}0*)?$`);
  if (!shape.test(text.trim()))
    throw invalid(field, `Enter an amount in ${currency} with at most ${exponent} decimal places.`);
  const amount = dec(text.trim());
  if (!amount.gt(0)) throw invalid(field, "The amount must be more than 0.");
  return amount;
}

function byAmount(run: RunForCredit, text: string): CreditLine[] {
  const amount = minorUnitAmount(text, run.currency, "amount");
  const total = dec(run.total);
  const tax = total.gt(0) ? roundToMinorUnit(amount.times(dec(run.tax)).div(total), run.currency) : ZERO;
  return [
    {
      runLineId: null,
      description: `Credit on the charge for ${day(run.periodStartAt)} – ${day(run.periodEndAt)}`,
      quantity: 1,
      periodStartAt: run.periodStartAt,
      periodEndAt: run.periodEndAt,
      subtotal: dec(amount.minus(tax)),
      tax: dec(tax),
      total: amount,
    },
  ];
}

function instant(text: string | undefined, fallback: Date, field: string): Date {
  if (text === undefined) return fallback;
  const t = new Date(text);
  if (Number.isNaN(+t)) throw invalid(field, "Enter a date-time (ISO 8601).");
  return t;
}

function byLines(run: RunForCredit, asked: NonNullable<CreditRequest["lines"]>): CreditLine[] {
  if (!asked.length) throw invalid("lines", "Name at least one line of the run.");
  const seen = new Set<number>();
  return asked.map((a, k) => {
    const at = `lines.${k}.`;
    const line = run.lines.find((l) => l.id === a.line_id);
    if (!line) throw invalid(`${at}line_id`, `Line ${a.line_id} is not a line of this billing run.`);
    if (seen.has(line.id)) throw invalid(`${at}line_id`, "Each line may be named once.");
    seen.add(line.id);
    const gross = dec(line.subtotal).plus(dec(line.tax));
    if (!gross.gt(0)) throw invalid(`${at}line_id`, "This line charged nothing: there is nothing to credit.");
    const quantity = a.quantity ?? line.quantity;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity)
      throw invalid(`${at}quantity`, `Choose a quantity from 1 to ${line.quantity}.`);
    const from = instant(a.period_start_at, line.servicePeriodStartAt, `${at}period_start_at`);
    const to = instant(a.period_end_at, line.servicePeriodEndAt, `${at}period_end_at`);
    if (from < line.servicePeriodStartAt || to > line.servicePeriodEndAt || from >= to)
      throw invalid(
        `${at}period_start_at`,
        `The period must lie within the line's service period (${day(line.servicePeriodStartAt)} – ${day(line.servicePeriodEndAt)}).`,
      );
    const length = +line.servicePeriodEndAt - +line.servicePeriodStartAt;
    const share = new Decimal(quantity).div(line.quantity).times(length > 0 ? new Decimal(+to - +from).div(length) : 1);
    const subtotal = roundToMinorUnit(dec(line.subtotal).times(share), run.currency);
    const tax = roundToMinorUnit(dec(line.tax).times(share), run.currency);
    return {
      runLineId: line.id,
      description: `${quantity} × ${line.productName}, ${day(from)} – ${day(to)}`,
      quantity,
      periodStartAt: from,
      periodEndAt: to,
      subtotal: dec(subtotal),
      tax: dec(tax),
      total: dec(subtotal.plus(tax)),
    };
  });
}

/** The credit note's lines and totals for `request` against `run` (400 on the field that is wrong). */
export function creditAmounts(run: RunForCredit, request: CreditRequest): CreditAmounts {
  if ((request.amount === undefined) === (request.lines === undefined))
    throw invalid("non_field_errors", "Send either amount or lines.");
  const lines = request.amount !== undefined ? byAmount(run, request.amount) : byLines(run, request.lines ?? []);
  const sum = (pick: (l: CreditLine) => Decimal) => lines.reduce((a, l) => a.plus(pick(l)), ZERO);
  const total = sum((l) => l.total);
  if (!total.gt(0)) throw invalid("non_field_errors", "The credit note would be for nothing.");
  return { lines, subtotal: sum((l) => l.subtotal), tax: sum((l) => l.tax), total };
}
