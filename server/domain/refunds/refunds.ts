// Sending a credit note's refund to the processor that took the payment, after the note's transaction
// committed: the card form's and vendor A's and C's sandboxes answer at once; vendor B answers pending and
// its signed webhook (refund.succeeded / refund.failed) settles it later. The processor call's idempotency
// key is the refund's id, so a refund sent again (after a crash, by the worker's sweep) is one refund.
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { processorAmount } from "@/server/domain/currencies";
import { emitEvent } from "@/server/domain/events/outbox";
import { adapterFor, cardFromToken, TEST_CARDS } from "@/server/domain/payments/processors";
import { type SandboxWebhookReceiver, sendSandboxWebhook } from "@/server/domain/payments/sandboxTokenization";
import { refundedEvent } from "./creditNotes";
import { presentRefund, type RefundOut } from "./present";

const ASYNCHRONOUS = new Set(["vendor_b_checkout"]);

/** Sends refund `refundId` to its processor and records the answer; returns the refund as it stands. */
export async function sendRefund(
  ctx: Ctx,
  refundId: number,
  receiver: SandboxWebhookReceiver = null,
): Promise<RefundOut> {
  const refund = await ctx.db.refund.findFirstOrThrow({ where: { id: refundId, accountId: ctx.accountId } });
  if (refund.state !== "pending" || refund.method !== "processor" || refund.transactionId) return presentRefund(refund);
  const attempt = await ctx.db.billingAttempt.findUniqueOrThrow({ where: { id: refund.attemptId! } });
  const method = attempt.paymentMethodId
    ? await ctx.db.paymentMethod.findUnique({ where: { id: attempt.paymentMethodId } })
    : null;
  const run = await ctx.db.billingRun.findUniqueOrThrow({ where: { id: refund.runId } });
  const processor = method
    ? await ctx.db.accountPaymentProcessor.findUnique({ where: { id: method.processorId } })
    : await ctx.db.accountPaymentProcessor.findFirst({
        where: { accountId: ctx.accountId, currency: run.currency, active: true },
        orderBy: { id: "asc" },
      });
  const asynchronous = ASYNCHRONOUS.has(processor?.renderMode ?? "");
  const result = await adapterFor(processor?.processorType ?? "sandbox_generic").refund({
    transactionId: attempt.transactionId ?? "",
    amount: processorAmount(refund.amount.toString(), refund.currency),
    currency: refund.currency,
    idempotencyKey: `refund_${refund.id}`,
    paymentMethod: method ? { collectionMethod: method.collectionMethod, token: method.token } : null,
    asynchronous,
  });
  const now = ctx.clock.now();
  const settled = await ctx.db.$transaction(async (tx) => {
    const updated = await tx.refund.update({
      where: { id: refund.id },
      data: {
        transactionId: result.refundId,
        state: result.status,
        failCode: result.status === "failed" ? result.failCode : null,
        failMessage: result.status === "failed" ? result.failMessage : null,
        updatedAt: now,
        settledAt: result.status === "pending" ? null : now,
      },
    });
    if (result.status === "succeeded") await refundedEventFor(tx, updated, now);
    return updated;
  });
  // the sandbox "processor" confirms an asynchronous refund a moment later, as vendor B's webhook would
  if (result.status === "pending" && processor) {
    const card = TEST_CARDS[cardFromToken(method?.token ?? null)];
    sendSandboxWebhook(receiver, processor, {
      type: card?.refundFails ? "refund.failed" : "refund.succeeded",
      account_payment_processor_id: processor.id,
      refund_id: result.refundId,
      ...(card?.refundFails
        ? { fail_code: "refund_declined", fail_message: "The card's bank refused the refund." }
        : {}),
    });
  }
  return presentRefund(settled);
}

async function refundedEventFor(tx: DbTx, refund: Parameters<typeof refundedEvent>[2] & { runId: number }, at: Date) {
  const run = await tx.billingRun.findUniqueOrThrow({
    where: { id: refund.runId },
    include: { contract: { include: { customer: { select: { reference: true } } } } },
  });
  await refundedEvent(tx, run, refund, at);
}

/** The processor's word on a pending refund (its signed webhook): succeeded or failed, once. */
export async function settleRefund(
  ctx: Ctx,
  input: { refundId: string; outcome: "succeeded" | "failed"; failCode?: string; failMessage?: string },
): Promise<"settled" | "duplicate" | "unknown"> {
  const now = ctx.clock.now();
  return ctx.db.$transaction(async (tx) => {
    const refund = await tx.refund.findUnique({ where: { transactionId: input.refundId } });
    if (!refund || refund.accountId !== ctx.accountId) return "unknown";
    const moved = await tx.refund.updateMany({
      where: { id: refund.id, state: "pending" },
      data: {
        state: input.outcome,
        failCode: input.outcome === "failed" ? (input.failCode ?? "refund_failed") : null,
        failMessage: input.outcome === "failed" ? (input.failMessage ?? "The processor refused the refund.") : null,
        updatedAt: now,
        settledAt: now,
      },
    });
    if (!moved.count) return "duplicate";
    if (input.outcome === "succeeded")
      await refundedEventFor(tx, await tx.refund.findUniqueOrThrow({ where: { id: refund.id } }), now);
    else
      await emitEvent(
        tx,
        ctx.accountId,
        "billing_run.refund_failed",
        presentRefund(await tx.refund.findUniqueOrThrow({ where: { id: refund.id } })),
        now,
      );
    return "settled";
  });
}

/**
 * The worker's sweep: processor refunds committed but never sent (a crash between the commit and the call).
 * One still being sent by its request may be sent twice: the processor's idempotency key makes it one refund.
 */
export async function sendUnsentRefunds(ctx: Ctx): Promise<number> {
  const unsent = await ctx.db.$queryRaw<{ id: number }[]>`
    select id from refunds where account_id = ${ctx.accountId} and state = 'pending' and method = 'processor'
      and transaction_id is null order by id limit 100`;
  for (const { id } of unsent) await sendRefund(ctx, id);
  return unsent.length;
}
