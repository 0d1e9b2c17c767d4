// Offer inputs shared by quotes, checkouts and contract creation (spec 2.4).
import { z } from "zod";
import { bundleItemSelectionInput } from "./bundles";
import { dateTimeInput, idInput, metadataInput, moneyInput, namedObject, percentInput } from "./common";
import { currencyInput } from "./currency";
import { trialFields } from "./trials";

export const quantityInput = z
  .number({ error: "A valid integer is required." })
  .int("A valid integer is required.")
  .min(1, "Ensure this value is greater than or equal to 1.")
  .max(1_000_000, "Ensure this value is less than or equal to 1000000.");

export const contractItemInput = namedObject("ContractItemInput", {
  price: idInput,
  rule_id: idInput.nullable().optional(),
  quantity: quantityInput.default(1),
  unit_amount_override: moneyInput.nullable().optional(),
  discount_percent: percentInput.nullable().optional(),
  start_at: dateTimeInput.nullable().optional(),
  end_at: dateTimeInput.nullable().optional(),
  metadata: metadataInput.optional(),
});

export const additionalBundleInput = namedObject("AdditionalBundle", {
  rule_id: idInput,
  bundle_template: idInput.optional(),
  bundle_template_id: idInput.optional(),
  bundle_selections: z.array(bundleItemSelectionInput).max(200).default([]),
  quantity: quantityInput.default(1),
  metadata: metadataInput.optional(),
});

const list = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: "A list is required." }).max(200, "Ensure this list has no more than 200 elements.");

export const offerFields = {
  customer_reference: z.string({ error: "A string is required." }).max(200).nullable().optional(),
  currency: currencyInput.optional(),
  bundle_template: idInput.nullable().optional(),
  bundle_quantity: quantityInput.default(1),
  bundle_item_selections: list(bundleItemSelectionInput).default([]),
  items: list(contractItemInput).nullable().optional(),
  initial_items: list(contractItemInput).default([]),
  initial_billing_mode: z
    .enum(["none", "create_initial_run", "next_invoice"], {
      error: "Must be none, create_initial_run or next_invoice.",
    })
    .optional(),
  additional_items: list(contractItemInput).default([]),
  additional_bundles: list(additionalBundleInput).default([]),
  metadata: metadataInput.optional(),
  payment_processor_override: idInput.nullable().optional(),
  billing_timezone: z
    .string({ error: "A string is required." })
    .max(64)
    .optional()
    .meta({ description: "Extension: IANA time zone of billing dates (default UTC)" }),
  billing_time: z
    .string({ error: "A string is required." })
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Use HH:MM.")
    .optional()
    .meta({ description: "Extension: local time of day of billing (default 00:00)" }),
  ...trialFields,
};

export const offerInput = z.object(offerFields);
export type OfferInput = z.infer<typeof offerInput>;
export type ContractItemInput = z.infer<typeof contractItemInput>;
