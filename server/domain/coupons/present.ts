// Coupons, promotion codes, redemptions and a contract's discount as the API prints them.
import { fmt4 } from "@/server/domain/money";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CouponOut, DiscountOut, PromotionCodeOut, RedemptionOut } from "@/server/schemas/coupons";

export type CouponRow = Prisma.CouponGetPayload<object>;
export type PromotionCodeRow = Prisma.PromotionCodeGetPayload<{ include: { coupon: true } }>;
export type ContractDiscountRow = Prisma.ContractDiscountGetPayload<{
  include: { coupon: true; promotionCode: true };
}>;

export function presentCoupon(coupon: CouponRow): CouponOut {
  const amounts = (coupon.amountsOff ?? {}) as Record<string, string>;
  return {
    id: coupon.id,
    name: coupon.name,
    percent_off: coupon.percentOff ? fmt4(coupon.percentOff) : null,
    amounts_off: Object.fromEntries(Object.entries(amounts).map(([c, a]) => [c, fmt4(a)])),
    duration: coupon.duration as CouponOut["duration"],
    duration_in_periods: coupon.durationPeriods,
    max_redemptions: coupon.maxRedemptions,
    times_redeemed: coupon.timesRedeemed,
    redeem_by: coupon.redeemBy ? iso(coupon.redeemBy) : null,
    applies_to_products: coupon.productIds,
    active: coupon.active,
    metadata: (coupon.metadata ?? {}) as Record<string, unknown>,
    created_at: iso(coupon.createdAt),
    updated_at: iso(coupon.updatedAt),
  };
}

export function presentPromotionCode(code: PromotionCodeRow): PromotionCodeOut {
  return {
    id: code.id,
    code: code.code,
    coupon: presentCoupon(code.coupon),
    max_redemptions: code.maxRedemptions,
    times_redeemed: code.timesRedeemed,
    expires_at: code.expiresAt ? iso(code.expiresAt) : null,
    active: code.active,
    metadata: (code.metadata ?? {}) as Record<string, unknown>,
    created_at: iso(code.createdAt),
    updated_at: iso(code.updatedAt),
  };
}

/** The discount while it still discounts: runs left, or the period it discounted still in progress. */
export function presentDiscount(discount: ContractDiscountRow | null | undefined, now: Date): DiscountOut | null {
  if (!discount || discount.endedAt) return null;
  if (discount.runsRemaining === 0 && (!discount.coveredUntil || discount.coveredUntil <= now)) return null;
  return {
    coupon: presentCoupon(discount.coupon),
    promotion_code: discount.promotionCode?.code ?? null,
    start: iso(discount.startedAt),
    runs_remaining: discount.runsRemaining,
    covered_until: discount.coveredUntil ? iso(discount.coveredUntil) : null,
  };
}

export function presentRedemption(
  row: Prisma.CouponRedemptionGetPayload<{ include: { promotionCode: true } }>,
): RedemptionOut {
  return {
    id: row.id,
    coupon_id: row.couponId,
    promotion_code_id: row.promotionCodeId,
    promotion_code: row.promotionCode?.code ?? null,
    subject_type: row.subjectType as RedemptionOut["subject_type"],
    subject_id: row.subjectId,
    created_at: iso(row.createdAt),
  };
}

export const presentQuoteDiscount = (resolved: { coupon: CouponRow; code: string | null }) => ({
  coupon: presentCoupon(resolved.coupon),
  promotion_code: resolved.code,
});
