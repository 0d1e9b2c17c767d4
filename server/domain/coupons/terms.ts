// A coupon as pricing sees it (pure): percentage coupons ride on each eligible line (LineInput.coupon),
// fixed amounts are spread over a run's lines (pricing/coupon.ts). Shared by quotes, checkouts, the
// worker's runs (billing/plan.ts) and projections, so a discount prices the same everywhere.
import type Decimal from "decimal.js";
import { dec } from "@/server/domain/money";
import { couponApplies, type FixedCoupon } from "@/server/domain/pricing/coupon";
import type { LineInput } from "@/server/domain/pricing/types";
import type { ContractDiscountRow, CouponRow } from "./present";

export interface CouponTerms {
  label: string;
  percent: Decimal | null;
  /** the fixed amount in the currency priced (null for percentage coupons) */
  amount: Decimal | null;
  productIds: number[];
  /** regular runs it discounts in all (null: forever) */
  runs: number | null;
}

export function couponTerms(coupon: CouponRow, currency: string, code: string | null): CouponTerms {
  const amounts = (coupon.amountsOff ?? {}) as Record<string, string>;
  return {
    label: code ?? coupon.name,
    percent: coupon.percentOff ? dec(coupon.percentOff) : null,
    amount: coupon.kind === "amount" && amounts[currency] ? dec(amounts[currency]) : null,
    productIds: coupon.productIds,
    runs: coupon.duration === "forever" ? null : coupon.duration === "once" ? 1 : (coupon.durationPeriods ?? 1),
  };
}

/** The line with the percentage coupon on it when the coupon applies to its product. */
export function withCoupon(line: LineInput, terms: CouponTerms | null, renews: boolean): LineInput {
  if (!terms?.percent || !couponApplies(terms.productIds, line.price)) return line;
  return { ...line, coupon: { percent: terms.percent, label: terms.label, renews } };
}

export function fixedCoupon(terms: CouponTerms | null): FixedCoupon | null {
  return terms?.amount ? { amount: terms.amount, label: terms.label, productIds: terms.productIds } : null;
}

type DiscountState = Pick<ContractDiscountRow, "runsRemaining" | "endedAt" | "coveredUntil"> & {
  coupon: CouponRow;
  promotionCode: { code: string } | null;
};

/** The discount's terms for the next regular run, or null once its runs are used up. */
export function runDiscount(discount: DiscountState | null | undefined, currency: string): CouponTerms | null {
  if (!discount || discount.endedAt || discount.runsRemaining === 0) return null;
  return couponTerms(discount.coupon, currency, discount.promotionCode?.code ?? null);
}

/** The discount's terms for a change at `at` (prorations): when the period in progress was billed with it. */
export function prorationDiscount(
  discount: DiscountState | null | undefined,
  currency: string,
  at: Date,
): CouponTerms | null {
  if (!discount || discount.endedAt || !discount.coveredUntil || discount.coveredUntil <= at) return null;
  return couponTerms(discount.coupon, currency, discount.promotionCode?.code ?? null);
}
