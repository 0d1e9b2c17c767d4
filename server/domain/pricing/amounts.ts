// One line's amount: unit × quantity × (1 − discount) × factor, rounded once (half-up, 4 places),
// then tax on the rounded amount (exclusive: added on top; inclusive: carved out of it).
import Decimal from "decimal.js";
import { memoized, memoizedOn } from "@/server/domain/boundedMemo";
import { fmt4, fmt6, MoneyDecimal, round4, ZERO } from "@/server/domain/money";
import type { AmountTexts, LineCoupon, PricedAmounts, PriceTerms, VersionTerms } from "./types";
import { describePricing, priceUsage } from "./usagePricing";

export const FACTOR_PLACES = 6;
export const roundFactor = (f: Decimal) => f.toDecimalPlaces(FACTOR_PLACES, Decimal.ROUND_HALF_UP);

/** The version in effect at `at`, else the next one to start, else the last one that ended. */
export function versionAt(versions: VersionTerms[], at: Date): VersionTerms | null {
  // epoch numbers, not Date comparisons: asked once per line of every projected run
  const t = at.getTime();
  for (const v of versions)
    if ((!v.effectiveFrom || v.effectiveFrom.getTime() <= t) && (!v.effectiveTo || t < v.effectiveTo.getTime()))
      return v;
  const future = versions
    .filter((v) => v.effectiveFrom && v.effectiveFrom > at)
    .sort((a, b) => +a.effectiveFrom! - +b.effectiveFrom!);
  if (future.length) return future[0];
  return [...versions].sort((a, b) => +(b.effectiveTo ?? 0) - +(a.effectiveTo ?? 0))[0] ?? null;
}

export interface AmountInput {
  price: PriceTerms;
  quantity: number;
  unitAmountOverride: Decimal | null;
  discountPercent: Decimal | null;
  coupon?: LineCoupon | null;
  /** already rounded to six places */
  factor: Decimal;
  /** the instant whose price version applies (the service period's start) */
  versionAt: Date;
}

// The same terms, quantity, override, discount, factor, version and period text always price the same,
// and catalog terms objects live as long as their catalog snapshot: results are kept per terms object
// (quotes of one bundle, and contracts billed on the same day, repeat the same lines over and over).
// Keyed by span first: span keys are long but shared strings (their hash is computed once), line keys short.
const SPANS_PER_TERMS = 64;
const LINES_PER_SPAN = 512;
const memo = new WeakMap<PriceTerms, Map<string, Map<string, PricedAmounts>>>();

const newSpanMap = () => new Map<string, Map<string, PricedAmounts>>();
const newLineMap = () => new Map<string, PricedAmounts>();

let nextId = 1;
/** A fresh id for a computed amount (amounts computed elsewhere, e.g. usage lines, share the sequence). */
export const nextAmountId = () => nextId++;

// memo keys name decimals by their text; each (immutable) Decimal is printed once
const keyTexts = new WeakMap<Decimal, string>();
const keyText = (d: Decimal | null): string =>
  d ? (keyTexts.get(d) ?? memoizedOn(keyTexts, d, () => d.toString())) : "";

// The last two lines priced, by the identity of what their keys name: a projection prices the same items
// run after run (two items alternate), and a match skips building and hashing the memo's keys (tens of
// millions of lines in a forecast). Equal inputs give the result the memo holds for them (or held: results
// are immutable).
interface Priced {
  input: AmountInput;
  version: VersionTerms | null;
  describePeriod: string;
  spanKey: string | undefined;
  result: PricedAmounts;
}
let last: Priced | null = null;
let beforeLast: Priced | null = null;

const sameLine = (
  p: Priced | null,
  a: AmountInput,
  version: VersionTerms | null,
  describePeriod: string,
  spanKey?: string,
) => {
  if (!p || p.version !== version || p.describePeriod !== describePeriod || p.spanKey !== spanKey) return false;
  const b = p.input;
  return (
    a.price === b.price &&
    a.quantity === b.quantity &&
    a.unitAmountOverride === b.unitAmountOverride &&
    a.discountPercent === b.discountPercent &&
    a.factor === b.factor &&
    (a.coupon === b.coupon ||
      (!!a.coupon && !!b.coupon && a.coupon.percent === b.coupon.percent && a.coupon.label === b.coupon.label))
  );
};

/** `spanKey`, when given, must name the factor and the period text (callers compute it once per span). */
export function priceAmounts(amountInput: AmountInput, describePeriod = "", spanKey?: string): PricedAmounts {
  const version = versionAt(amountInput.price.versions, amountInput.versionAt);
  if (sameLine(last, amountInput, version, describePeriod, spanKey)) return last!.result;
  if (sameLine(beforeLast, amountInput, version, describePeriod, spanKey)) return beforeLast!.result;
  const result = pricedFresh(amountInput, version, describePeriod, spanKey);
  beforeLast = last;
  last = { input: amountInput, version, describePeriod, spanKey, result };
  return result;
}

function pricedFresh(
  amountInput: AmountInput,
  version: VersionTerms | null,
  describePeriod: string,
  spanKey: string | undefined,
): PricedAmounts {
  const span = spanKey ?? `${keyText(amountInput.factor)}|${describePeriod}`;
  const key = `${amountInput.quantity}|${keyText(amountInput.unitAmountOverride)}|${keyText(amountInput.discountPercent)}|${version?.id ?? ""}${amountInput.coupon ? `|${keyText(amountInput.coupon.percent)}|${amountInput.coupon.label}` : ""}`;
  // lookups first: a closure is made only for what is missing (millions of calls in a forecast)
  const bySpan = memo.get(amountInput.price) ?? memoizedOn(memo, amountInput.price, newSpanMap);
  const byKey = bySpan.get(span) ?? memoized(bySpan, span, SPANS_PER_TERMS, newLineMap);
  return (
    byKey.get(key) ??
    memoized(byKey, key, LINES_PER_SPAN, () => Object.freeze(compute(amountInput, version, describePeriod)))
  );
}

