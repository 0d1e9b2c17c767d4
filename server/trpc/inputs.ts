// zod inputs of the console's mutations (field names as in the REST API, messages as the REST API words them).
import { z } from "zod";
import { dateTimeInput, idInput, moneyInput, positiveInt } from "@/server/schemas/common";
import { currencyInput } from "@/server/schemas/currency";

const requiredText = (max: number) =>
  z
    .string({ error: "This field is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** Optional text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string({ error: "A string is required." })
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

const reference = optionalText(200).refine(
  (v) => v === null || /^[^/?#\s]+$/.test(v),
  "May not contain spaces, '/', '?' or '#'.",
);

export const activeFilter = z.enum(["true", "false", "all"]).default("all");

export const productCreateInput = z.object({
  name: requiredText(200),
  reference,
  description: optionalText(2000),
  tax_policy: z.enum(["inclusive", "exclusive"], { error: "Must be inclusive or exclusive." }).nullish(),
  tax_rate_id: idInput.nullish(),
  active: z.boolean().optional(),
});

export const priceCreateInput = z.object({
  product_id: idInput,
  reference,
  currency: currencyInput,
  unit_amount: moneyInput,
  billing_type: z.enum(["recurring", "one_time"], { error: "Must be recurring or one_time." }),
  interval: z.enum(["day", "week", "month", "year"], { error: "Must be one of: day, week, month, year." }).nullish(),
  interval_count: positiveInt.nullish(),
  billing_day_of_month: z
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(1, "Must be between 1 and 31.")
    .max(31, "Must be between 1 and 31.")
    .nullish(),
  active: z.boolean().optional(),
});

export const priceVersionInput = z.object({
  price_id: idInput,
  unit_amount: moneyInput,
  effective_from: dateTimeInput,
});

export const idOnly = z.object({ id: idInput });
