// Coupons and promotion codes (an extension of the spec): one shape per resource for parsing, responses and
// the OpenAPI document. A discount is applied with `coupon` (id) or `promotion_code` (the customer's code).
import { z } from "zod";
import { isCurrencyCode } from "@/server/domain/currencies";
import { activeQuery, dateTime, idQuery, input, metadata, money, pageQuery, timestamps } from "./common";
import { CURRENCY_MESSAGE } from "./currency";

const DURATIONS = ["once", "repeating", "forever"] as const;

export const couponResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    percent_off: z.string().nullable().meta({ description: "Percentage taken off each line, e.g. 20.0000" }),
    amounts_off: z
      .record(z.string(), money)
      .meta({ description: "Fixed amount per currency taken off a run, spread over its lines in proportion" }),
    duration: z.enum(DURATIONS),
    duration_in_periods: z.number().int().nullable().meta({ description: "Regular runs discounted (repeating)" }),
    max_redemptions: z.number().int().nullable(),
    times_redeemed: z.number().int(),
    redeem_by: dateTime.nullable(),
    applies_to_products: z.array(z.number().int()).meta({ description: "Product ids; empty: every product" }),
    active: z.boolean(),
    metadata,
    ...timestamps,
  })
  .meta({ id: "Coupon", description: "Extension: a seller-defined discount.", "x-extension": true });

const name = z
  .string({ error: "A string is required." })
  .trim()
  .min(1, "This field may not be blank.")
  .max(200, "Ensure this field has no more than 200 characters.");

export const couponCreateBody = z
  .object({
    name,
    percent_off: input.percent.optional(),
    amounts_off: z
      .record(z.string(), input.money)
      .refine((r) => Object.keys(r).every((c) => isCurrencyCode(c.toUpperCase())), CURRENCY_MESSAGE)
      .optional(),
    duration: z.enum(DURATIONS, { error: "Must be one of: once, repeating, forever." }),
    duration_in_periods: input.positiveInt.optional(),
    max_redemptions: input.positiveInt.optional(),
    redeem_by: input.dateTime.optional(),
    applies_to_products: z.array(input.id).max(100).optional(),
    metadata: input.metadata.optional(),
  })
  .superRefine((v, issue) => {
    const percent = v.percent_off !== undefined;
    const amounts = v.amounts_off !== undefined && Object.keys(v.amounts_off).length > 0;
    if (percent === amounts)
      issue.addIssue({
        code: "custom",
        path: ["non_field_errors"],
        message: "Exactly one of percent_off or amounts_off must be given.",
      });
    if (percent && (Number(v.percent_off) <= 0 || Number(v.percent_off) > 100))
      issue.addIssue({ code: "custom", path: ["percent_off"], message: "Must be more than 0 and at most 100." });
    if (v.duration === "repeating" && v.duration_in_periods === undefined)
      issue.addIssue({
        code: "custom",
        path: ["duration_in_periods"],
        message: "Required when duration is repeating.",
      });
    if (v.duration !== "repeating" && v.duration_in_periods !== undefined)
      issue.addIssue({ code: "custom", path: ["duration_in_periods"], message: "Only with duration repeating." });
  })
  .meta({
    description:
      "Exactly one of `percent_off` or `amounts_off` (a fixed amount per currency). Duration `once` discounts one run, `repeating` `duration_in_periods` runs, `forever` every run.",
  });

export const promotionCodeResponse = z
  .object({
    id: z.number().int(),
    code: z.string(),
    coupon: couponResponse,
    max_redemptions: z.number().int().nullable(),
    times_redeemed: z.number().int(),
    expires_at: dateTime.nullable(),
    active: z.boolean(),
    metadata,
    ...timestamps,
  })
  .meta({
    id: "PromotionCode",
    description: "Extension: a customer-facing code (unique per account, case-insensitive) that redeems a coupon.",
    "x-extension": true,
  });

export const promotionCodeCreateBody = z.object({
  coupon: input.id,
  code: z
    .string({ error: "A string is required." })
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,64}$/, "3 to 64 letters, digits, '-' or '_'."),
  max_redemptions: input.positiveInt.optional(),
  expires_at: input.dateTime.optional(),
  metadata: input.metadata.optional(),
});

export const couponListQuery = z.object({ active: activeQuery, ...pageQuery });
export const promotionCodeListQuery = z.object({
  active: activeQuery,
  coupon: idQuery,
  code: z.string().optional(),
  ...pageQuery,
});

export const redemptionResponse = z
  .object({
    id: z.number().int(),
    coupon_id: z.number().int(),
    promotion_code_id: z.number().int().nullable(),
    promotion_code: z.string().nullable(),
    subject_type: z.enum(["contract", "checkout"]),
    subject_id: z.number().int(),
    created_at: dateTime,
  })
  .meta({ id: "CouponRedemption", "x-extension": true });

/** The fields that apply a discount on quotes, checkouts and contracts (at most one of them). */
export const discountInputFields = {
  coupon: input.id.optional().meta({ description: "Extension: id of a coupon to apply", "x-extension": true }),
  promotion_code: z
    .string({ error: "A string is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(64)
    .optional()
    .meta({ description: "Extension: a promotion code to redeem", "x-extension": true }),
};
export const contractDiscountBody = z.object(discountInputFields);

/** Contract `discount` (spec 2.6: the active discount, if any). */
export const discountResponse = z
  .object({
    coupon: couponResponse,
    promotion_code: z.string().nullable(),
    start: dateTime,
    runs_remaining: z.number().int().nullable().meta({ description: "Regular runs still discounted; null: forever" }),
    covered_until: dateTime.nullable().meta({ description: "End of the last period billed with the discount" }),
  })
  .meta({ id: "Discount", "x-extension": true });

/** A quote's (or checkout's) discount: the coupon applied and the code that named it. */
export const quoteDiscountResponse = z
  .object({
    coupon: couponResponse,
    promotion_code: z.string().nullable(),
    recurring_total_amount_after_discount: money.nullable().optional().meta({
      description:
        "What each renewal costs once the discount has run out (recurring_total_amount is the discounted renewal); null when it lasts forever",
    }),
  })
  .meta({ id: "QuoteDiscount", description: "Extension: the discount priced into the lines", "x-extension": true });

export type CouponOut = z.infer<typeof couponResponse>;
export type CouponCreateInput = z.infer<typeof couponCreateBody>;
export type PromotionCodeOut = z.infer<typeof promotionCodeResponse>;
export type PromotionCodeCreateInput = z.infer<typeof promotionCodeCreateBody>;
export type DiscountInput = z.infer<typeof contractDiscountBody>;
export type DiscountOut = z.infer<typeof discountResponse>;
export type RedemptionOut = z.infer<typeof redemptionResponse>;
