// Fixed-amount coupons (pure): the amount is spread over a run's eligible lines in proportion to their
// line totals (before tax), each share rounded half-up to four places and the rounding rest given to the
// last eligible line; a run never goes below zero (at most the eligible lines' sum is taken off).
// Percentage coupons are priced per line by amounts.ts (LineInput.coupon).
import type Decimal from "decimal.js";
import { round4, ZERO } from "@/server/domain/money";
import { withReducedTotal } from "./amounts";
import type { PricedAmounts, PriceTerms } from "./types";

export interface FixedCoupon {
  amount: Decimal;
  label: string;
  /** catalog product ids the coupon applies to; empty: all */
  productIds: number[];
}

/** The share of `amount` each total bears (zero for totals ≤ 0); sums to min(amount, Σ positive totals). */
export function spreadAmount(totals: Decimal[], amount: Decimal): Decimal[] {
  const base = totals.reduce((a, t) => (t.gt(0) ? a.plus(t) : a), ZERO);
  if (base.lte(0) || amount.lte(0)) return totals.map(() => ZERO);
  const applied = amount.gt(base) ? base : amount;
  const last = totals.map((t) => t.gt(0)).lastIndexOf(true);
  let given = ZERO;
  return totals.map((t, k) => {
    if (t.lte(0)) return ZERO;
    if (k === last) return applied.minus(given);
    const share = round4(applied.times(t).div(base));
    const capped = share.gt(t) ? t : share;
    given = given.plus(capped);
    return capped;
  });
}

export const couponApplies = (productIds: number[], price: Pick<PriceTerms, "productId">) =>
  !productIds.length || productIds.includes(price.productId);

/** The lines of one run with a fixed coupon taken off (lines it does not apply to come back unchanged). */
export function applyFixedCoupon<L extends { amounts: PricedAmounts; price: PriceTerms }>(
  lines: L[],
  coupon: FixedCoupon,
): L[] {
  const eligible = lines.map((l) => couponApplies(coupon.productIds, l.price));
  const shares = spreadAmount(
    lines.map((l, k) => (eligible[k] ? l.amounts.lineTotal : ZERO)),
    coupon.amount,
  );
  return lines.map((l, k) =>
    shares[k].isZero() ? l : { ...l, amounts: withReducedTotal(l.amounts, l.price, shares[k], coupon.label) },
  );
}