/** The tax of a rounded line total under the price's policy (exclusive: on top; inclusive: carved out). */
export function taxOf(price: PriceTerms, lineTotal: Decimal) {
  const rate = price.taxPolicy && price.taxRate ? price.taxRate : ZERO;
  let tax = ZERO;
  if (price.taxPolicy === "exclusive") tax = round4(lineTotal.times(rate).div(100));
  else if (price.taxPolicy === "inclusive") tax = round4(lineTotal.times(rate).div(rate.plus(100)));
  const subtotal = price.taxPolicy === "inclusive" ? lineTotal.minus(tax) : lineTotal;
  const note =
    price.taxPolicy && !rate.isZero() ? `; tax ${rate.toFixed()}% ${price.taxPolicy}: ${tax.toFixed(4)}` : "";
  return { tax, subtotal, note };
}

/** unit × quantity, or the tiers' amount of the quantity (a tiered licensed price), with its explanation. */
function baseAmount(amountInput: AmountInput, version: VersionTerms | null) {
  const model = amountInput.unitAmountOverride ? null : (version?.pricing ?? null);
  const ref = version ? `(price ${amountInput.price.id} version ${version.id})` : "";
  if (model) {
    const tiered = priceUsage(amountInput.quantity, model);
    const unit = amountInput.quantity > 0 ? round4(tiered.amount.div(amountInput.quantity)) : ZERO;
    const text = `${describePricing(model)} for ${amountInput.quantity}: ${tiered.explanation || "0"} ${ref}`;
    return { unit, base: tiered.amount, text };
  }
  const unit = amountInput.unitAmountOverride ?? version?.unitAmount ?? ZERO;
  const override = amountInput.unitAmountOverride ? "(fixed unit amount override)" : ref;
  return {
    unit,
    base: unit.times(amountInput.quantity),
    text: `${amountInput.quantity} x ${unit.toFixed(4)} ${amountInput.price.currency} ${override}`,
  };
}

function compute(amountInput: AmountInput, version: VersionTerms | null, describePeriod: string): PricedAmounts {
  // a metered price bills its usage in arrears (billing/usageLines.ts): nothing is due for it in advance
  const metered = amountInput.price.usageType === "metered";
  const { unit, base, text } = metered
    ? { unit: ZERO, base: ZERO, text: `billed by usage in arrears: ${describePricing(version?.pricing ?? null)}` }
    : baseAmount(amountInput, version);
  const discount = amountInput.discountPercent ?? ZERO;
  const coupon = amountInput.coupon?.percent ?? ZERO;
  const raw = base
    .times(new MoneyDecimal(100).minus(discount).div(100))
    .times(new MoneyDecimal(100).minus(coupon).div(100))
    .times(amountInput.factor);
  const lineTotal = round4(raw);
  const { tax, subtotal, note } = taxOf(amountInput.price, lineTotal);
  const total = subtotal.plus(tax);

  const parts = [text.trim()];
  // explanations stay ASCII ('x', not '×'): an all-ASCII response is encoded to UTF-8 several times faster
  if (!discount.isZero()) parts.push(`x (1 - ${discount.toFixed()}% discount)`);
  if (!coupon.isZero()) parts.push(`x (1 - ${coupon.toFixed()}% coupon ${amountInput.coupon!.label})`);
  if (!amountInput.factor.eq(1))
    parts.push(
      `x ${amountInput.factor.toFixed(FACTOR_PLACES)} proration${describePeriod ? ` (${describePeriod})` : ""}`,
    );
  else if (describePeriod) parts.push(`for ${describePeriod}`);
  const explanation = `${parts.filter(Boolean).join(" ")} = ${lineTotal.toFixed(4)}${note}`;

  return {
    id: nextId++,
    unitAmount: unit,
    versionId: version?.id ?? null,
    factor: amountInput.factor,
    lineTotal,
    tax,
    subtotal,
    total,
    explanation,
    text: amountTexts(unit, amountInput.factor, lineTotal, tax, subtotal),
  };
}

/** The API strings of an amount (formatted once, with the memoized result). */
export const amountTexts = (
  unit: Decimal,
  factor: Decimal,
  lineTotal: Decimal,
  tax: Decimal,
  subtotal: Decimal,
): AmountTexts => ({
  unitAmount: fmt4(unit),
  factor: fmt6(factor),
  lineTotal: fmt4(lineTotal),
  tax: fmt4(tax),
  subtotal: fmt4(subtotal),
});

/**
 * The same line at another line total (a fixed-amount coupon's share taken off): tax recomputed on the new
 * amount with the same rule (exclusive on top, inclusive carved out), the reduction named in the explanation.
 */
export function withReducedTotal(base: PricedAmounts, price: PriceTerms, reduction: Decimal, label: string) {
  const lineTotal = round4(base.lineTotal.minus(reduction));
  const { tax, subtotal, note } = taxOf(price, lineTotal);
  const [head] = base.explanation.split("; tax ");
  const explanation = `${head} - ${reduction.toFixed(4)} coupon ${label} = ${lineTotal.toFixed(4)}${note}`;
  return Object.freeze({
    ...base,
    id: nextId++,
    lineTotal,
    tax,
    subtotal,
    total: subtotal.plus(tax),
    explanation,
    text: amountTexts(base.unitAmount, base.factor, lineTotal, tax, subtotal),
  });
}
