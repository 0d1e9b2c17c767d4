// Credit notes against a paid run (extension: POST /v2/billing-runs/{id}/credit-notes/ and .../refunds/): the
// document of every refund and every credit to the contract's balance, numbered CN-000001… per account in the
// transaction that issues it. Its total is settled as `refund_amount` (back to the payment method, through the
// processor that took the payment, or outside it) plus `credit_amount` (the contract's credit balance, used
// only on request as spec 4.6 says). The run's row lock serialises credit notes of one run, so parallel
// requests can never take back more than was paid.
// NOTE: what a run can still give back: credit notes in all ≤ its payments plus the credit it used; refunds
// (pending and succeeded, chargebacks included) ≤ its payments less the amount an open dispute holds.
import type Decimal from "decimal.js";
import type { DbTx } from "@/server/db";
import { presentRunSummary } from "@/server/domain/billing/present";
import type { Ctx } from "@/server/domain/context";
import { grantCredit } from "@/server/domain/contracts/creditLedger";
import { invalid, notFound } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import { fenceIdempotency } from "@/server/domain/idempotency/fence";
import { dec, fmt4, ZERO } from "@/server/domain/money";
import { lockAccountRow } from "@/server/domain/rowLock";
import { type CreditAmounts, type CreditRequest, creditAmounts, minorUnitAmount } from "./creditNoteMath";
import { nextCreditNoteNumber } from "./number";
import { type CreditNoteOut, creditNoteInclude, presentCreditNote } from "./present";

export type CreditNoteInput = CreditRequest & {
  reason: string;
  /** part refunded to the payment method (default: all for a refund, none for a credit note) */
  refund_amount?: string;
  /** part credited to the contract's balance (default: the rest) */
  credit_amount?: string;
  /** how the refund part goes back: through the processor that took the payment (default when it did) or outside
   * it; `chargeback` only for a lost dispute (the bank already took it back) */
  refund_method?: "processor" | "outside" | "chargeback";
};

/** A refund or a credit: what the caller asked for by default (POST …/refunds/ or …/credit-notes/). */
export type CreditNoteMode = "refund" | "credit";

async function lockedRun(tx: DbTx, ctx: Ctx, runId: number) {
  await lockAccountRow(tx, "billing_runs", runId, ctx.accountId);
  const run = await tx.billingRun.findFirst({
    where: { id: runId, accountId: ctx.accountId },
    include: {
      lines: { orderBy: { id: "asc" } },
      attempts: { where: { state: "succeeded" }, orderBy: { attemptNo: "asc" } },
      contract: { include: { customer: { select: { reference: true } } } },
    },
  });
  if (!run) throw notFound();
  return run;
}
type LockedRun = Awaited<ReturnType<typeof lockedRun>>;

/** What the run was paid, has given back and can still give back (four-digit decimals). */
export async function runBalance(tx: DbTx, run: { id: number; creditApplied: Decimal.Value }) {
  const [payments, refunds, notes, disputes] = await Promise.all([
    tx.billingAttempt.aggregate({ where: { runId: run.id, state: "succeeded" }, _sum: { amount: true } }),
    tx.refund.aggregate({ where: { runId: run.id, state: { in: ["pending", "succeeded"] } }, _sum: { amount: true } }),
    tx.creditNote.aggregate({ where: { runId: run.id }, _sum: { total: true } }),
    tx.dispute.aggregate({ where: { runId: run.id, state: "open" }, _sum: { amount: true } }),
  ]);
  const paid = dec(payments._sum.amount ?? 0);
  const refunded = dec(refunds._sum.amount ?? 0);
  const credited = dec(notes._sum.total ?? 0);
  const held = dec(disputes._sum.amount ?? 0);
  return {
    paid,
    refunded,
    credited,
    held,
    /** a new credit note's total at most */
    creditable: paid.plus(dec(run.creditApplied)).minus(credited),
    /** a new refund at most */
    refundable: paid.minus(refunded).minus(held),
  };
}

interface Plan {
  amounts: CreditAmounts;
  refund: Decimal;
  credit: Decimal;
  method: "processor" | "outside" | "chargeback";
  /** the payment the refund goes back to (the processor's), when there is one */
  payment: LockedRun["attempts"][number] | null;
}

function plan(
  run: LockedRun,
  balance: Awaited<ReturnType<typeof runBalance>>,
  input: CreditNoteInput,
  mode: CreditNoteMode,
): Plan {
  if (run.state !== "succeeded")
    throw invalid("non_field_errors", `Only a paid run can be credited; this one is ${run.state}.`);
  const amounts = creditAmounts(run, input);
  if (amounts.total.gt(balance.creditable))
    throw invalid(
      input.amount !== undefined ? "amount" : "lines",
      `At most ${fmt4(balance.creditable)} ${run.currency} can still be credited on this run.`,
    );
  const given = (text: string | undefined, field: string) =>
    text === undefined ? null : /^0+(\.0+)?$/.test(text.trim()) ? ZERO : minorUnitAmount(text, run.currency, field);
  let refund = given(input.refund_amount, "refund_amount");
  let credit = given(input.credit_amount, "credit_amount");
  if (refund === null && credit === null)
    [refund, credit] = mode === "refund" ? [amounts.total, ZERO] : [ZERO, amounts.total];
  else if (refund === null) refund = amounts.total.minus(credit!);
  else if (credit === null) credit = amounts.total.minus(refund);
  if (refund.lt(0) || credit!.lt(0) || !refund.plus(credit!).eq(amounts.total))
    throw invalid(
      "refund_amount",
      `refund_amount and credit_amount must add up to the credit note's total, ${fmt4(amounts.total)} ${run.currency}.`,
    );
  if (refund.gt(balance.refundable))
    throw invalid(
      "refund_amount",
      `At most ${fmt4(balance.refundable)} ${run.currency} can still be refunded on this run${balance.held.gt(0) ? " (a dispute holds part of it)" : ""}.`,
    );
  const payment = [...run.attempts].reverse().find((a) => a.method === null && a.transactionId) ?? null;
  const method = input.refund_method ?? (payment ? "processor" : "outside");
  if (refund.gt(0) && method === "processor" && !payment)
    throw invalid("refund_method", "No processor took a payment for this run: refund it outside the processor.");
  return { amounts, refund, credit: credit!, method, payment };
}

