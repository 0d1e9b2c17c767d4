// Zod schemas of billing runs, attempts, credit and retry bodies, the test clock and webhook endpoints.
import { z } from "zod";
import {
  dateTime,
  dateTimeInput,
  idQuery,
  metadata,
  money,
  moneyInput,
  namedObject,
  pageQuery,
  timestamps,
} from "./common";
import { pricedLineFields, runHeaderFields } from "./runShapes";
import { RUN_STATES } from "./runStates";

export const runListQuery = z.object({
  contract: idQuery,
  state: z
    .enum(RUN_STATES, {
      error: "Unknown billing run state.",
    })
    .optional(),
  customer: idQuery,
  customer_reference: z.string().optional(),
  ...pageQuery,
});

export const billingRunLineResponse = namedObject("BillingRunLine", {
  id: z.number().int(),
  ...pricedLineFields,
  quantity: z.number().meta({
    description: "Units billed; on a usage line (kind usage) the metered aggregate, which may be fractional",
  }),
  line_subtotal_amount: money,
  line_tax_amount: money,
  line_total_amount: money,
  service_period_start_at: dateTime,
  service_period_end_at: dateTime,
  proration_reason: z.string().nullable(),
  kind: z.string(),
  description: z.string(),
  usage_quantity: z.string().nullable().meta({
    "x-extension": true,
    description: "Extension: the exact metered aggregate a usage line bills (kind usage); null on other lines",
  }),
});

export const billingAttemptResponse = namedObject("BillingAttempt", {
  id: z.number().int(),
  attempt_no: z.number().int(),
  state: z.string(),
  amount: money,
  transaction_id: z.string().nullable(),
  fail_code: z.string().nullable(),
  fail_message: z.string().nullable(),
  created_at: dateTime,
  method: z.string().nullable().meta({
    "x-extension": true,
    description:
      "Extension: null when the processor took the payment; bank_transfer, cash, cheque or other when the seller recorded it (mark-paid)",
  }),
  reference: z
    .string()
    .nullable()
    .meta({ "x-extension": true, description: "Extension: the seller's reference of such a payment" }),
  paid_at: dateTime
    .nullable()
    .meta({ "x-extension": true, description: "Extension: when the money was paid, for a payment recorded later" }),
});

export const billingRunResponse = namedObject("BillingRun", {
  ...runHeaderFields(z.string()),
  credit_applied_amount: money.meta({
    description:
      "Contract credit used by this run (POST /v2/billing-runs/{id}/apply-credit/, or automatically with auto_apply_credit)",
  }),
  amount_due: money.meta({ description: "total_amount − credit_applied_amount (never negative)" }),
  rounding_adjustment_amount: money.meta({
    description:
      "amount_due − charged_amount: the part below the currency's minor unit (ISO 4217), rounded half-up; negative when rounded up",
  }),
  charged_amount: money.meta({
    description:
      "What the processor is (or was) asked to charge: amount_due rounded half-up to the currency's minor unit, so total_amount − credit_applied_amount − rounding_adjustment_amount = charged_amount exactly; 0.0000 when credit covers the run",
  }),
  scheduled_at: dateTime,
  next_attempt_at: dateTime.nullable(),
  metadata,
  lines: z.array(billingRunLineResponse),
  attempts: z.array(billingAttemptResponse),
  transactions: z.array(
    z.object({ type: z.string(), id: z.string(), amount: money, state: z.string(), created_at: dateTime }),
  ),
  status: z.string(),
  ...timestamps,
  refunded_amount: money.meta({
    "x-extension": true,
    description: "Extension: refunds of this run that went back (chargebacks included); pending and failed ones aside",
  }),
  credited_amount: money.meta({
    "x-extension": true,
    description: "Extension: the totals of its credit notes (refunded or credited to the contract's balance)",
  }),
  disputed_amount: money.meta({ "x-extension": true, description: "Extension: what open disputes hold" }),
});

