// A coupon as pricing sees it (pure): percentage coupons ride on each eligible line (LineInput.coupon),
// fixed amounts are spread over a run's lines (pricing/coupon.ts). Shared by quotes, checkouts, the
// worker's runs (billing/plan.ts) and projections, so a discount prices the same everywhere.
import type Decimal from "decimal.js";
import { dec } from "@/server/domain/money";
import { applyFixedCoupon, couponApplies, type FixedCoupon } from "@/server/domain/pricing/coupon";
import { type PricedOffer, priceOffer, sumTotals } from "@/server/domain/pricing/engine";
import type { LineInput, Offer } from "@/server/domain/pricing/types";
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

/**
 * An offer priced with a discount (quotes, checkouts, contracts created from them): the first run is
 * discounted; the renewal preview too unless the coupon covers one run only.
 */
export function priceWithDiscount(offer: Offer, terms: CouponTerms | null): PricedOffer {
  if (!terms) return priceOffer(offer);
  const renews = terms.runs === null || terms.runs > 1;
  const priced = priceOffer({
    ...offer,
    recurring: offer.recurring.map((l) => withCoupon(l, terms, renews)),
    initial: offer.initial.map((l) => withCoupon(l, terms, false)),
  });
  const fixed = fixedCoupon(terms);
  if (!fixed) return priced;
  const all = [...priced.recurring, ...priced.initial];
  const first = applyFixedCoupon(
    all.map((l) => ({ line: l, price: l.input.price, amounts: l.first })),
    fixed,
  );
  const renewal = renews
    ? applyFixedCoupon(
        priced.recurring.map((l) => ({ line: l, price: l.input.price, amounts: l.renewal! })),
        fixed,
      )
    : priced.recurring.map((l) => ({ amounts: l.renewal! }));
  const recurring = priced.recurring.map((l, k) => ({ ...l, first: first[k].amounts, renewal: renewal[k].amounts }));
  const initial = priced.initial.map((l, k) => ({ ...l, first: first[recurring.length + k].amounts }));
  const firstPeriod = sumTotals(recurring.map((l) => l.first));
  return {
    ...priced,
    recurring,
    initial,
    firstPeriod,
    renewal: sumTotals(recurring.map((l) => l.renewal)),
    firstRun: initial.length ? sumTotals([...recurring, ...initial].map((l) => l.first)) : firstPeriod,
  };
}
