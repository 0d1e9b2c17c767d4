// The API changelog shown on /docs/versioning, newest first. Add an entry with every change to the
// OpenAPI document (tests/sdk/generated.test.ts reminds you when the SDK must be regenerated too).
export interface ChangelogEntry {
  date: string;
  changes: string[];
}

export const CHANGELOG: ChangelogEntry[] = [
  {
    date: "2026-11-26",
    changes: [
      "Item changes (items/add, update, remove) take payment_behavior (x-extension): allow_incomplete (default, unchanged behaviour) or pending_if_incomplete (the change applies only once its charge now is paid; a failed payment is a 400 `payment` and changes nothing). Their response gains change_state with pending_if_incomplete.",
      "Run state voided and event billing_run.voided (x-extension), with void_reason: change_not_paid (the payment of a pending_if_incomplete change failed; the change was dropped) or unpaid_checkout (a checkout never paid, closed when it or its session expired).",
      "Checkouts: after a declined payment, a new registration and finalize again pay the same contract's initial run; contracts gain ended_reason (unpaid_checkout).",
      "Quotes and checkouts with a discount: discount.recurring_total_amount_after_discount.",
      "Event payment_method.requested (x-extension): the seller asked a customer for a card; data carries the card form's url and expires_at.",
      "Usage-based billing, foundation (x-extension): billable metrics (POST/GET /v2/billable-metrics/, GET/PATCH /v2/billable-metrics/{id}/, POST …/archive/; aggregations count, sum, max, unique_count, latest; property filters) and usage events (POST /v2/usage-events/ with up to 1,000 events, idempotent by transaction_id, answering accepted, duplicates and rejected with reason codes; GET /v2/usage-events/ newest first with code, contract, from, to). Metered prices and their billing follow.",
      "Money back (x-extension): POST /v2/billing-runs/{id}/refunds/, credit-notes/, credit-notes/preview/, void/, mark-paid/, write-off/ and (test mode) disputes/; GET /v2/credit-notes/ and /v2/disputes/ (and by id), POST /v2/disputes/{id}/close/ (test mode). Run states voided and written_off; runs gain refunded_amount, credited_amount, disputed_amount; attempts gain method, reference, paid_at; receipts gain payments[].method and reference, and credit_notes. Events billing_run.refunded, billing_run.refund_failed, billing_run.marked_paid, billing_run.written_off, credit_note.created, dispute.created, dispute.closed.",
    ],
  },
  {
    date: "2026-11-23",
    changes: [
      "POST /v2/webhook-endpoints/ documents its response (WebhookEndpointCreated, with the signing secret).",
      "Operations can be marked deprecated in the document (deprecated: true, x-deprecation); none are.",
      "TypeScript SDK generated from the document; guides, events reference and this page.",
    ],
  },
  {
    date: "2026-11-01",
    changes: [
      "Extensions (x-extension): customers, webhook endpoints and deliveries, test clock, sales channels and embedded checkout sessions, contract credit (apply-credit, auto_apply_credit).",
    ],
  },
];
