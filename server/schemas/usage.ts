// Usage-based billing (an extension of the spec): billable metrics and usage events, one shape per resource
// for parsing, responses and the OpenAPI document.
import { z } from "zod";
import { dateTime, dateTimeInput, idInput, idQuery, money, pageQuery, timestamps } from "./common";

export const AGGREGATIONS = ["count", "sum", "max", "unique_count", "latest"] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
/** The events of a request: more is a 400 for the whole request. */
export const MAX_EVENTS_PER_REQUEST = 1000;

const filterValues = z.union([z.string(), z.array(z.string())]);
const filters = z.record(z.string(), filterValues).meta({
  description:
    "Only events whose string property equals the value (or one of the values) count; events that do not match are stored but counted nowhere",
  example: { region: ["eu", "us"] },
});

export const billableMetricResponse = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    aggregation: z.enum(AGGREGATIONS),
    field_name: z.string().nullable().meta({ description: "The property aggregated; null for count" }),
    filters,
    archived: z.boolean(),
    archived_at: dateTime.nullable(),
    ...timestamps,
  })
  .meta({
    id: "BillableMetric",
    description:
      "Extension: how an account's usage events of one `code` add up over a period: `count` of events, `sum`, `max` or `latest` value of a numeric property, or `unique_count` of a property's distinct values.",
    "x-extension": true,
  });

const text = (max: number) =>
  z
    .string({ error: "A string is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(max, `Ensure this field has no more than ${max} characters.`);

const metricCode = z
  .string({ error: "A string is required." })
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, "1 to 100 letters, digits, '_', '-', '.' or ':'.");
const fieldName = z
  .string({ error: "A string is required." })
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, "1 to 100 letters, digits, '_', '-', '.' or ':'.");
const filterValue = text(200);
const filtersInput = z
  .record(
    fieldName,
    z.union([filterValue, z.array(filterValue).min(1).max(50)], {
      error: "A string or a list of strings is required.",
    }),
  )
  .refine((r) => Object.keys(r).length <= 20, "At most 20 properties.");
const aggregation = z.enum(AGGREGATIONS, { error: "Must be one of: count, sum, max, unique_count, latest." });

/** field_name is required by every aggregation but count, which takes none. */
function fieldRule(v: { aggregation?: Aggregation; field_name?: string | null }, issue: z.core.$RefinementCtx) {
  if (v.aggregation === undefined) return;
  const has = v.field_name !== undefined && v.field_name !== null;
  if (v.aggregation === "count" && has)
    issue.addIssue({ code: "custom", path: ["field_name"], message: "Not used by aggregation count." });
  if (v.aggregation !== "count" && !has)
    issue.addIssue({ code: "custom", path: ["field_name"], message: `Required by aggregation ${v.aggregation}.` });
}

export const billableMetricCreateBody = z
  .strictObject({
    code: metricCode,
    name: text(200),
    description: z.string({ error: "A string is required." }).max(1000).optional(),
    aggregation,
    field_name: fieldName.nullable().optional(),
    filters: filtersInput.optional(),
  })
  .superRefine(fieldRule)
  .meta({
    description:
      "`code` is unique in the account. `field_name` names the property that `sum`, `max` and `latest` read as a number and `unique_count` counts distinct values of; `count` takes none.",
  });

export const billableMetricPatchBody = z
  .strictObject({
    name: text(200).optional(),
    description: z.string({ error: "A string is required." }).max(1000).optional(),
    aggregation: aggregation.optional(),
    field_name: fieldName.nullable().optional(),
    filters: filtersInput.optional(),
  })
  .meta({
    description:
      "`aggregation`, `field_name` and `filters` can change only while the metric has no events (the hourly rollups are built with them); `code` never changes.",
  });

export const billableMetricListQuery = z.object({
  archived: z
    .enum(["true", "false", "all"], { error: "Must be one of: true, false, all." })
    .optional()
    .meta({ description: "Default false: only metrics in use. `all`: every metric." }),
  code: z.string().optional(),
  ...pageQuery,
});

// Usage events ---------------------------------------------------------------------------------------
const propertyValue = z.union([
  z.string().max(200, "Ensure this value has no more than 200 characters."),
  z.number({ error: "A string or a number is required." }),
]);

/** One event as the domain checks it: a bad event is rejected alone, the rest of the request goes on. */
export const usageEventInput = z
  .strictObject({
    transaction_id: text(200),
    code: metricCode,
    contract_id: idInput.optional(),
    customer_reference: text(200).optional(),
    timestamp: dateTimeInput.optional(),
    properties: z
      .record(z.string().max(100), propertyValue, { error: "An object of strings and numbers is required." })
      .refine((r) => Object.keys(r).length <= 50, "At most 50 properties.")
      .optional(),
  })
  .superRefine((v, issue) => {
    if ((v.contract_id === undefined) === (v.customer_reference === undefined))
      issue.addIssue({
        code: "custom",
        path: ["contract_id"],
        message: "Exactly one of contract_id or customer_reference is required.",
      });
  });
export type UsageEventInput = z.infer<typeof usageEventInput>;

