// REST routes of coupons, promotion codes and a contract's discount.
import { z } from "zod";
import { applyContractDiscount, removeContractDiscount } from "@/server/domain/coupons/contractDiscount";
import {
  createCoupon,
  deactivateCoupon,
  getCoupon,
  listCoupons,
  listRedemptions,
} from "@/server/domain/coupons/coupons";
import {
  createPromotionCode,
  deactivatePromotionCode,
  getPromotionCode,
  listPromotionCodes,
} from "@/server/domain/coupons/promotionCodes";
import { recordEndpoints } from "@/server/http/recordEndpoints";
import { contractResponse } from "@/server/schemas/contracts";
import {
  contractDiscountBody,
  couponCreateBody,
  couponListQuery,
  couponResponse,
  promotionCodeCreateBody,
  promotionCodeListQuery,
  promotionCodeResponse,
  redemptionResponse,
} from "@/server/schemas/coupons";

const coupon = recordEndpoints("/v2/coupons/{couponId}/", couponResponse, { tags: ["Coupons"], extension: true });
const promotionCode = recordEndpoints("/v2/promotion-codes/{promotionCodeId}/", promotionCodeResponse, {
  tags: ["Promotion codes"],
  extension: true,
});
const contractDiscount = recordEndpoints("/v2/subscription-contracts/{contractId}/", contractResponse, {
  tags: ["Subscription contracts"],
  extension: true,
});

export const couponEndpoints = [
  coupon.list({ summary: "List coupons (newest first)", query: couponListQuery, list: listCoupons }),
  coupon.create("Create a coupon", couponCreateBody, createCoupon),
  coupon.read("Read a coupon", getCoupon),
  coupon.action(
    "deactivate/",
    "Deactivate a coupon (its codes can no longer be redeemed; running discounts continue)",
    deactivateCoupon,
  ),
  coupon.route({
    method: "GET",
    below: "redemptions/",
    summary: "List a coupon's redemptions (newest first, at most 500)",
    response: z.array(redemptionResponse),
    handler: (ctx, { params }) => listRedemptions(ctx, params.couponId),
  }),
  promotionCode.list({
    summary: "List promotion codes (newest first)",
    query: promotionCodeListQuery,
    list: (ctx, { coupon, ...query }) =>
      listPromotionCodes(ctx, { ...query, coupon: coupon === undefined ? undefined : Number(coupon) }),
  }),
  promotionCode.create("Create a promotion code for a coupon", promotionCodeCreateBody, createPromotionCode),
  promotionCode.read("Read a promotion code", getPromotionCode),
  promotionCode.action("deactivate/", "Deactivate a promotion code", deactivatePromotionCode),
  contractDiscount.route({
    method: "POST",
    below: "discount/",
    summary: "Apply a coupon or promotion code to a contract",
    description:
      "Redeems it (max redemptions enforced) and replaces any running discount; it counts from the contract's next regular run. The contract's `discount` shows it.",
    body: contractDiscountBody,
    bodyRequired: true,
    handler: (ctx, { params, body }) => applyContractDiscount(ctx, params.contractId, body),
  }),
  contractDiscount.route({
    method: "DELETE",
    below: "discount/",
    summary: "Remove a contract's discount",
    handler: (ctx, { params }) => removeContractDiscount(ctx, params.contractId),
  }),
];
