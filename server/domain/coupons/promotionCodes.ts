// Promotion codes: customer-facing names of a coupon, unique per account ignoring case.
import type { Ctx } from "@/server/domain/context";
import { foundOr404, invalid } from "@/server/domain/errors";
import { activeWhere, type ListResult, type PageRequest, type PageWindow, pagedList } from "@/server/domain/list";
import type { Prisma } from "@/server/generated/prisma/client";
import type { PromotionCodeCreateInput, PromotionCodeOut } from "@/server/schemas/coupons";
import { findCoupon } from "./coupons";
import { presentPromotionCode } from "./present";

export const codeKey = (code: string) => code.trim().toLowerCase();

export async function createPromotionCode(ctx: Ctx, input: PromotionCodeCreateInput): Promise<PromotionCodeOut> {
  const coupon = await ctx.db.coupon.findFirst({ where: { id: input.coupon, accountId: ctx.accountId } });
  if (!coupon) throw invalid("coupon", `Coupon ${input.coupon} not found.`);
  if (!coupon.active) throw invalid("coupon", "This coupon is inactive.");
  const now = ctx.clock.now();
  try {
    const code = await ctx.db.promotionCode.create({
      data: {
        accountId: ctx.accountId,
        couponId: coupon.id,
        code: input.code,
        codeKey: codeKey(input.code),
        maxRedemptions: input.max_redemptions ?? null,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
        createdAt: now,
        updatedAt: now,
      },
      include: { coupon: true },
    });
    return presentPromotionCode(code);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002")
      throw invalid("code", "A promotion code with this code already exists.");
    throw error;
  }
}

async function findCode(ctx: Ctx, id: number) {
  return foundOr404(
    await ctx.db.promotionCode.findFirst({ where: { id, accountId: ctx.accountId }, include: { coupon: true } }),
  );
}

export async function getPromotionCode(ctx: Ctx, id: number): Promise<PromotionCodeOut> {
  return presentPromotionCode(await findCode(ctx, id));
}

export async function listPromotionCodes(
  ctx: Ctx,
  query: { active?: string; coupon?: number; code?: string; page?: PageRequest },
): Promise<ListResult<PromotionCodeOut>> {
  const where: Prisma.PromotionCodeWhereInput = { accountId: ctx.accountId, ...activeWhere(query.active) };
  if (query.coupon !== undefined) {
    await findCoupon(ctx, query.coupon);
    where.couponId = query.coupon;
  }
  if (query.code !== undefined) where.codeKey = codeKey(query.code);
  const rows = (window: PageWindow) =>
    ctx.db.promotionCode.findMany({
      where,
      include: { coupon: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...window,
    });
  return pagedList(query.page, () => ctx.db.promotionCode.count({ where }), rows, presentPromotionCode);
}

export async function deactivatePromotionCode(ctx: Ctx, id: number): Promise<PromotionCodeOut> {
  await findCode(ctx, id);
  const code = await ctx.db.promotionCode.update({
    where: { id },
    data: { active: false, updatedAt: ctx.clock.now() },
    include: { coupon: true },
  });
  return presentPromotionCode(code);
}
