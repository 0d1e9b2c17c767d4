// Credit notes and refunds as the API prints them (four-digit amounts, ISO instants on the account's clock).
import { dec, fmt4 } from "@/server/domain/money";
import { formatReceiptNumber } from "@/server/domain/receipts/number";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import { formatCreditNoteNumber } from "./number";

export const creditNoteInclude = {
  lines: { orderBy: { id: "asc" } },
  refunds: { orderBy: { id: "asc" } },
  run: { select: { receiptNumber: true } },
} satisfies Prisma.CreditNoteInclude;

export type CreditNoteRow = Prisma.CreditNoteGetPayload<{ include: typeof creditNoteInclude }>;
type RefundRow = Prisma.RefundGetPayload<object>;

export function presentRefund(r: RefundRow) {
  return {
    id: r.id,
    billing_run_id: r.runId,
    credit_note_id: r.creditNoteId,
    currency: r.currency,
    amount: fmt4(r.amount),
    state: r.state as "pending" | "succeeded" | "failed",
    method: r.method as "processor" | "outside" | "chargeback",
    transaction_id: r.transactionId,
    fail_code: r.failCode,
    fail_message: r.failMessage,
    reason: r.reason,
    created_at: iso(r.createdAt),
    settled_at: r.settledAt ? iso(r.settledAt) : null,
  };
}

export function presentCreditNote(n: CreditNoteRow) {
  return {
    id: n.id,
    number: formatCreditNoteNumber(n.number),
    sequence: n.number,
    kind: n.kind as "refund" | "credit" | "dispute",
    billing_run_id: n.runId,
    receipt_number: n.run.receiptNumber ? formatReceiptNumber(n.run.receiptNumber) : null,
    contract_id: n.contractId,
    customer_id: n.customerId,
    currency: n.currency,
    reason: n.reason,
    issued_at: iso(n.issuedAt),
    lines: n.lines.map((l) => ({
      id: l.id,
      billing_run_line_id: l.runLineId,
      description: l.description,
      quantity: l.quantity,
      period_start_at: iso(l.periodStartAt),
      period_end_at: iso(l.periodEndAt),
      subtotal_amount: fmt4(l.subtotal),
      tax_amount: fmt4(l.tax),
      total_amount: fmt4(l.total),
    })),
    subtotal_amount: fmt4(n.subtotal),
    tax_amount: fmt4(n.tax),
    total_amount: fmt4(n.total),
    refund_amount: fmt4(n.refundAmount),
    credit_amount: fmt4(n.creditAmount),
    /** of the refund part: what has actually gone back (failed refunds aside) */
    refunded_amount: fmt4(
      n.refunds.filter((r) => r.state === "succeeded").reduce((a, r) => a.plus(dec(r.amount)), dec(0)),
    ),
    refunds: n.refunds.map(presentRefund),
  };
}

export type CreditNoteOut = ReturnType<typeof presentCreditNote>;
export type RefundOut = ReturnType<typeof presentRefund>;
