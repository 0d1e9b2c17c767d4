// The events reference's data: every type in EVENT_TYPES (a new type appears without further work), when
// it is emitted, and the zod schema of its `data`, chosen by the resource the type names.
import { z } from "zod";
import { contractResponse } from "@/server/schemas/contracts";
import { billingRunEventData, contractStateEventData } from "@/server/schemas/events";
import { creditNoteResponse, disputeResponse, refundResponse } from "@/server/schemas/refunds";
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
  "billing_run.refunded":
    "Extension: a refund of a paid run went back to the customer (at once, or when an asynchronous processor confirmed it; a lost dispute's chargeback too); data is the run with `refund` (id, amount, currency, method, credit_note_id).",
  "billing_run.refund_failed":
    "Extension: the processor refused a refund (data: the refund, with fail_code and fail_message); the amount counts as refundable again.",
  "billing_run.marked_paid":
    "Extension: the seller recorded a payment made outside the processor (bank transfer, cash, cheque); data is the run with `payment` (method, reference, paid_at). billing_run.succeeded follows as for any payment.",
  "billing_run.written_off":
    "Extension: the seller wrote off an unpaid run as uncollectible (data carries write_off_reason); it can still be paid later.",
  "credit_note.created":
    "Extension: a credit note was issued on a paid run (a refund, a credit to the contract's balance, or a lost dispute); data is the credit note.",
  "dispute.created":
    "Extension: the customer's bank disputes a payment (chargeback); its amount is held until the dispute closes.",
  "dispute.closed":
    "Extension: a dispute ended: won (nothing more) or lost (the payment is reversed by a credit note, credit_note_id).",
  "usage.threshold_reached":
    "Extension: a contract's usage of a metered item in its current period reached one of the price's usage_thresholds (sent once per item, period and threshold); data: contract_id, contract_item_id, price_id, billable_metric_id, billable_metric_code, threshold, quantity, period_start_at, period_end_at.",
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
  if (type === "billing_run.refund_failed") return { data: refundResponse, dataNote: null };
  if (type.startsWith("billing_run.")) return { data: billingRunEventData, dataNote: null };
  if (type === "credit_note.created") return { data: creditNoteResponse, dataNote: null };
  if (type.startsWith("dispute.")) return { data: disputeResponse, dataNote: null };
  return { data: z.record(z.string(), z.unknown()), dataNote: "The resource the event names." };
}

export function eventCatalog(): EventDoc[] {
  return EVENT_TYPES.map((type: string) => ({
    type,
    when: WHEN[type as EventType] ?? "Emitted by the service; see the guides for context.",
    ...dataOf(type),
  }));
}
