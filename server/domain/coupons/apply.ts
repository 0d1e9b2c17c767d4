// Applying a coupon or promotion code: resolve and check it (400 on the field that named it), and redeem
// it atomically: the counters are raised by one guarded UPDATE each, so concurrent redemptions of the
// last one cannot both succeed (the second re-reads the row after the first commits and matches nothing).
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { invalid } from "@/server/domain/errors";
import type { DiscountInput } from "@/server/schemas/coupons";
import type { CouponRow } from "./present";
import { codeKey } from "./promotionCodes";
import { type CouponTerms, couponTerms } from "./terms";

export interface ResolvedDiscount {
  coupon: CouponRow;
  promotionCodeId: number | null;
  code: string | null;
  /** which input field named it (errors go there) */
  field: "coupon" | "promotion_code";
  terms: CouponTerms;
}

export async function resolveDiscount(
  ctx: Ctx,
  db: DbTx,
  input: DiscountInput,
  currency: string,
): Promise<ResolvedDiscount | null> {
  if (input.coupon !== undefined && input.promotion_code !== undefined)
    throw invalid("non_field_errors", "Give either coupon or promotion_code, not both.");
  const now = ctx.clock.now();
  if (input.promotion_code !== undefined) {
    const field = "promotion_code";
    const code = await db.promotionCode.findUnique({
      where: { accountId_codeKey: { accountId: ctx.accountId, codeKey: codeKey(input.promotion_code) } },
      include: { coupon: true },
    });
    if (!code) throw invalid(field, "This promotion code does not exist.", "promotion_code_invalid");
    if (!code.active) throw invalid(field, "This promotion code is inactive.", "promotion_code_inactive");
    if (code.expiresAt && code.expiresAt <= now)
      throw invalid(field, "This promotion code has expired.", "promotion_code_expired");
    if (code.maxRedemptions !== null && code.timesRedeemed >= code.maxRedemptions)
      throw invalid(field, "This promotion code has been fully redeemed.", "promotion_code_exhausted");
    checkCoupon(code.coupon, field, now, currency);
    return {
      coupon: code.coupon,
      promotionCodeId: code.id,
      code: code.code,
      field,
      terms: couponTerms(code.coupon, currency, code.code),
    };
  }
  if (input.coupon !== undefined) {
    const coupon = await db.coupon.findFirst({ where: { id: input.coupon, accountId: ctx.accountId } });
    if (!coupon) throw invalid("coupon", `Coupon ${input.coupon} not found.`, "coupon_invalid");
    checkCoupon(coupon, "coupon", now, currency);
    return { coupon, promotionCodeId: null, code: null, field: "coupon", terms: couponTerms(coupon, currency, null) };
  }
  return null;
}

function checkCoupon(coupon: CouponRow, field: string, now: Date, currency: string) {
  if (!coupon.active) throw invalid(field, "This coupon is inactive.", "coupon_inactive");
  if (coupon.redeemBy && coupon.redeemBy <= now) throw invalid(field, "This coupon has expired.", "coupon_expired");
  if (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions)
    throw invalid(field, "This coupon has been fully redeemed.", "coupon_exhausted");
  if (coupon.kind === "amount" && !(coupon.amountsOff as Record<string, string>)[currency])
    throw invalid(field, `This coupon has no amount in ${currency}.`, "coupon_currency");
}

/** Counts one redemption (inside the caller's transaction) and records it; 400 when the last one is gone. */
export async function redeem(
  ctx: Ctx,
  tx: DbTx,
  resolved: ResolvedDiscount,
  subject: { type: "contract" | "checkout"; id: number },
): Promise<void> {
  const now = ctx.clock.now();
  const coupons = await tx.$executeRaw`
    update coupons set times_redeemed = times_redeemed + 1
    where id = ${resolved.coupon.id} and account_id = ${ctx.accountId} and active
      and (max_redemptions is null or times_redeemed < max_redemptions)
      and (redeem_by is null or redeem_by > ${now})`;
  if (coupons !== 1) throw invalid(resolved.field, "This coupon has been fully redeemed.", "coupon_exhausted");
  if (resolved.promotionCodeId !== null) {
    const codes = await tx.$executeRaw`
      update promotion_codes set times_redeemed = times_redeemed + 1
      where id = ${resolved.promotionCodeId} and active
        and (max_redemptions is null or times_redeemed < max_redemptions)
        and (expires_at is null or expires_at > ${now})`;
    if (codes !== 1)
      throw invalid(resolved.field, "This promotion code has been fully redeemed.", "promotion_code_exhausted");
  }
  await tx.couponRedemption.create({
    data: {
      accountId: ctx.accountId,
      couponId: resolved.coupon.id,
      promotionCodeId: resolved.promotionCodeId,
      subjectType: subject.type,
      subjectId: subject.id,
      createdAt: now,
    },
  });
}
