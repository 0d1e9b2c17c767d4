// Zod schemas of subscription offer quotes: the body and the priced lines of the response.
import { z } from "zod";
import { dateTime, metadata, money, namedObject } from "./common";
import { discountInputFields, quoteDiscountResponse } from "./coupons";
import { offerFields } from "./offers";
import { quoteTrialFields } from "./trials";

export const quoteBody = z.object({ ...offerFields, ...discountInputFields }).meta({ id: "QuoteRequest" });

const amounts = {
  line_subtotal_amount: money.meta({ description: "Line amount without tax" }),
  line_tax_amount: money,
  line_total_amount: money.meta({
    description: "Line amount as priced: net for exclusive tax, gross for inclusive tax",
  }),
};

export const initialLineResponse = namedObject("QuoteInitialLine", {
  key: z.string(),
  source: z.string(),
  creates_contract_item: z.boolean(),
  price_id: z.number().int(),
  price_version_id: z.number().int().nullable(),
  product_id: z.number().int(),
  product_name: z.string(),
  billing_type: z.string(),
  currency: z.string(),
  quantity: z.number().int(),
  unit_amount: money,
  discount_percent: z.string().nullable(),
  tax_policy: z.string().nullable(),
  tax_rate: z.string().nullable(),
  ...amounts,
  explanation: z.string().meta({ description: "How the amount was computed, in words" }),
  metadata,
});

export const recurringLineResponse = initialLineResponse
  .extend({
    bundle_item_id: z.number().int().nullable(),
    rule_id: z.number().int().nullable(),
    interval: z.string().nullable(),
    interval_count: z.number().int().nullable(),
    service_period_start_at: dateTime,
    service_period_end_at: dateTime,
    proration_factor: z.string().regex(/^\d\.\d{6}$/),
    renewal_price_version_id: z.number().int().nullable(),
    renewal_unit_amount: money,
    renewal_service_period_start_at: dateTime.nullable(),
    renewal_service_period_end_at: dateTime.nullable(),
    renewal_proration_factor: z.string(),
    renewal_line_subtotal_amount: money,
    renewal_line_tax_amount: money,
    renewal_line_total_amount: money,
    renewal_explanation: z.string(),
  })
  .meta({ id: "QuoteRecurringLine" });

export const billingSchedulePreviewResponse = namedObject("BillingSchedulePreview", {
  kind: z.enum(["anchored_interval", "fixed_day_of_month", "billing_schedule", "one_time"]),
  timezone: z.string(),
  billing_time: z.string(),
  interval: z.string().nullable(),
  interval_count: z.number().int().nullable(),
  billing_day_of_month: z.number().int().nullable(),
  billing_schedule_id: z.number().int().nullable(),
  next_billing_dates: z.array(dateTime),
});

export const quoteResponse = namedObject("Quote", {
  input_mode: z.enum(["bundle", "items"]),
  bundle_template_id: z.number().int().nullable(),
  bundle_quantity: z.number().int().nullable(),
  currency: z.string(),
  customer_reference: z.string().nullable(),
  period_start_at: dateTime,
  period_end_at: dateTime,
  subtotal_amount: money,
  tax_amount: money,
  total_amount: money,
  first_period_recurring_subtotal_amount: money,
  first_period_recurring_tax_amount: money,
  first_period_recurring_total_amount: money,
  recurring_subtotal_amount: money,
  recurring_tax_amount: money,
  recurring_total_amount: money,
  billing_schedule_preview: billingSchedulePreviewResponse,
  recurring_items: z.array(recurringLineResponse),
  initial_lines: z.array(initialLineResponse),
  metadata,
  ...quoteTrialFields,
  discount: quoteDiscountResponse.nullable().optional(),
});

export type QuoteOut = z.infer<typeof quoteResponse>;
export type RecurringLineOut = z.infer<typeof recurringLineResponse>;
export type InitialLineOut = z.infer<typeof initialLineResponse>;
