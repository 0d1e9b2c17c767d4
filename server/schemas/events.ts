// Webhook event payloads: the envelope every delivery has and the `data` shapes by resource. The events
// reference (/docs/events) renders these; outbox rows are written with the same fields (outbox.ts eventRow).
import { z } from "zod";
import { dateTime, money, namedObject } from "./common";
import { contractResponse } from "./contracts";
import { runHeaderFields } from "./runShapes";

export const billingRunEventData = namedObject("BillingRunEventData", {
  ...runHeaderFields(z.enum(["initial", "regular", "adjustment"])),
  fail_code: z.string().nullable().optional().meta({ description: "On billing_run.failed, .exhausted and .canceled" }),
  fail_message: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "On billing_run.failed, .exhausted and .canceled" }),
  void_reason: z.string().optional().meta({ description: "On billing_run.voided" }),
  write_off_reason: z.string().optional().meta({ description: "On billing_run.written_off" }),
  refund: z
    .object({
      id: z.number().int(),
      amount: money,
      currency: z.string(),
      method: z.enum(["processor", "outside", "chargeback"]),
      credit_note_id: z.number().int(),
    })
    .optional()
    .meta({ description: "On billing_run.refunded: the refund that went back" }),
  payment: z
    .object({ method: z.string(), reference: z.string().nullable(), paid_at: dateTime })
    .optional()
    .meta({ description: "On billing_run.marked_paid: how it was paid" }),
});

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
