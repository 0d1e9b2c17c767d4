// Money flowing back (extensions): credit notes and their refunds, voids, payments recorded outside the
// processor, write-offs and disputes — request bodies and the published shapes.
import { z } from "zod";
import { dateTime, dateTimeInput, input, money, namedObject } from "./common";

const reason = z.string({ error: "This field is required." }).trim().min(1, "This field may not be blank.").max(1000);

const creditLineInput = z.strictObject({
  line_id: input.id.meta({ description: "A line of the billing run (its `lines[].id`)" }),
  quantity: input.positiveInt.optional().meta({ description: "Units credited (default: the line's quantity)" }),
  period_start_at: dateTimeInput
    .optional()
    .meta({ description: "Start of the credited part of the line's service period (default: its start)" }),
  period_end_at: dateTimeInput
    .optional()
    .meta({ description: "End of the credited part of the line's service period (default: its end)" }),
});

const creditShape = {
  amount: input.money
    .optional()
    .meta({ description: "A total to credit, in the currency's minor unit, tax in proportion (or send `lines`)" }),
  lines: z
    .array(creditLineInput)
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Lines to credit, each by quantity and part of its service period (or send `amount`)" }),
  reason,
};

export const refundBody = namedObject(
  "RefundRequest",
  {
    ...creditShape,
    refund_method: z.enum(["processor", "outside"], { error: "Must be processor or outside." }).optional().meta({
      description:
        "processor (default when the processor took the payment): sent back through it; outside: the seller pays it back and records it",
    }),
  },
  "A refund of a paid run: a credit note whose whole total goes back to the customer. Send `amount` or `lines`. At most what was paid less what was refunded (and what an open dispute holds).",
);

export const creditNoteBody = namedObject(
  "CreditNoteRequest",
  {
    ...creditShape,
    refund_amount: input.money
      .optional()
      .meta({ description: "Part refunded to the payment method (default: none, or the rest of the total)" }),
    credit_amount: input.money
      .optional()
      .meta({ description: "Part credited to the contract's credit balance (default: the rest of the total)" }),
    refund_method: z.enum(["processor", "outside"], { error: "Must be processor or outside." }).optional(),
  },
  "A credit note on a paid run: its total (from `amount` or `lines`) is settled as `refund_amount` to the payment method plus `credit_amount` to the contract's credit balance (used only on request, spec 4.6); by default all of it is credited to the balance.",
);

export const refundResponse = namedObject("Refund", {
  id: z.number().int(),
  billing_run_id: z.number().int(),
  credit_note_id: z.number().int(),
  currency: z.string(),
  amount: money,
  state: z.enum(["pending", "succeeded", "failed"]),
  method: z.enum(["processor", "outside", "chargeback"]),
  transaction_id: z.string().nullable(),
  fail_code: z.string().nullable(),
  fail_message: z.string().nullable(),
  reason: z.string(),
  created_at: dateTime,
  settled_at: dateTime.nullable(),
});

const creditLineResponse = z.object({
  billing_run_line_id: z.number().int().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  subtotal_amount: money,
  tax_amount: money,
  total_amount: money,
});

export const creditNoteResponse = namedObject(
  "CreditNote",
  {
    id: z.number().int(),
    number: z.string().meta({ description: "CN-000001…: gapless per account, in the order they were issued" }),
    sequence: z.number().int(),
    kind: z.enum(["refund", "credit", "dispute"]),
    billing_run_id: z.number().int(),
    receipt_number: z.string().nullable().meta({ description: "The receipt this note corrects" }),
    contract_id: z.number().int(),
    customer_id: z.number().int(),
    currency: z.string(),
    reason: z.string(),
    issued_at: dateTime,
    lines: z.array(
      creditLineResponse.extend({ id: z.number().int(), period_start_at: dateTime, period_end_at: dateTime }),
    ),
    subtotal_amount: money,
    tax_amount: money,
    total_amount: money,
    refund_amount: money,
    credit_amount: money,
    refunded_amount: money.meta({ description: "Of refund_amount, what has gone back (pending and failed aside)" }),
    refunds: z.array(refundResponse),
  },
  "Extension: the document of a refund, a credit to the contract's balance or a lost dispute.",
);

export const creditNotePreviewResponse = namedObject("CreditNotePreview", {
  billing_run_id: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  lines: z.array(creditLineResponse),
  subtotal_amount: money,
  tax_amount: money,
  total_amount: money,
  refund_amount: money,
  credit_amount: money,
  refund_method: z.enum(["processor", "outside", "chargeback"]).nullable(),
});

export const voidBody = namedObject("BillingRunVoidRequest", { reason });
export const writeOffBody = namedObject("BillingRunWriteOffRequest", { reason });
export const markPaidBody = namedObject("BillingRunMarkPaidRequest", {
  method: z.enum(["bank_transfer", "cash", "cheque", "other"], {
    error: "Must be bank_transfer, cash, cheque or other.",
  }),
  reference: z.string().trim().max(200).nullish().meta({ description: "The transfer's reference, cheque number…" }),
  paid_at: dateTimeInput.nullish().meta({ description: "When the money was paid (default: now; not in the future)" }),
});

export const disputeResponse = namedObject("Dispute", {
  id: z.number().int(),
  billing_run_id: z.number().int(),
  customer_id: z.number().int(),
  currency: z.string(),
  amount: money,
  state: z.enum(["open", "won", "lost"]),
  reason: z.string(),
  processor_dispute_id: z.string(),
  credit_note_id: z.number().int().nullable(),
  opened_at: dateTime,
  closed_at: dateTime.nullable(),
});

export const disputeSimulateBody = namedObject("DisputeSimulateRequest", {
  amount: input.money.optional(),
  reason: z.string().trim().min(1).max(200).optional(),
});
export const disputeOutcomeBody = namedObject("DisputeOutcomeRequest", {
  outcome: z.enum(["won", "lost"], { error: "Must be won or lost." }),
});

export const creditNoteListQuery = z.object({
  billing_run: z.coerce.number().int().positive().optional(),
  contract: z.coerce.number().int().positive().optional(),
  customer: z.coerce.number().int().positive().optional(),
});

export type CreditNoteBody = z.infer<typeof creditNoteBody>;
