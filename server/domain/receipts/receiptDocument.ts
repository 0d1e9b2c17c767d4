// What a receipt's documents (HTML and PDF) show beyond the API's receipt: how each payment was made (a card
// through the processor, or a bank transfer, cash or cheque the seller recorded, with its reference and the
// day it was paid), and the credit notes issued against the receipt (refunds and credits), numbered.
import type { Db } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { dec, fmt4 } from "@/server/domain/money";
import { formatCreditNoteNumber } from "@/server/domain/refunds/number";
import { iso } from "@/server/domain/time";
import { type Receipt, receiptForRun, receiptForSubscriber } from "./receipt";

const METHOD_WORDS: Record<string, string> = {
  bank_transfer: "Bank transfer",
  cash: "Cash",
  cheque: "Cheque",
  other: "Paid outside the processor",
};

async function documentOf(db: Db, receipt: Receipt) {
  const [attempts, notes] = await Promise.all([
    db.billingAttempt.findMany({
      where: { runId: receipt.billing_run_id, state: "succeeded" },
      orderBy: { attemptNo: "asc" },
      select: { transactionId: true, method: true, reference: true, paidAt: true, updatedAt: true, amount: true },
    }),
    db.creditNote.findMany({
      where: { runId: receipt.billing_run_id },
      orderBy: { number: "asc" },
      include: { refunds: { select: { amount: true, state: true } } },
    }),
  ]);
  return {
    ...receipt,
    payments: attempts.map((a) => ({
      transaction_id: a.method ? null : a.transactionId,
      paid_at: iso(a.paidAt ?? a.updatedAt),
      amount: fmt4(a.amount),
      /** how it was paid: "Card" through the processor, else the seller's record ("Bank transfer") */
      method: a.method ? (METHOD_WORDS[a.method] ?? a.method) : "Card",
      reference: a.reference,
    })),
    credit_notes: notes.map((n) => ({
      id: n.id,
      number: formatCreditNoteNumber(n.number),
      issued_at: iso(n.issuedAt),
      reason: n.reason,
      total_amount: fmt4(n.total),
      refunded_amount: fmt4(
        n.refunds.filter((r) => r.state === "succeeded").reduce((a, r) => a.plus(dec(r.amount)), dec(0)),
      ),
      credit_amount: fmt4(n.creditAmount),
    })),
  };
}

export type ReceiptDocumentData = Awaited<ReturnType<typeof documentOf>>;

/** The console's receipt document of a run of the caller's account (not found as receiptForRun). */
export async function receiptDocumentForRun(ctx: Ctx, runId: number): Promise<ReceiptDocumentData> {
  return documentOf(ctx.db, await receiptForRun(ctx, runId));
}

/** The subscriber page's receipt document (null as receiptForSubscriber). */
export async function receiptDocumentForSubscriber(
  db: Db,
  token: string,
  runId: number,
): Promise<ReceiptDocumentData | null> {
  const receipt = await receiptForSubscriber(db, token, runId);
  return receipt ? documentOf(db, receipt) : null;
}

/** The REST receipt's PDF: the same document. */
export const receiptDocumentOf = documentOf;
