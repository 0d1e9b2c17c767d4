// Inputs that create catalog records (REST extension and console): products, prices (licensed, tiered or
// metered) and price versions. Field names as the REST API has them, messages as it words them.
import { z } from "zod";
import { dateTimeInput, idInput, moneyInput, positiveInt } from "./common";
import { currencyInput } from "./currency";

export const requiredText = (max: number) =>
  z
    .string({ error: "This field is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** Optional text: blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string({ error: "A string is required." })
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

export const referenceInput = optionalText(200).refine(
  (v) => v === null || /^[^/?#\s]+$/.test(v),
  "May not contain spaces, '/', '?' or '#'.",
);

export const productCreateInput = z
  .object({
    name: requiredText(200),
    reference: referenceInput,
    description: optionalText(2000),
    tax_policy: z.enum(["inclusive", "exclusive"], { error: "Must be inclusive or exclusive." }).nullish(),
    tax_rate_id: idInput.nullish(),
    active: z.boolean().optional(),
  })
  .meta({ id: "CatalogProductCreate", description: "Extension: creates a catalog product." });

// amounts and quantities as strings or numbers; their form is checked by pricing/usagePricing.ts (the messages
// then name the tier)
const decimalText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

export const pricingModelInput = z
  .object({
    model: z.enum(["per_unit", "package", "graduated", "volume"], {
      error: "Must be one of: per_unit, package, graduated, volume.",
    }),
    unit_amount: decimalText.optional(),
    package_size: decimalText.optional(),
    package_amount: decimalText.optional(),
    tiers: z
      .array(
        z.object({
          up_to: decimalText.nullable(),
          unit_amount: decimalText.default("0"),
          flat_amount: decimalText.default("0"),
        }),
      )
      .max(50, "At most 50 tiers.")
      .optional(),
  })
  .meta({
    id: "PricingModel",
    "x-extension": true,
    description:
      "Extension: how a quantity is priced. per_unit (unit_amount, up to 12 decimals), package (package_amount per package_size units, rounded up), graduated (each tier prices its own units) or volume (the tier the whole quantity reaches prices every unit); tiers ascend by up_to, the last one open (null), each with unit_amount and flat_amount.",
  });

export const priceCreateInput = z
  .object({
    product_id: idInput,
    reference: referenceInput,
    currency: currencyInput,
    unit_amount: moneyInput.optional(),
    billing_type: z.enum(["recurring", "one_time"], { error: "Must be recurring or one_time." }),
    interval: z.enum(["day", "week", "month", "year"], { error: "Must be one of: day, week, month, year." }).nullish(),
    interval_count: positiveInt.nullish(),
    billing_day_of_month: z
      .number({ error: "A valid integer is required." })
      .int("A valid integer is required.")
      .min(1, "Must be between 1 and 31.")
      .max(31, "Must be between 1 and 31.")
      .nullish(),
    billing_schedule_id: idInput.nullish(),
    active: z.boolean().optional(),
    usage_type: z
      .enum(["licensed", "metered"], { error: "Must be licensed or metered." })
      .optional()
      .meta({ "x-extension": true, description: "Extension: metered prices bill a metric's usage in arrears" }),
    billable_metric_id: idInput
      .nullish()
      .meta({ "x-extension": true, description: "Extension: the metric a metered price bills" }),
    pricing_model: pricingModelInput.nullish(),
    usage_thresholds: z.array(decimalText).max(10, "At most 10 thresholds.").optional().meta({
      "x-extension": true,
      description: "Extension: usage quantities of a period at which usage.threshold_reached is sent",
    }),
  })
  .meta({
    id: "CatalogPriceCreate",
    description:
      "Extension: creates a price. Licensed prices need unit_amount or a graduated/volume pricing_model; metered prices need billable_metric_id and pricing_model.",
  });

export const priceVersionBody = z
  .object({
    unit_amount: moneyInput.optional(),
    pricing_model: pricingModelInput.nullish(),
    effective_from: dateTimeInput,
  })
  .meta({ id: "CatalogPriceVersionCreate", description: "Extension: schedules a new version of a price." });

export const priceVersionInput = priceVersionBody.extend({ price_id: idInput });

export type PriceCreateInput = z.output<typeof priceCreateInput>;
export type PricingModelInput = z.output<typeof pricingModelInput>;
