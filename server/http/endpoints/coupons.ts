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
import { parsePage } from "@/server/domain/list";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { listBody } from "@/server/http/pagination";
import { listOf } from "@/server/schemas/common";
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

const couponTags = ["Coupons"];
const codeTags = ["Promotion codes"];

export const couponEndpoints = [
  defineEndpoint({
    method: "GET",
    path: "/v2/coupons/",
    summary: "List coupons (newest first)",
    tags: couponTags,
    extension: true,
    query: couponListQuery,
    response: listOf(couponResponse),
    handler: async (ctx, { query, url }) =>
      listBody(await listCoupons(ctx, { active: query.active, page: parsePage(query) }), url),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/coupons/",
    summary: "Create a coupon",
    description:
      "Exactly one of `percent_off` or `amounts_off` (a fixed amount per currency). Duration `once` discounts one run, `repeating` `duration_in_periods` runs, `forever` every run.",
    tags: couponTags,
    extension: true,
    body: couponCreateBody,
    bodyRequired: true,
    response: couponResponse,
    status: 201,
    handler: (ctx, { body }) => createCoupon(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/coupons/{couponId}/",
    summary: "Read a coupon",
    tags: couponTags,
    extension: true,
    params: z.object({ couponId: intId }),
    response: couponResponse,
    handler: (ctx, { params }) => getCoupon(ctx, params.couponId),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/coupons/{couponId}/deactivate/",
    summary: "Deactivate a coupon (its codes can no longer be redeemed; running discounts continue)",
    tags: couponTags,
    extension: true,
    params: z.object({ couponId: intId }),
    response: couponResponse,
    handler: (ctx, { params }) => deactivateCoupon(ctx, params.couponId),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/coupons/{couponId}/redemptions/",
    summary: "List a coupon's redemptions (newest first, at most 500)",
    tags: couponTags,
    extension: true,
    params: z.object({ couponId: intId }),
    response: z.array(redemptionResponse),
    handler: (ctx, { params }) => listRedemptions(ctx, params.couponId),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/promotion-codes/",
    summary: "List promotion codes (newest first)",
    tags: codeTags,
    extension: true,
    query: promotionCodeListQuery,
    response: listOf(promotionCodeResponse),
    handler: async (ctx, { query, url }) =>
      listBody(
        await listPromotionCodes(ctx, {
          active: query.active,
          coupon: query.coupon !== undefined ? Number(query.coupon) : undefined,
          code: query.code,
          page: parsePage(query),
        }),
        url,
      ),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/promotion-codes/",
    summary: "Create a promotion code for a coupon",
    tags: codeTags,
    extension: true,
    body: promotionCodeCreateBody,
    bodyRequired: true,
    response: promotionCodeResponse,
    status: 201,
    handler: (ctx, { body }) => createPromotionCode(ctx, body),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/promotion-codes/{promotionCodeId}/",
    summary: "Read a promotion code",
    tags: codeTags,
    extension: true,
    params: z.object({ promotionCodeId: intId }),
    response: promotionCodeResponse,
    handler: (ctx, { params }) => getPromotionCode(ctx, params.promotionCodeId),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/promotion-codes/{promotionCodeId}/deactivate/",
    summary: "Deactivate a promotion code",
    tags: codeTags,
    extension: true,
    params: z.object({ promotionCodeId: intId }),
    response: promotionCodeResponse,
    handler: (ctx, { params }) => deactivatePromotionCode(ctx, params.promotionCodeId),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/subscription-contracts/{contractId}/discount/",
    summary: "Apply a coupon or promotion code to a contract",
    description:
      "Redeems it (max redemptions enforced) and replaces any running discount; it counts from the contract's next regular run. The contract's `discount` shows it.",
    tags: ["Subscription contracts"],
    extension: true,
    params: z.object({ contractId: intId }),
    body: contractDiscountBody,
    bodyRequired: true,
    response: contractResponse,
    handler: (ctx, { params, body }) => applyContractDiscount(ctx, params.contractId, body),
  }),
  defineEndpoint({
    method: "DELETE",
    path: "/v2/subscription-contracts/{contractId}/discount/",
    summary: "Remove a contract's discount",
    tags: ["Subscription contracts"],
    extension: true,
    params: z.object({ contractId: intId }),
    response: contractResponse,
    handler: (ctx, { params }) => removeContractDiscount(ctx, params.contractId),
  }),
];