/** What POST …/credit-notes/ (or …/refunds/) would issue, without issuing it. */
export async function previewCreditNote(ctx: Ctx, runId: number, input: CreditNoteInput, mode: CreditNoteMode) {
  return ctx.db.$transaction(async (tx) => {
    const run = await lockedRun(tx, ctx, runId);
    const p = plan(run, await runBalance(tx, run), input, mode);
    return presentDraft(run, p, input.reason);
  });
}

function presentDraft(run: LockedRun, p: Plan, reason: string) {
  return {
    billing_run_id: run.id,
    currency: run.currency,
    reason,
    lines: p.amounts.lines.map((l) => ({
      billing_run_line_id: l.runLineId,
      description: l.description,
      quantity: l.quantity,
      subtotal_amount: fmt4(l.subtotal),
      tax_amount: fmt4(l.tax),
      total_amount: fmt4(l.total),
    })),
    subtotal_amount: fmt4(p.amounts.subtotal),
    tax_amount: fmt4(p.amounts.tax),
    total_amount: fmt4(p.amounts.total),
    refund_amount: fmt4(p.refund),
    credit_amount: fmt4(p.credit),
    refund_method: p.refund.gt(0) ? p.method : null,
  };
}

/**
 * Issues the credit note in one transaction (number, lines, the credit grant, a pending refund) and returns
 * it with the refund still to send (refunds.ts sends it to the processor after the commit).
 */
export async function issueCreditNote(
  ctx: Ctx,
  runId: number,
  input: CreditNoteInput,
  mode: CreditNoteMode,
  kind: "refund" | "credit" | "dispute" = mode,
): Promise<{ creditNote: CreditNoteOut; refundId: number | null }> {
  const now = ctx.clock.now();
  return ctx.db.$transaction(async (tx) => {
    const run = await lockedRun(tx, ctx, runId);
    const p = plan(run, await runBalance(tx, run), input, mode);
    const note = await tx.creditNote.create({
      data: {
        accountId: ctx.accountId,
        runId: run.id,
        contractId: run.contractId,
        customerId: run.customerId,
        number: await nextCreditNoteNumber(tx, ctx.accountId),
        issuedAt: now,
        currency: run.currency,
        kind: kind === "refund" && p.refund.isZero() ? "credit" : kind,
        reason: input.reason,
        subtotal: fmt4(p.amounts.subtotal),
        tax: fmt4(p.amounts.tax),
        total: fmt4(p.amounts.total),
        refundAmount: fmt4(p.refund),
        creditAmount: fmt4(p.credit),
        createdAt: now,
        lines: {
          create: p.amounts.lines.map((l) => ({
            runLineId: l.runLineId,
            description: l.description,
            quantity: l.quantity,
            periodStartAt: l.periodStartAt,
            periodEndAt: l.periodEndAt,
            subtotal: fmt4(l.subtotal),
            tax: fmt4(l.tax),
            total: fmt4(l.total),
          })),
        },
      },
    });
    if (p.credit.gt(0))
      await grantCredit(
        tx,
        { accountId: ctx.accountId, id: run.contractId, currency: run.currency },
        p.credit,
        `credit note ${note.number} on billing run ${run.id}: ${input.reason}`,
        "credit_note",
        now,
      );
    let refundId: number | null = null;
    if (p.refund.gt(0)) {
      // paid back outside the processor, or taken back by the bank: done as recorded
      const outside = p.method !== "processor";
      const refund = await tx.refund.create({
        data: {
          accountId: ctx.accountId,
          runId: run.id,
          creditNoteId: note.id,
          customerId: run.customerId,
          currency: run.currency,
          amount: fmt4(p.refund),
          state: outside ? "succeeded" : "pending",
          method: p.method,
          attemptId: outside ? null : p.payment!.id,
          reason: input.reason,
          createdAt: now,
          updatedAt: now,
          settledAt: outside ? now : null,
        },
      });
      refundId = refund.id;
      if (outside) await refundedEvent(tx, run, refund, now);
    }
    const creditNote = presentCreditNote(
      await tx.creditNote.findUniqueOrThrow({ where: { id: note.id }, include: creditNoteInclude }),
    );
    await emitEvent(tx, ctx.accountId, "credit_note.created", creditNote, now);
    await fenceIdempotency(tx, ctx, { type: "credit_note", id: note.id }, creditNote);
    return { creditNote, refundId };
  });
}

/** billing_run.refunded: the run with the refund that settled. */
export async function refundedEvent(
  tx: DbTx,
  run: Parameters<typeof presentRunSummary>[0] & { contract: { customer: { reference: string } } },
  refund: { id: number; amount: Decimal.Value; method: string; creditNoteId: number; currency: string },
  at: Date,
) {
  await emitEvent(
    tx,
    run.accountId,
    "billing_run.refunded",
    {
      ...presentRunSummary(run, run.contract),
      refund: {
        id: refund.id,
        amount: fmt4(refund.amount),
        currency: refund.currency,
        method: refund.method,
        credit_note_id: refund.creditNoteId,
      },
    },
    at,
  );
}
