// zod filters of the console's lists (contracts, billing runs, credit notes, audit log, customers): the tRPC list
// inputs take them as objects, and the exports (REST and the console's download) read the same filters from a
// URL query through `fromQuery`, so a filter means one thing and is refused with one message everywhere.
import { z } from "zod";
import { ACTOR_TYPES } from "@/server/domain/audit/audit";
import { dateTimeInput, idInput } from "@/server/schemas/common";
import { currencyInput } from "@/server/schemas/currency";
import { CONSOLE_RUN_STATES } from "@/server/schemas/runStates";

export const CONTRACT_STATES = ["inactive", "active", "paused", "canceled", "ended"] as const;
export const SERVICE_STATES = ["active", "inactive", "partial", "past_due"] as const;
export const CREDIT_NOTE_KINDS = ["refund", "credit", "dispute"] as const;

const oneOrMany = <T extends readonly [string, ...string[]]>(values: T) => {
  const error = `Must be one of: ${values.join(", ")}.`;
  const one = z.enum(values, { error });
  return z.union([one, z.array(one).min(1).max(values.length)], { error }).optional();
};
export const listText = z.string().trim().max(200, "Ensure this field has no more than 200 characters.");

export const contractListFilters = z.object({
  state: oneOrMany(CONTRACT_STATES),
  service_state: oneOrMany(SERVICE_STATES),
  customer: listText.optional(),
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
});

export const runListFilters = z.object({
  state: oneOrMany(CONSOLE_RUN_STATES),
  currency: currencyInput.optional(),
  customer: listText.optional(),
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
});

export const creditNoteListFilters = z.object({
  kind: z.enum(CREDIT_NOTE_KINDS, { error: `Must be one of: ${CREDIT_NOTE_KINDS.join(", ")}.` }).optional(),
});

export const auditLogFilters = z.object({
  actor_type: z.enum(ACTOR_TYPES, { error: `Must be one of: ${ACTOR_TYPES.join(", ")}.` }).optional(),
  action: listText.optional(),
});

/**
 * A filter object read from a URL query (every value a string): a comma list becomes an array where the
 * filter takes several values, `true`/`false` a boolean where it takes one, digits a number where it takes
 * an id; anything else is passed on as the string, so the filter's own schema refuses it with its message.
 */
export function fromQuery<S extends z.ZodObject>(filters: S) {
  const shape = filters.shape as Record<string, z.ZodType>;
  const accepts = (key: string, value: unknown) => shape[key]?.safeParse(value).success ?? false;
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== "object") return raw;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      if (!(key in shape) || typeof value !== "string") continue;
      if (value === "") continue; // an empty parameter is no filter, as on the list pages
      const list = value.split(",").map((v) => v.trim());
      const candidates: unknown[] = [
        list.length > 1 ? list : value,
        value === "true" ? true : value === "false" ? false : undefined,
        /^\d{1,9}$/.test(value) ? Number(value) : undefined,
      ];
      out[key] = candidates.find((c) => c !== undefined && accepts(key, c)) ?? value;
    }
    return out;
  }, filters);
}