export const applyCreditBody = namedObject("BillingRunApplyCreditRequest", {
  amount: moneyInput.optional().meta({ description: "Credit to use; default: as much as covers the amount due" }),
  reason: z.string({ error: "A string is required." }).trim().max(1000).optional(),
});

export const retryBody = namedObject("BillingRunRetryRequest", {
  reason: z.string({ error: "This field is required." }).trim().min(1, "This field may not be blank.").max(1000),
});

export const testClockBody = namedObject("TestClockAdvanceRequest", {
  to: dateTimeInput.optional(),
  seconds: z
    .number()
    .int()
    .min(0)
    .max(10 * 366 * 86_400)
    .optional(),
});
export const testClockResponse = namedObject("TestClockAdvanceResult", {
  test_clock_at: dateTime,
  processed: z.object({
    contracts: z.number().int(),
    runsCreated: z.number().int(),
    runsExecuted: z.number().int(),
    changes: z.number().int(),
  }),
});

export const webhookEndpointBody = z.object({
  url: z.string().url("Enter a valid URL.").max(2000),
  enabled_events: z.array(z.string().max(100)).max(50).optional(),
});

export const webhookEndpointCreatedResponse = namedObject("WebhookEndpointCreated", {
  id: z.number().int(),
  url: z.string(),
  secret: z.string().meta({ description: "Signing secret (`whsec_...`), shown only in this response" }),
  enabled_events: z.array(z.string()).meta({ description: '`["*"]` for every event type' }),
  active: z.boolean(),
  created_at: dateTime,
});

export const webhookEndpointResponse = namedObject("WebhookEndpoint", {
  id: z.number().int(),
  url: z.string(),
  secret_prefix: z
    .string()
    .meta({ description: "The signing secret's first 10 characters (the whole secret is shown once, at creation)" }),
  enabled_events: z.array(z.string()).meta({ description: '`["*"]` for every event type' }),
  active: z.boolean(),
  created_at: dateTime,
});

const webhookDeliveryFields = {
  id: z.number().int(),
  event_id: z.string().meta({ description: "The delivered event's `id`" }),
  event_type: z.string().meta({ description: "The delivered event's `type`" }),
  state: z.enum(["pending", "succeeded", "dead"]).meta({
    description: "pending: waiting for its next attempt; succeeded: a 2xx answer; dead: attempts exhausted",
  }),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().meta({ description: "HTTP status of the last attempt (null: no answer)" }),
  last_error: z.string().nullable(),
  next_attempt_at: dateTime,
  created_at: dateTime,
};

export const webhookDeliveryResponse = namedObject("WebhookDelivery", webhookDeliveryFields);

export const webhookDeliveryAttemptResponse = namedObject("WebhookDeliveryAttempt", {
  number: z.number().int().meta({ description: "1 for the first attempt, counting on across replays" }),
  started_at: dateTime,
  duration_ms: z.number().int(),
  response_status: z.number().int().nullable().meta({ description: "HTTP status of the answer (null: no answer)" }),
  error: z.string().nullable().meta({
    description:
      "null when delivered; else `HTTP <status>`, `timed out`, `could not connect` or `refused: address not allowed`",
  }),
  response_body: z.string().nullable().meta({ description: "The start of the answer's body (at most 500 characters)" }),
});

export const webhookDeliveryDetailResponse = namedObject("WebhookDeliveryDetail", {
  ...webhookDeliveryFields,
  attempt_log: z.array(webhookDeliveryAttemptResponse).meta({ description: "Every attempt, oldest first" }),
});

export const webhookDeliveryListQuery = z.object({
  state: z
    .enum(["pending", "succeeded", "dead", "failed"], { error: "Must be one of: pending, succeeded, dead, failed." })
    .optional()
    .meta({ description: "`failed`: the last attempt failed (dead, or pending a retry)" }),
  event_type: z.string().max(200).optional().meta({ description: "Only deliveries of this event type" }),
  created_from: dateTimeInput.optional().meta({ description: "Created at or after" }),
  created_to: dateTimeInput.optional().meta({ description: "Created at or before" }),
  ...pageQuery,
});
