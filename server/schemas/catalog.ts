import { z } from "zod";
import { activeQuery, dateTime, metadata, money, pageQuery } from "./common";
import { currencyInput } from "./currency";

export const billingScheduleRule = z
  .object({ month: z.number().int().nullable(), day: z.number().int().nullable(), label: z.string().nullable(), display_order: z.number().int() })
  .meta({ id: "BillingScheduleRule" });

export const priceVersion = z
  .object({
    id: z.number().int(),
    unit_amount: money,
    effective_from: dateTime.nullable(),
    effective_to: dateTime.nullable(),
    currently_effective: z.boolean(),
    created_at: dateTime,
  })
  .meta({ id: "CatalogPriceVersion" });

export const catalogPrice = z
  .object({
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
    billing_schedule_rules: z.array(billingScheduleRule),
    next_occurrences: z.array(dateTime),
    active: z.boolean(),
    currently_effective: z.boolean(),
    effective_from: dateTime.nullable(),
    effective_to: dateTime.nullable(),
    current_version_id: z.number().int(),
    versions: z.array(priceVersion),
    metadata,
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: "CatalogPrice" });

export const catalogProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    reference: z.string().nullable(),
    image_url: z.string().nullable(),
    active: z.boolean(),
    tax_policy: z.string().nullable(),
    tax_rate_id: z.number().int().nullable(),
    active_price_count: z.number().int(),
    metadata,
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: "CatalogProduct" });

export const catalogProductDetail = catalogProduct.extend({ prices: z.array(catalogPrice) }).meta({ id: "CatalogProductDetail" });

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

export type CatalogPriceOut = z.infer<typeof catalogPrice>;
export type CatalogProductOut = z.infer<typeof catalogProduct>;
export type CatalogProductDetailOut = z.infer<typeof catalogProductDetail>;
export type PriceVersionOut = z.infer<typeof priceVersion>;