// the document's view of one event (the runtime checks each event on its own, see usageEventInput)
const eventDocument = {
  type: "object",
  required: ["transaction_id", "code"],
  additionalProperties: false,
  properties: {
    transaction_id: {
      type: "string",
      maxLength: 200,
      description: "Unique in the account: an event sent again (also in parallel) is counted once",
    },
    code: { type: "string", description: "The billable metric's code" },
    contract_id: { type: "integer", description: "The contract; or customer_reference" },
    customer_reference: {
      type: "string",
      description: "The customer whose one live contract the event belongs to; or contract_id",
    },
    timestamp: {
      type: "string",
      format: "date-time",
      description:
        "When the usage happened; default now on the account's clock. Accepted from the later of the contract's creation and 35 days ago, to 5 minutes ahead.",
    },
    properties: {
      type: "object",
      additionalProperties: { type: ["string", "number"] },
      description: "At most 50 string or number values",
    },
  },
};

export const usageEventsBody = z
  .object({
    events: z
      .array(z.unknown(), { error: "A list of events is required." })
      .min(1, "At least one event is required.")
      .max(MAX_EVENTS_PER_REQUEST, `At most ${MAX_EVENTS_PER_REQUEST} events per request.`)
      .meta({ override: { type: "array", minItems: 1, maxItems: MAX_EVENTS_PER_REQUEST, items: eventDocument } }),
  })
  .meta({
    description: `Up to ${MAX_EVENTS_PER_REQUEST} events. Each is accepted, a duplicate (its transaction_id was accepted before) or rejected with a reason; only a malformed request as a whole is a 400.`,
  });

export const REJECTION_CODES = [
  "invalid_event",
  "unknown_metric",
  "archived_metric",
  "unknown_contract",
  "ambiguous_customer",
  "contract_ended",
  "no_metered_item",
  "period_closed",
  "timestamp_out_of_window",
  "bad_property",
] as const;

export const usageIngestResponse = z
  .object({
    accepted: z.number().int().meta({ description: "Events stored and counted by their metric" }),
    duplicates: z.number().int().meta({ description: "Events whose transaction_id was already accepted" }),
    rejected: z.array(
      z.object({
        index: z.number().int().meta({ description: "Position in `events`" }),
        transaction_id: z.string().nullable(),
        code: z.enum(REJECTION_CODES),
        message: z.string(),
      }),
    ),
  })
  .meta({ id: "UsageIngestResult", "x-extension": true });

export const usageEventResponse = z
  .object({
    id: z.number().int(),
    transaction_id: z.string(),
    code: z.string(),
    metric_id: z.number().int(),
    contract_id: z.number().int(),
    timestamp: dateTime,
    properties: z.record(z.string(), z.union([z.string(), z.number()])),
    counted: z.boolean().meta({ description: "false: the event does not match its metric's filters" }),
    received_at: dateTime,
  })
  .meta({ id: "UsageEvent", description: "Extension: a usage event as it was accepted.", "x-extension": true });

export const usageEventListQuery = z.object({
  code: z.string().optional(),
  contract: idQuery,
  from: dateTimeInput.optional().meta({ description: "Events at or after this instant" }),
  to: dateTimeInput.optional().meta({ description: "Events before this instant" }),
  ...pageQuery,
});

export type BillableMetricOut = z.infer<typeof billableMetricResponse>;
export type BillableMetricCreateInput = z.infer<typeof billableMetricCreateBody>;
export type BillableMetricPatchInput = z.infer<typeof billableMetricPatchBody>;
export type UsageIngestOut = z.infer<typeof usageIngestResponse>;
export type UsageEventOut = z.infer<typeof usageEventResponse>;

const usageTierOut = z.object({
  from: z.string(),
  to: z.string(),
  quantity: z.string(),
  unit_amount: z.string(),
  flat_amount: money,
  amount: money,
});

export const contractUsageResponse = z
  .object({
    contract_id: z.number().int(),
    currency: z.string(),
    as_of: dateTime,
    amount: money.meta({ description: "The metered items' amounts so far (before tax)" }),
    estimated_amount: money.meta({ description: "An estimate of the amounts at the periods' ends (estimate_method)" }),
    estimate_method: z.string(),
    items: z.array(
      z.object({
        contract_item_id: z.number().int(),
        price_id: z.number().int(),
        product_name: z.string(),
        billable_metric_id: z.number().int(),
        billable_metric_code: z.string(),
        billable_metric_name: z.string(),
        aggregation: z.enum(AGGREGATIONS),
        pricing_description: z.string(),
        period_start_at: dateTime,
        period_end_at: dateTime,
        quantity: z.string().meta({ description: "The aggregate of the period so far" }),
        amount: money.meta({
          description: "What the usage so far costs (before tax), as the period's run will bill it",
        }),
        tiers: z.array(usageTierOut).meta({ description: "The tiers (or packages) the usage so far reached" }),
        estimated_quantity: z.string(),
        estimated_amount: money,
        thresholds_reached: z.array(z.string()),
        daily: z.array(z.object({ date: z.string(), quantity: z.string() })),
      }),
    ),
  })
  .meta({
    id: "ContractUsage",
    "x-extension": true,
    description: "Extension: a contract's metered usage in its current periods",
  });

export type ContractUsageOut = z.infer<typeof contractUsageResponse>;
