// The events reference's data: every type in EVENT_TYPES (a new type appears without further work), when
// it is emitted, and the zod schema of its `data`, chosen by the resource the type names.
import { z } from "zod";
import { contractResponse } from "@/server/schemas/contracts";
import { billingRunEventData, contractStateEventData } from "@/server/schemas/events";
import { EVENT_TYPES, type EventType } from "./outbox";

const WHEN: Partial<Record<EventType, string>> = {
  "subscription_contract.created": "A contract was created (API, checkout finalize or embedded checkout).",
  "subscription_contract.updated":
    "A contract changed: items, metadata, payment settings, credit, or a scheduled change took effect.",
  "subscription_contract.canceled": "A contract was canceled (at once, or its cancellation took effect).",
  "subscription_contract.paused": "A pause started.",
  "subscription_contract.resumed": "A paused contract resumed.",
  "subscription_contract.restarted": "A canceled contract was restarted.",
  "subscription_contract.activated": "An inactive contract became active (e.g. its first payment succeeded).",
  "subscription_contract.ended": "A contract reached its end: nothing is left to bill.",
  "billing_run.created": "A billing run was created for a period (initial, regular or adjustment).",
  "billing_run.succeeded": "A billing run was paid (by the processor, or entirely by credit).",
  "billing_run.failed": "A charge failed; the next dunning attempt is scheduled.",
  "billing_run.exhausted": "The last dunning attempt failed: no automatic retries remain.",
  "payment_method.requested":
    "Extension: the seller asked a customer for a card (console: Request a card); data carries customer_id, customer_reference, url (the hosted card form) and expires_at. Mailed to the customer when notice mails are configured.",
  "billing_run.voided":
    "Extension: a run will never be collected; data carries void_reason: unpaid_checkout (the first payment of a checkout never made, closed when the checkout or its session expired) or change_not_paid (the payment of an item change made with payment_behavior=pending_if_incomplete failed, with fail_code and fail_message; the change was dropped).",
  "subscription_contract.trial_will_end":
    "Extension: a contract's free trial ends in 3 days (or sooner, for a shorter trial).",
  "subscription_contract.trial_ended":
    "Extension: a contract's free trial ended: the first period is billed, or without a usable payment method the contract was canceled or paused (its trial_end_behavior).",
};

export interface EventDoc {
  type: string;
  when: string;
  data: z.ZodType;
  dataNote: string | null;
}

function dataOf(type: string): Pick<EventDoc, "data" | "dataNote"> {
  if (type.startsWith("subscription_contract."))
    return {
      data: contractResponse,
      dataNote: `The contract as GET returns it; activation by a first payment and the end of the last period send at least ${Object.keys(contractStateEventData.shape).join(", ")}.`,
    };
  if (type.startsWith("billing_run.")) return { data: billingRunEventData, dataNote: null };
  return { data: z.record(z.string(), z.unknown()), dataNote: "The resource the event names." };
}

export function eventCatalog(): EventDoc[] {
  return EVENT_TYPES.map((type: string) => ({
    type,
    when: WHEN[type as EventType] ?? "Emitted by the service; see the guides for context.",
    ...dataOf(type),
  }));
}
