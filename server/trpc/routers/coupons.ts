// Coupons and promotion codes in the console: the same domain functions as /v2/coupons/ and /v2/promotion-codes/.
import { z } from "zod";
import { createCoupon, deactivateCoupon, listCoupons, pageRedemptions } from "@/server/domain/coupons/coupons";
import {
  createPromotionCode,
  deactivatePromotionCode,
  listPromotionCodes,
} from "@/server/domain/coupons/promotionCodes";
import { couponCreateBody, promotionCodeCreateBody } from "@/server/schemas/coupons";
import { byIdMutation, byIdPageQuery } from "@/server/trpc/idProcedures";
import { protectedProcedure, router } from "@/server/trpc/init";

export const couponsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => (await listCoupons(ctx.domain, { active: "all" })).results),
  create: protectedProcedure.input(couponCreateBody).mutation(({ ctx, input }) => createCoupon(ctx.domain, input)),
  deactivate: byIdMutation(deactivateCoupon),
  redemptions: byIdPageQuery(pageRedemptions),
  codes: protectedProcedure
    .input(z.object({ coupon: z.number().int().positive().optional() }).default({}))
    .query(
      async ({ ctx, input }) => (await listPromotionCodes(ctx.domain, { active: "all", coupon: input.coupon })).results,
    ),
  createCode: protectedProcedure
    .input(promotionCodeCreateBody)
    .mutation(({ ctx, input }) => createPromotionCode(ctx.domain, input)),
  deactivateCode: byIdMutation(deactivatePromotionCode),
});
