// Disputes (chargebacks): the processor tells us (its signed webhook dispute.created) that the customer's bank
// disputes a payment; the amount is held (not refundable, shown under "needs attention") until the processor
// says how it ended (dispute.closed): won, nothing more; lost, the payment is reversed: a credit note of the
// disputed amount whose refund is the chargeback itself. In test mode the seller can open and close one by
// API (the sandboxes' equivalent of a disputed test card).
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid, notFound } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import { dec, fmt4 } from "@/server/domain/money";
import type { Prisma } from "@/server/generated/prisma/client";
import { minorUnitAmount } from "./creditNoteMath";
import { issueCreditNote, runBalance } from "./creditNotes";

type DisputeRow = Prisma.DisputeGetPayload<object>;

export function presentDispute(d: DisputeRow) {
  return {
    id: d.id,
    billing_run_id: d.runId,
    customer_id: d.customerId,
    currency: d.currency,
    amount: fmt4(d.amount),
    state: d.state as "open" | "won" | "lost",
    reason: d.reason,
    processor_dispute_id: d.processorDisputeId,
    credit_note_id: d.creditNoteId,
    opened_at: d.openedAt.toISOString(),
    closed_at: d.closedAt?.toISOString() ?? null,
  };
}
export type DisputeOut = ReturnType<typeof presentDispute>;

/** Opens a dispute on the payment `transactionId` of the account (idempotent by the processor's dispute id). */
export async function openDispute(
  ctx: Ctx,
  input: { transactionId: string; disputeId: string; amount?: string; reason?: string },
): Promise<DisputeOut> {
  const now = ctx.clock.now();
  return ctx.db.$transaction(async (tx) => {
    const seen = await tx.dispute.findUnique({ where: { processorDisputeId: input.disputeId } });
    if (seen) return presentDispute(seen);
    const attempt = await tx.billingAttempt.findFirst({
      where: { transactionId: input.transactionId, state: "succeeded", run: { accountId: ctx.accountId } },
      include: { run: true },
    });
    if (!attempt) throw notFound("No payment of this account has that transaction.");
    await tx.$queryRaw`select id from billing_runs where id = ${attempt.runId} for update`;
    const balance = await runBalance(tx, attempt.run);
    // NOTE: without an amount the bank disputes what is left of the payment (less what was refunded or is held)
    const left = Decimal.min(dec(attempt.amount), balance.refundable);
    const amount = input.amount ? minorUnitAmount(input.amount, attempt.run.currency, "amount") : left;
    if (!amount.gt(0)) throw invalid("amount", "Nothing of this payment is left to dispute.");
    if (amount.gt(balance.refundable))
      throw invalid(
        "amount",
        `At most ${fmt4(balance.refundable)} ${attempt.run.currency} of this payment can be disputed.`,
      );
    const dispute = await tx.dispute.create({
      data: {
        accountId: ctx.accountId,
        runId: attempt.runId,
        attemptId: attempt.id,
        customerId: attempt.run.customerId,
        currency: attempt.run.currency,
        amount: fmt4(amount),
        state: "open",
        reason: input.reason ?? "fraudulent",
        processorDisputeId: input.disputeId,
        openedAt: now,
      },
    });
    await emitEvent(tx, ctx.accountId, "dispute.created", presentDispute(dispute), now);
    return presentDispute(dispute);
  });
}

/** Closes an open dispute: won (nothing more) or lost (a credit note of its amount, refunded by the chargeback). */
export async function closeDispute(
  ctx: Ctx,
  input: { disputeId: string; outcome: "won" | "lost" },
): Promise<DisputeOut> {
  const now = ctx.clock.now();
  const dispute = await ctx.db.dispute.findFirst({
    where: { processorDisputeId: input.disputeId, accountId: ctx.accountId },
  });
  if (!dispute) throw notFound();
  if (dispute.state !== "open") return presentDispute(dispute);
  const claimed = await ctx.db.dispute.updateMany({
    where: { id: dispute.id, state: "open" },
    data: { state: input.outcome, closedAt: now },
  });
  if (!claimed.count) throw new DomainError("conflict", "The dispute is being closed.");
  if (input.outcome === "lost") {
    // the claim above released the hold, so the chargeback's credit note may take the disputed amount; if it
    // cannot be issued the dispute opens again rather than stay lost without its reversal
    const issued = await issueCreditNote(
      ctx,
      dispute.runId,
      { amount: fmt4(dispute.amount), reason: `Dispute lost (${dispute.reason})`, refund_method: "chargeback" },
      "refund",
      "dispute",
    ).catch(async (e) => {
      await ctx.db.dispute.update({ where: { id: dispute.id }, data: { state: "open", closedAt: null } });
      throw e;
    });
    await ctx.db.dispute.update({ where: { id: dispute.id }, data: { creditNoteId: issued.creditNote.id } });
  }
  const closed = await ctx.db.dispute.findUniqueOrThrow({ where: { id: dispute.id } });
  await emitEvent(ctx.db, ctx.accountId, "dispute.closed", presentDispute(closed), now);
  return presentDispute(closed);
}

/** Test mode: the seller opens a dispute on a paid run's last payment, as a processor's webhook would. */
export async function simulateDispute(ctx: Ctx, runId: number, input: { amount?: string; reason?: string }) {
  await requireTestMode(ctx);
  const payment = await ctx.db.billingAttempt.findFirst({
    where: { runId, state: "succeeded", method: null, run: { accountId: ctx.accountId } },
    orderBy: { attemptNo: "desc" },
  });
  if (!payment?.transactionId) throw invalid("non_field_errors", "No processor payment of this run can be disputed.");
  return openDispute(ctx, {
    transactionId: payment.transactionId,
    disputeId: `dp_${randomBytes(10).toString("hex")}`,
    amount: input.amount,
    reason: input.reason,
  });
}

/** Test mode: the processor's verdict on a dispute. */
export async function simulateDisputeOutcome(ctx: Ctx, disputeId: number, input: { outcome: "won" | "lost" }) {
  await requireTestMode(ctx);
  const dispute = await ctx.db.dispute.findFirst({ where: { id: disputeId, accountId: ctx.accountId } });
  if (!dispute) throw notFound();
  return closeDispute(ctx, { disputeId: dispute.processorDisputeId, outcome: input.outcome });
}

async function requireTestMode(ctx: Ctx) {
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.accountId }, select: { mode: true } });
  if (account.mode !== "test") throw new DomainError("forbidden", "Disputes are simulated in test mode only.");
}

export async function listDisputes(ctx: Ctx, query: { run?: number; state?: string }) {
  const rows = await ctx.db.dispute.findMany({
    where: {
      accountId: ctx.accountId,
      ...(query.run ? { runId: query.run } : {}),
      ...(query.state ? { state: query.state } : {}),
    },
    orderBy: { id: "desc" },
    take: 200,
  });
  return rows.map(presentDispute);
}

export async function getDispute(ctx: Ctx, id: number) {
  const row = await ctx.db.dispute.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!row) throw notFound();
  return presentDispute(row);
}
