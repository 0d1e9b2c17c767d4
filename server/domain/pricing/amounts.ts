// One line's amount: unit × quantity × (1 − discount) × factor, rounded once (half-up, 4 places),
// then tax on the rounded amount (exclusive: added on top; inclusive: carved out of it).
import Decimal from "decimal.js";
import { D, round4 } from "../money";
import type { PriceTerms, PricedAmounts, VersionTerms } from "./types";

export const FACTOR_PLACES = 6;
export const roundFactor = (f: Decimal) => f.toDecimalPlaces(FACTOR_PLACES, Decimal.ROUND_HALF_UP);

/** The version in effect at `at`, else the next one to start, else the last one that ended. */
export function versionAt(versions: VersionTerms[], at: Date): VersionTerms | null {
  const inEffect = versions.find((v) => (!v.effectiveFrom || v.effectiveFrom <= at) && (!v.effectiveTo || at < v.effectiveTo));
  if (inEffect) return inEffect;
  const future = versions.filter((v) => v.effectiveFrom && v.effectiveFrom > at).sort((a, b) => +a.effectiveFrom! - +b.effectiveFrom!);
  if (future.length) return future[0];
  return [...versions].sort((a, b) => +(b.effectiveTo ?? 0) - +(a.effectiveTo ?? 0))[0] ?? null;
}

export interface AmountInput {
  price: PriceTerms;
  quantity: number;
  unitAmountOverride: Decimal | null;
  discountPercent: Decimal | null;
  /** already rounded to six places */
  factor: Decimal;
  /** the instant whose price version applies (the service period's start) */
  versionAt: Date;
}

export function priceAmounts(a: AmountInput, describePeriod = ""): PricedAmounts {
  const version = versionAt(a.price.versions, a.versionAt);
  const unit = a.unitAmountOverride ?? version?.unitAmount ?? new D(0);
  const discount = a.discountPercent ?? new D(0);
  const raw = unit.times(a.quantity).times(new D(100).minus(discount).div(100)).times(a.factor);
  const lineTotal = round4(raw);
  const rate = a.price.taxPolicy && a.price.taxRate ? a.price.taxRate : new D(0);
  let tax = new D(0);
  if (a.price.taxPolicy === "exclusive") tax = round4(lineTotal.times(rate).div(100));
  else if (a.price.taxPolicy === "inclusive") tax = round4(lineTotal.times(rate).div(rate.plus(100)));
  const subtotal = a.price.taxPolicy === "inclusive" ? lineTotal.minus(tax) : lineTotal;
  const total = subtotal.plus(tax);

  const parts = [`${a.quantity} × ${unit.toFixed(4)} ${a.price.currency}`];
  parts.push(a.unitAmountOverride ? "(fixed unit amount override)" : version ? `(price ${a.price.id} version ${version.id})` : "");
  if (!discount.isZero()) parts.push(`× (1 − ${discount.toFixed()}% discount)`);
  if (!a.factor.eq(1)) parts.push(`× ${a.factor.toFixed(FACTOR_PLACES)} proration${describePeriod ? ` (${describePeriod})` : ""}`);
  else if (describePeriod) parts.push(`for ${describePeriod}`);
  let explanation = `${parts.filter(Boolean).join(" ")} = ${lineTotal.toFixed(4)}`;
  if (a.price.taxPolicy && !rate.isZero()) explanation += `; tax ${rate.toFixed()}% ${a.price.taxPolicy}: ${tax.toFixed(4)}`;

  return { unitAmount: unit, versionId: version?.id ?? null, factor: a.factor, lineTotal, tax, subtotal, total, explanation };
}
