// Coupons: created, listed, read and deactivated by the seller. Terms never change after creation (a
// contract's discount refers to its coupon), so there is no update besides deactivation.
import type { Ctx } from "@/server/domain/context";
import { foundOr404, invalid } from "@/server/domain/errors";
import { activeWhere, type ListResult, type PageRequest, type PageWindow, pagedList } from "@/server/domain/list";
import { fmt4 } from "@/server/domain/money";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CouponCreateInput, CouponOut, RedemptionOut } from "@/server/schemas/coupons";
import { presentCoupon, presentRedemption } from "./present";

export async function createCoupon(ctx: Ctx, input: CouponCreateInput): Promise<CouponOut> {
  const productIds = [...new Set(input.applies_to_products ?? [])];
  if (productIds.length) {
    const found = await ctx.db.catalogProduct.count({ where: { accountId: ctx.accountId, id: { in: productIds } } });
    if (found !== productIds.length) throw invalid("applies_to_products", "Unknown product id.");
  }
  const amounts = Object.fromEntries(
    Object.entries(input.amounts_off ?? {}).map(([currency, amount]) => [currency.toUpperCase(), fmt4(amount)]),
  );
  if (Object.values(amounts).some((a) => Number(a) <= 0)) throw invalid("amounts_off", "Amounts must be more than 0.");
  const now = ctx.clock.now();
  const coupon = await ctx.db.coupon.create({
    data: {
      accountId: ctx.accountId,
      name: input.name,
      kind: input.percent_off !== undefined ? "percent" : "amount",
      percentOff: input.percent_off ?? null,
      amountsOff: amounts,
      duration: input.duration,
      durationPeriods: input.duration_in_periods ?? null,
      maxRedemptions: input.max_redemptions ?? null,
      redeemBy: input.redeem_by ? new Date(input.redeem_by) : null,
      productIds,
      metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
      createdAt: now,
      updatedAt: now,
    },
  });
  return presentCoupon(coupon);
}

export async function findCoupon(ctx: Ctx, id: number) {
  return foundOr404(await ctx.db.coupon.findFirst({ where: { id, accountId: ctx.accountId } }));
}

export async function getCoupon(ctx: Ctx, id: number): Promise<CouponOut> {
  return presentCoupon(await findCoupon(ctx, id));
}

export async function listCoupons(
  ctx: Ctx,
  query: { active?: string; page?: PageRequest },
): Promise<ListResult<CouponOut>> {
  const where: Prisma.CouponWhereInput = { accountId: ctx.accountId, ...activeWhere(query.active) };
  const rows = (window: PageWindow) =>
    ctx.db.coupon.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window });
  return pagedList(query.page, () => ctx.db.coupon.count({ where }), rows, presentCoupon);
}

/** Deactivated coupons (and their codes) can no longer be redeemed; discounts already running continue. */
export async function deactivateCoupon(ctx: Ctx, id: number): Promise<CouponOut> {
  await findCoupon(ctx, id);
  const coupon = await ctx.db.coupon.update({ where: { id }, data: { active: false, updatedAt: ctx.clock.now() } });
  return presentCoupon(coupon);
}

/** One page of a coupon's redemptions for the console, newest first, with the total. */
export async function pageRedemptions(
  ctx: Ctx,
  couponId: number,
  page: PageRequest,
): Promise<ListResult<RedemptionOut>> {
  await findCoupon(ctx, couponId);
  const where = { accountId: ctx.accountId, couponId };
  return pagedList(
    page,
    () => ctx.db.couponRedemption.count({ where }),
    (window) =>
      ctx.db.couponRedemption.findMany({ where, include: { promotionCode: true }, orderBy: { id: "desc" }, ...window }),
    presentRedemption,
  );
}

export async function listRedemptions(ctx: Ctx, couponId: number): Promise<RedemptionOut[]> {
  await findCoupon(ctx, couponId);
  const rows = await ctx.db.couponRedemption.findMany({
    where: { accountId: ctx.accountId, couponId },
    include: { promotionCode: true },
    orderBy: { id: "desc" },
    take: 500,
  });
  return rows.map(presentRedemption);
}
