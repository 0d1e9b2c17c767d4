// zod inputs of the console's list queries (contracts, billing runs): filters as the dashboard hands them out.
import { z } from "zod";
import { dateTimeInput, idInput, positiveInt } from "@/server/schemas/common";
import { currencyInput } from "@/server/schemas/currency";
import { CONSOLE_RUN_STATES } from "@/server/schemas/runStates";

const CONTRACT_STATES = ["inactive", "active", "paused", "canceled", "ended"] as const;
const SERVICE_STATES = ["active", "inactive", "partial", "past_due"] as const;

const oneOrMany = <T extends readonly [string, ...string[]]>(values: T) => {
  const one = z.enum(values, { error: `Must be one of: ${values.join(", ")}.` });
  return z.union([one, z.array(one).min(1).max(values.length)]).optional();
};
const text = z.string().trim().max(200, "Ensure this field has no more than 200 characters.");

export const pageInput = {
  page: positiveInt.max(1_000_000).default(1),
  pageSize: positiveInt.max(100, "Ensure this value is less than or equal to 100.").default(25),
};

export const contractListInput = z.object({
  ...pageInput,
  filters: z
    .object({
      state: oneOrMany(CONTRACT_STATES),
      service_state: oneOrMany(SERVICE_STATES),
      customer: text.optional(),
      currency: currencyInput.optional(),
      attention: z.boolean().optional(),
      started: z.boolean().optional(),
      created_from: dateTimeInput.optional(),
      created_after: dateTimeInput.optional(),
      created_to: dateTimeInput.optional(),
      ended_from: dateTimeInput.optional(),
      ended_after: dateTimeInput.optional(),
      ended_to: dateTimeInput.optional(),
      next_billing_from: dateTimeInput.optional(),
      next_billing_to: dateTimeInput.optional(),
    })
    .default({}),
  search: text.optional(),
  sort: z.enum(["created_desc", "created_asc", "next_billing_asc", "next_billing_desc"]).default("created_desc"),
});

export const runListInput = z.object({
  ...pageInput,
  filters: z
    .object({
      state: oneOrMany(CONSOLE_RUN_STATES),
      currency: currencyInput.optional(),
      customer: text.optional(),
      contract: idInput.optional(),
      period_from: dateTimeInput.optional(),
      period_to: dateTimeInput.optional(),
      scheduled_from: dateTimeInput.optional(),
      scheduled_to: dateTimeInput.optional(),
      paid_from: dateTimeInput.optional(),
      paid_to: dateTimeInput.optional(),
      refunded_from: dateTimeInput.optional(),
      refunded_to: dateTimeInput.optional(),
      disputed: z.literal("open").optional(),
    })
    .default({}),
});

export const retryInput = z.object({ id: idInput, reason: text.optional() });
