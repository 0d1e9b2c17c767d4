// Inputs for catalog records the console creates and edits: tax rates, shipping options, billing schedules.
import { z } from "zod";
import { isValidZone } from "@/server/domain/catalog/zones";
import { moneyInput, percentInput, positiveInt } from "./common";
import { currencyInput } from "./currency";

const name = z
  .string({ error: "This field is required." })
  .trim()
  .min(1, "This field may not be blank.")
  .max(200, "Ensure this field has no more than 200 characters.");

export const taxRateInput = z.object({ name, percentage: percentInput, active: z.boolean().optional() });

export const shippingOptionInput = z.object({
  name,
  service_code: z
    .string({ error: "This field is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(100, "Ensure this field has no more than 100 characters."),
  currency: currencyInput,
  price_amount: moneyInput,
  free_above_amount: moneyInput.nullish(),
  requires_location: z.boolean().optional(),
  active: z.boolean().optional(),
});

const ruleInput = z.object({
  month: z
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(1, "Must be between 1 and 12.")
    .max(12, "Must be between 1 and 12.")
    .nullish(),
  day: z
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(1, "Must be between 1 and 31.")
    .max(31, "Must be between 1 and 31."),
  label: z.string().trim().max(100, "Ensure this field has no more than 100 characters.").nullish(),
});

export const billingScheduleInput = z.object({
  name,
  timezone: z
    .string({ error: "This field is required." })
    .trim()
    .refine(isValidZone, "Must be an IANA time zone, e.g. Europe/Helsinki."),
  rules: z.array(ruleInput).min(1, "Add at least one billing date.").max(24, "At most 24 billing dates."),
  active: z.boolean().optional(),
});

/** One page of a console catalog list: a name search and the active filter, as the list's URL holds them. */
export const catalogListInput = z
  .object({
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(25),
    q: z.string().trim().max(200).optional(),
    active: z.enum(["true", "false", "all"]).default("all"),
  })
  .default({ page: 1, pageSize: 25, active: "all" });

export const withId = <T extends z.ZodRawShape>(shape: z.ZodObject<T>) => shape.partial().extend({ id: positiveInt });

export type CatalogListInput = z.output<typeof catalogListInput>;
export type TaxRateInput = z.output<typeof taxRateInput>;
export type ShippingOptionInput = z.output<typeof shippingOptionInput>;
export type BillingScheduleInput = z.output<typeof billingScheduleInput>;
