// Inputs for bundle templates the console creates: items with default/selectable prices, add-on rules.
import { z } from "zod";
import { positiveInt } from "./common";
import { currencyInput } from "./currency";

const quantity = z
  .number({ error: "A valid integer is required." })
  .int("A valid integer is required.")
  .min(0, "Must be 0 or more.")
  .max(1000, "Must be at most 1000.");

export const bundleItemInput = z.object({
  product_id: positiveInt,
  quantity: positiveInt.optional(),
  required: z.boolean().optional(),
  price_option_scope: z
    .enum(["fixed", "selectable", "product_active_recurring"], {
      error: "Must be fixed, selectable or product_active_recurring.",
    })
    .optional(),
  default_price_id: positiveInt.nullish(),
  selectable_price_ids: z.array(positiveInt).max(20).optional(),
});

export const bundleInput = z.object({
  name: z
    .string({ error: "This field is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(200, "Ensure this field has no more than 200 characters."),
  reference: z
    .string()
    .trim()
    .max(200)
    .refine((v) => /^[^/?#\s]*$/.test(v), "May not contain spaces, '/', '?' or '#'.")
    .nullish()
    .transform((v) => v || null),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
  default_currency: currencyInput.nullish(),
  active: z.boolean().optional(),
  items: z.array(bundleItemInput).min(1, "Add at least one item.").max(50, "At most 50 items."),
});

export const addonRuleInput = z.object({
  target_product_id: positiveInt.nullish(),
  target_bundle_id: positiveInt.nullish(),
  default_price_id: positiveInt.nullish(),
  min_quantity: quantity.optional(),
  max_quantity: quantity.nullish(),
  same_interval_required: z.boolean().optional(),
  same_currency_required: z.boolean().optional(),
});

export type BundleInput = z.output<typeof bundleInput>;
export type BundleItemInput = z.output<typeof bundleItemInput>;
export type AddonRuleInput = z.output<typeof addonRuleInput>;
