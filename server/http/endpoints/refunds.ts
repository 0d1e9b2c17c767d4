// REST routes of money flowing back (extensions): refunds and credit notes on a paid run, void, mark paid and
// write off of an unpaid run, credit notes and disputes (test mode: open and close one as the processor would).
import { z } from "zod";
import { markRunPaid, voidRun, writeOffRun } from "@/server/domain/billing/runActions";
import { sandboxWebhookReceiver } from "@/server/domain/checkouts/processorWebhook";
import { previewCreditNote } from "@/server/domain/refunds/creditNotes";
import { creditRun, getCreditNote, listCreditNotes } from "@/server/domain/refunds/creditRun";
import { getDispute, listDisputes, simulateDispute, simulateDisputeOutcome } from "@/server/domain/refunds/disputes";
import { defineEndpoint, intId } from "@/server/http/endpoint";
import { recordEndpoints } from "@/server/http/recordEndpoints";
import { billingRunResponse } from "@/server/schemas/billing";
import { idQuery } from "@/server/schemas/common";
import {
  creditNoteBody,
  creditNotePreviewResponse,
  creditNoteResponse,
  disputeOutcomeBody,
  disputeResponse,
  disputeSimulateBody,
  markPaidBody,
  refundBody,
  voidBody,
  writeOffBody,
} from "@/server/schemas/refunds";

const run = recordEndpoints("/v2/billing-runs/{billingRunId}/", billingRunResponse, {
  tags: ["Billing runs"],
  extension: true,
});
const tags = { tags: ["Credit notes and disputes"], extension: true };

export const refundEndpoints = [
  run.route({
    method: "POST",
    below: "refunds/",
    summary: "Refund a paid run, in full or in part (a credit note whose total goes back to the customer)",
    body: refundBody,
    bodyRequired: true,
    status: 201,
    response: creditNoteResponse,
    description: refundBody.description,
    handler: (ctx, { params, body }) =>
      creditRun(ctx, params.billingRunId, body, "refund", sandboxWebhookReceiver(ctx)),
    fencedResponse: (note: unknown) => note,
  }),
  run.route({
    method: "POST",
    below: "credit-notes/",
    summary: "Issue a credit note on a paid run: refunded, credited to the contract's balance, or both",
    body: creditNoteBody,
    bodyRequired: true,
    status: 201,
    response: creditNoteResponse,
    description: creditNoteBody.description,
    handler: (ctx, { params, body }) =>
      creditRun(ctx, params.billingRunId, body, "credit", sandboxWebhookReceiver(ctx)),
    fencedResponse: (note: unknown) => note,
  }),
  run.route({
    method: "POST",
    below: "credit-notes/preview/",
    summary:
      "Preview a credit note (or, with as=refund, a refund): its lines, totals and settlement; nothing is written",
    body: creditNoteBody.extend({
      as: z.enum(["credit_note", "refund"], { error: "Must be credit_note or refund." }).optional(),
    }),
    bodyRequired: true,
    response: creditNotePreviewResponse,
    handler: (ctx, { params, body }) =>
      previewCreditNote(ctx, params.billingRunId, body, body.as === "refund" ? "refund" : "credit"),
  }),
  run.route({
    method: "POST",
    below: "void/",
    summary: "Void an unpaid run: nothing is ever charged for it, dunning stops, no receipt",
    body: voidBody,
    bodyRequired: true,
    description:
      "For runs scheduled, failed, exhausted or written off (400 otherwise). The contract's state does not change; its billing attention clears once no run of it is failed or exhausted. A period billed under on_run_succeeded moves on as if paid.",
    handler: (ctx, { params, body }) => voidRun(ctx, params.billingRunId, body),
  }),
  run.route({
    method: "POST",
    below: "mark-paid/",
    summary: "Record a payment made outside the processor (bank transfer, cash, cheque): the run succeeds",
    body: markPaidBody,
    bodyRequired: true,
    description:
      "For runs scheduled, failed, exhausted or written off. The run is settled as a processor's success would settle it (a first payment activates its contract, periods move on, a receipt is numbered); the receipt's payment says how it was paid.",
    handler: (ctx, { params, body }) => markRunPaid(ctx, params.billingRunId, body),
  }),
  run.route({
    method: "POST",
    below: "write-off/",
    summary: "Write off a failed or exhausted run as uncollectible (it can still be paid later)",
    body: writeOffBody,
    bodyRequired: true,
    handler: (ctx, { params, body }) => writeOffRun(ctx, params.billingRunId, body),
  }),
  run.route({
    method: "POST",
    below: "disputes/",
    summary: "Test mode: open a dispute on a paid run's payment, as the processor's webhook would",
    body: disputeSimulateBody,
    status: 201,
    response: disputeResponse,
    description:
      "Test-mode accounts only (403 otherwise). In live mode disputes arrive from the processor (dispute.created, dispute.closed).",
    handler: (ctx, { params, body }) => simulateDispute(ctx, params.billingRunId, body ?? {}),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/credit-notes/",
    summary: "List credit notes, newest first",
    ...tags,
    query: z.object({ billing_run: idQuery, contract: idQuery, customer: idQuery }),
    response: z.array(creditNoteResponse),
    description: "At most the 200 newest; filter by billing_run, contract or customer (ids).",
    handler: async (ctx, { query }) =>
      (await listCreditNotes(ctx, { run: query.billing_run, contract: query.contract, customer: query.customer }))
        .results,
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/credit-notes/{creditNoteId}/",
    summary: "Read a credit note with its lines and refunds",
    ...tags,
    params: z.object({ creditNoteId: intId }),
    response: creditNoteResponse,
    handler: (ctx, { params }) => getCreditNote(ctx, params.creditNoteId),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/disputes/",
    summary: "List disputes, newest first",
    ...tags,
    query: z.object({ billing_run: idQuery, state: z.enum(["open", "won", "lost"]).optional() }),
    response: z.array(disputeResponse),
    handler: (ctx, { query }) => listDisputes(ctx, { run: query.billing_run, state: query.state }),
  }),
  defineEndpoint({
    method: "GET",
    path: "/v2/disputes/{disputeId}/",
    summary: "Read a dispute",
    ...tags,
    params: z.object({ disputeId: intId }),
    response: disputeResponse,
    handler: (ctx, { params }) => getDispute(ctx, params.disputeId),
  }),
  defineEndpoint({
    method: "POST",
    path: "/v2/disputes/{disputeId}/close/",
    summary: "Test mode: close a dispute won or lost, as the processor's webhook would",
    ...tags,
    params: z.object({ disputeId: intId }),
    body: disputeOutcomeBody,
    bodyRequired: true,
    response: disputeResponse,
    description: "Lost: the payment is reversed by a credit note of the disputed amount (refund method chargeback).",
    handler: (ctx, { params, body }) => simulateDisputeOutcome(ctx, params.disputeId, body),
  }),
];
