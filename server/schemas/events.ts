// Webhook event payloads: the envelope every delivery has and the `data` shapes by resource. The events
// reference (/docs/events) renders these; outbox rows are written with the same fields (outbox.ts eventRow).
import { z } from "zod";
import { dateTime, money } from "./common";
import { contractResponse } from "./contracts";

export const billingRunEventData = z
  .object({
    id: z.number().int(),
    contract_id: z.number().int(),
    customer_id: z.number().int(),
    customer_reference: z.string().nullable(),
    kind: z.enum(["initial", "regular", "adjustment"]),
    state: z.enum(["scheduled", "processing", "succeeded", "failed", "exhausted", "pending_external", "canceled"]),
    currency: z.string(),
    period_start_at: dateTime,
    period_end_at: dateTime,
    subtotal_amount: money,
    tax_amount: money,
    total_amount: money,
    attempt_count: z.number().int(),
    fail_code: z.string().nullable().optional().meta({ description: "On billing_run.failed and .exhausted" }),
    fail_message: z.string().nullable().optional().meta({ description: "On billing_run.failed and .exhausted" }),
  })
  .meta({ id: "BillingRunEventData" });

/** Contract events carry the contract as GET returns it, or (activation by a first payment, the end of the last period) at least these fields. */
export const contractStateEventData = contractResponse.pick({
  id: true,
  state: true,
  cancel_at_period_end: true,
  cancel_at: true,
  canceled_at: true,
  ended_at: true,
});

export const eventEnvelope = <Data extends z.ZodType>(data: Data) =>
  z.object({
    id: z.string().meta({ description: "Event id (`evt_...`), also the `webhook-id` header: deduplicate by it" }),
    type: z.string(),
    created_at: dateTime,
    data,
  });
