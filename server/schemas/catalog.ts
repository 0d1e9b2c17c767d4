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

export const priceVersionResponse = namedObject("CatalogPriceVersion", {
  id: z.number().int(),
  unit_amount: money,
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
