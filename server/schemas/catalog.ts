// Zod schemas of catalog products, prices and price versions, and the catalog's list queries.
import { z } from "zod";
import { activeQuery, dateTime, metadata, money, namedExtension, namedObject, pageQuery, timestamps } from "./common";
import { currencyInput } from "./currency";

export const billingScheduleRuleResponse = namedObject("BillingScheduleRule", {
  month: z.number().int().nullable(),
  day: z.number().int().nullable(),
  label: z.string().nullable(),
  display_order: z.number().int(),
});

export const pricingModelResponse = z
  .object({
    model: z.enum(["per_unit", "package", "graduated", "volume"]),
    unit_amount: z.string().optional(),
    package_size: z.string().optional(),
    package_amount: z.string().optional(),
    tiers: z
      .array(z.object({ up_to: z.string().nullable(), unit_amount: z.string(), flat_amount: z.string() }))
      .optional(),
  })
  .meta({
    id: "PricingModelOut",
    "x-extension": true,
    description: "Extension: a metered or tiered price's model (see PricingModel)",
  });

const usageExtension = (description: string) => ({ "x-extension": true, description: `Extension: ${description}` });

export const priceVersionResponse = namedObject("CatalogPriceVersion", {
  id: z.number().int(),
  unit_amount: money,
  pricing_model: pricingModelResponse
    .nullable()
    .meta(usageExtension("the version's pricing model; null: unit_amount × quantity")),
  effective_from: dateTime.nullable(),
  effective_to: dateTime.nullable(),
  currently_effective: z.boolean(),
  created_at: dateTime,
});

export const priceResponse = namedObject("CatalogPrice", {
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_reference: z.string().nullable(),
  reference: z.string().nullable(),
  currency: z.string(),
  unit_amount: money,
  billing_type: z.enum(["recurring", "one_time"]),
  recurrence_type: z.string().nullable(),
  interval: z.string().nullable(),
  interval_count: z.number().int().nullable(),
  billing_day_of_month: z.number().int().nullable(),
  billing_schedule_id: z.number().int().nullable(),
  billing_schedule_name: z.string().nullable(),
  billing_schedule_timezone: z.string().nullable(),
  billing_schedule_rules: z.array(billingScheduleRuleResponse),
  billing_schedule_active: z.boolean().nullable().meta({
    "x-extension": true,
    description:
      "Extension: false when the price's billing schedule is deactivated (the price cannot be sold in new quotes or contracts); null without a schedule",
  }),
  next_occurrences: z.array(dateTime),
  active: z.boolean(),
  currently_effective: z.boolean(),
  effective_from: dateTime.nullable(),
  effective_to: dateTime.nullable(),
  current_version_id: z.number().int(),
  versions: z.array(priceVersionResponse),
  usage_type: z
    .enum(["licensed", "metered"])
    .meta(usageExtension("metered prices bill the usage of a billable metric at the end of each period")),
  billable_metric_id: z.number().int().nullable().meta(usageExtension("the metric a metered price bills")),
  billable_metric_code: z.string().nullable().meta(usageExtension("the code of that metric")),
  pricing_model: pricingModelResponse
    .nullable()
    .meta(usageExtension("the current version's pricing model; null: unit_amount × quantity")),
  pricing_description: z
    .string()
    .meta(
      usageExtension(
        'how the price reads, e.g. "per unit 0.0100" or "graduated tiers 0–1000 × 0.0000, 1001+ × 0.0100"',
      ),
    ),
  usage_thresholds: z
    .array(z.string())
    .meta(usageExtension("usage quantities of a period at which usage.threshold_reached is sent")),
  metadata,
  ...timestamps,
});

/** The head of a named catalog record (products, bundle templates). */
export const namedRecordFields = {
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
};

export const productResponse = namedObject("CatalogProduct", {
  ...namedRecordFields,
  image_url: z.string().nullable(),
  active: z.boolean(),
  tax_policy: z.string().nullable(),
  tax_rate_id: z.number().int().nullable(),
  active_price_count: z.number().int(),
  metadata,
  ...timestamps,
});

export const productDetailResponse = namedExtension(productResponse, "CatalogProductDetail", {
  prices: z.array(priceResponse),
});

export const productListQuery = z.object({ active: activeQuery, reference: z.string().optional(), ...pageQuery });
export const detailQuery = z.object({ active: activeQuery });
export const priceListQuery = z.object({
  active: activeQuery,
  product: z.string().optional().meta({ description: "Product id or product reference" }),
  reference: z.string().optional(),
  currency: currencyInput.optional(),
  billing_type: z.enum(["recurring", "one_time"], { error: "Must be recurring or one_time." }).optional(),
  recurrence_type: z.string().optional(),
  ...pageQuery,
});

export type CatalogPriceOut = z.infer<typeof priceResponse>;
export type CatalogProductOut = z.infer<typeof productResponse>;
export type CatalogProductDetailOut = z.infer<typeof productDetailResponse>;
export type PriceVersionOut = z.infer<typeof priceVersionResponse>;
