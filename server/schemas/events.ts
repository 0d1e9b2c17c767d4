// Webhook event payloads: the envelope every delivery has and the `data` shapes by resource. The events
// reference (/docs/events) renders these; outbox rows are written with the same fields (outbox.ts eventRow).
import { z } from "zod";
import { dateTime, namedObject } from "./common";
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
