// Executes a billing run: for contracts with auto_apply_credit (extension; off by default, spec 4.6)
// applies contract credit (after taxes, never credit the run itself created), then charges the rest,
// rounded to the currency's minor unit, through the account's processor. A run is claimed atomically
// (scheduled or due for retry → processing), so concurrent workers never charge it twice; an attempt's
// idempotency key is (run, attempt_no), so a worker that dies mid-charge repeats the same processor call.
// The run of an item change pending until paid applies that change on success and is canceled on failure
// (contracts/settlePendingChange.ts).

import Decimal from "decimal.js";
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { withVersionBump } from "@/server/domain/contracts/contractRows";
import { spendCredit } from "@/server/domain/contracts/creditLedger";
import { applyPaidChange, dropUnpaidChange } from "@/server/domain/contracts/settlePendingChange";
import { emitEvent } from "@/server/domain/events/outbox";
import { fmt4 } from "@/server/domain/money";
import { paymentFailedData } from "@/server/domain/notices/events";
import { CHARGE_ORDER } from "@/server/domain/payments/chargeOrder";
import { adapterFor, type ChargeResult } from "@/server/domain/payments/processors";
import { assignReceiptNumbers } from "@/server/domain/receipts/number";
import type { Prisma } from "@/server/generated/prisma/client";
import { runCharge } from "./amounts";
import { applyAdvance } from "./build";
import { MAX_ATTEMPTS, nextAttemptAfter } from "./dunning";
import { advanceOf, type StoredAdvance } from "./plan";
import { presentRunSummary } from "./present";

/** Runs left in `processing` longer than this (real time) belonged to a worker that died. */
export const LEASE_SECONDS = 120;

/**
 * Claims a run for charging. NOTE: the lease is real time (`processing_since`, database time: a worker
 * dies in real time, whatever an account's test clock says); every date the run shows (`updated_at`
 * included) stays on the account's clock.
 */
export async function claimRun(ctx: Ctx, runId: number): Promise<boolean> {
  const now = ctx.clock.now();
  const claimed = await ctx.db.$executeRaw`
    update billing_runs set state = 'processing', processing_since = now(), updated_at = ${now}
    where id = ${runId} and account_id = ${ctx.accountId} and (
      (state = 'scheduled' and scheduled_at <= ${now})
      or (state = 'failed' and next_attempt_at <= ${now})
      or (state = 'processing' and processing_since < now() - make_interval(secs => ${LEASE_SECONDS})))`;
  return claimed === 1;
}

export async function pickPaymentMethod(
  tx: DbTx,
  run: { customerId: number; currency: string; kind: string },
  contract: { paymentProcessorOverride: number | null },
) {
  return tx.paymentMethod.findFirst({
    where: {
      customerId: run.customerId,
      state: "active",
      verified: true,
      processor: {
        active: true,
        currency: run.currency,
        ...(run.kind === "initial" ? { supportsInitial: true } : { supportsRecurring: true }),
      },
      ...(contract.paymentProcessorOverride ? { processorId: contract.paymentProcessorOverride } : {}),
    },
    include: { processor: true },
    orderBy: [...CHARGE_ORDER],
  });
}

/** Executes a claimed run to its next state. Returns the state reached. */
export async function executeRun(ctx: Ctx, runId: number): Promise<string | null> {
  if (!(await claimRun(ctx, runId))) return null;
  return executeClaimedRun(ctx, runId);
}

/** Executes a run the caller holds in `processing` (claimed, or created so: an item change pending until paid). */
export async function executeClaimedRun(ctx: Ctx, runId: number): Promise<string> {
  const now = ctx.clock.now();
  // 1. credit and the attempt row, in one transaction
  const prep = await ctx.db.$transaction(async (tx) => {
    const run = await tx.billingRun.findUniqueOrThrow({
      where: { id: runId },
      include: { contract: { include: { customer: { select: { reference: true } } } } },
    });
    let creditApplied = new Decimal(run.creditApplied.toString());
    // credit is used only when asked for (apply-credit) unless the contract opted in to the old rule
    if (run.contract.autoApplyCredit && creditApplied.isZero() && run.attemptCount === 0) {
      const use = Decimal.min(await creditAvailableTo(tx, run), new Decimal(run.total.toString()));
      if (use.gt(0)) {
        await recordCreditUse(tx, run, use, `applied automatically to billing run ${run.id}`, now);
        await tx.billingRun.update({ where: { id: run.id }, data: { creditApplied: fmt4(use), updatedAt: now } });
        creditApplied = use;
      }
    }
    const charge = runCharge({ total: run.total, creditApplied, currency: run.currency });
    if (charge.charged.lte(0)) return { run, charge, attempt: null, method: null };
    const attemptNo = run.attemptCount + 1;
    const method = await pickPaymentMethod(tx, run, run.contract);
    const attempt = await tx.billingAttempt.upsert({
      where: { runId_attemptNo: { runId, attemptNo } },
      create: {
        runId,
        attemptNo,
        state: "processing",
        amount: fmt4(charge.charged),
        // the card charged: refunds and disputes of this payment go back to it
        paymentMethodId: method?.id ?? null,
        createdAt: now,
        updatedAt: now,
      },
      // a crashed worker's attempt is reused (same idempotency key), its dates on the account's clock
      update: { updatedAt: now },
    });
    return { run, charge, attempt, method };
  });

  // 2. the processor call, outside any transaction
  let result: ChargeResult | null = null;
  if (prep.attempt) {
    result = prep.method
      ? await adapterFor(prep.method.processor.processorType).charge({
          amount: prep.charge.processorText,
          currency: prep.run.currency,
          idempotencyKey: `run_${runId}_attempt_${prep.attempt.attemptNo}`,
          paymentMethod: { collectionMethod: prep.method.collectionMethod, token: prep.method.token },
        })
      : {
          status: "failed",
          transactionId: "",
          failCode: "no_payment_method",
          failMessage: "The customer has no verified payment method for this contract.",
        };
  }

  // 3. record the outcome
  return recordOutcome(ctx, runId, prep.attempt?.id ?? null, result, now);
}

/**
 * Records a charge result on a run (also used when a processor webhook settles a pending_external
 * attempt): success clears billing attention, advances periods under on_run_succeeded and activates a
 * contract waiting for its initial payment (checkout flow); failure schedules the next retry.
 */
export async function recordOutcome(
  ctx: Ctx,
  runId: number,
  attemptId: number | null,
  result: ChargeResult | null,
  now: Date,
): Promise<string> {
  return ctx.db.$transaction((tx) => recordOutcomeIn(tx, runId, attemptId, result, now));
}

/** recordOutcome inside a transaction the caller holds (apply-credit settles a run it fully covers). */
export async function recordOutcomeIn(
  tx: DbTx,
  runId: number,
  attemptId: number | null,
  result: ChargeResult | null,
  now: Date,
): Promise<string> {
  const run = await tx.billingRun.findUniqueOrThrow({
    where: { id: runId },
    include: { contract: { include: { customer: { select: { reference: true } } } } },
  });
  const contract = run.contract;
  const attempt = attemptId ? await tx.billingAttempt.findUniqueOrThrow({ where: { id: attemptId } }) : null;
  if (!result || result.status === "succeeded") {
    if (attempt)
      await tx.billingAttempt.update({
        where: { id: attempt.id },
        data: { state: "succeeded", transactionId: result!.transactionId, updatedAt: now },
      });
    const updated = await tx.billingRun.update({
      where: { id: runId },
      data: {
        state: "succeeded",
        attemptCount: attempt ? attempt.attemptNo : run.attemptCount,
        nextAttemptAt: null,
        updatedAt: now,
      },
    });
    await tx.subscriptionContract.update({
      where: { id: contract.id },
      data: { billingAttentionRequired: false, pastDueSince: null, updatedAt: now },
    });
    const meta = run.metadata as { advance?: StoredAdvance[]; next?: string | null };
    if (meta.advance) await applyAdvance(tx, contract.id, advanceOf(meta.advance), meta.next ?? null, now);
    await emitEvent(tx, run.accountId, "billing_run.succeeded", presentRunSummary(updated, contract), now);
    if (run.kind === "initial" && contract.state === "inactive")
      await activateAfterPayment(tx, run.accountId, contract.id, runId, now);
    // an item change pending until paid takes effect with its payment
    await applyPaidChange(tx, run, now);
    // last: the counter row is held from here to the commit; the receipt is issued at the settling instant
    await assignReceiptNumbers(tx, run.accountId, [{ id: runId, issuedAt: now }]);
    return "succeeded";
  }
  if (result.status === "pending_external") {
    await tx.billingAttempt.update({
      where: { id: attempt!.id },
      data: { state: "pending_external", transactionId: result.transactionId, updatedAt: now },
    });
    await tx.billingRun.update({
      where: { id: runId },
      data: { state: "pending_external", attemptCount: attempt!.attemptNo, updatedAt: now },
    });
    await tx.checkout.updateMany({
      where: { initialBillingRunId: runId, status: { in: ["pending", "finalizing"] } },
      data: { status: "pending_external" },
    });
    return "pending_external";
  }
  const attemptNo = attempt!.attemptNo;
  await tx.billingAttempt.update({
    where: { id: attempt!.id },
    data: {
      state: "failed",
      transactionId: result.transactionId || null,
      failCode: result.failCode,
      failMessage: result.failMessage,
      updatedAt: now,
    },
  });
  // the payment of an item change pending until paid: the change is dropped and the run closed, no dunning
  const dropped = await dropUnpaidChange(tx, run, attemptNo, result, now);
  if (dropped) return dropped;
  const meta = run.metadata as {
    manual_retry?: boolean;
    no_automatic_retry?: boolean;
    customer_payment?: { resume_state: string; resume_at: string | null };
  };
  // a checkout's initial payment is not retried by dunning: the customer is there to try again
  const next = meta.manual_retry || meta.no_automatic_retry ? null : nextAttemptAfter(now, attemptNo);
  const exhausted = !next || attemptNo >= MAX_ATTEMPTS;
  let state = meta.no_automatic_retry && !meta.manual_retry ? "failed" : exhausted ? "exhausted" : "failed";
  let nextAttemptAt = state === "failed" ? next : null;
  // NOTE: a customer's "Pay now" that fails leaves the run as it was: its dunning goes on as scheduled
  if (meta.customer_payment) {
    state = meta.customer_payment.resume_state;
    nextAttemptAt = meta.customer_payment.resume_at ? new Date(meta.customer_payment.resume_at) : null;
  }
  const updated = await tx.billingRun.update({
    where: { id: runId },
    data: {
      state,
      attemptCount: attemptNo,
      nextAttemptAt,
      updatedAt: now,
      metadata: { ...(run.metadata as object), manual_retry: false, customer_payment: null } as Prisma.InputJsonValue,
    },
  });
  await tx.subscriptionContract.update({
    where: { id: contract.id },
    data: { billingAttentionRequired: true, pastDueSince: contract.pastDueSince ?? now, updatedAt: now },
  });
  await tx.checkout.updateMany({
    where: { initialBillingRunId: runId, status: { in: ["pending", "finalizing", "pending_external"] } },
    data: { status: "failed", failCode: result.failCode, failMessage: result.failMessage },
  });
  const summary = presentRunSummary(updated, contract);
  await emitEvent(
    tx,
    run.accountId,
    state === "exhausted" ? "billing_run.exhausted" : "billing_run.failed",
    { ...summary, fail_code: result.failCode, fail_message: result.failMessage },
    now,
  );
  // the dunning notice a seller e-mails: only when an automatic retry is scheduled
  if (updated.state === "failed" && updated.nextAttemptAt && !meta.manual_retry && !meta.customer_payment)
    await emitEvent(
      tx,
      run.accountId,
      "billing_run.payment_failed",
      paymentFailedData(summary, result, { no: attemptNo, amount: attempt!.amount.toString() }, updated.nextAttemptAt),
      now,
    );
  return updated.state;
}

/** Credit of the run's contract it may use: everything recorded, except what this very run granted. */
export async function creditAvailableTo(tx: DbTx, run: { id: number; contractId: number }): Promise<Decimal> {
  const credits = await tx.contractCredit.findMany({
    where: { contractId: run.contractId },
    select: { amount: true, kind: true, billingRunId: true },
  });
  return credits
    .filter((c) => !(c.kind === "grant" && c.billingRunId === run.id))
    .reduce((a, c) => a.plus(c.amount.toString()), new Decimal(0));
}

/** Records `amount` of the contract's credit as used by the run (stored negated, kind "use"). */
export async function recordCreditUse(
  tx: DbTx,
  run: { id: number; accountId: number; contractId: number; currency: string },
  amount: Decimal,
  reason: string,
  at: Date,
) {
  await spendCredit(
    tx,
    { accountId: run.accountId, id: run.contractId, currency: run.currency },
    run.id,
    amount,
    reason,
    at,
  );
}

/** Checkout flow: the contract becomes active only once its initial payment succeeded (spec 3.1, 3.2). */
async function activateAfterPayment(tx: DbTx, accountId: number, contractId: number, runId: number, now: Date) {
  await tx.subscriptionContract.update({ where: { id: contractId }, data: withVersionBump(now, { state: "active" }) });
  await tx.checkout.updateMany({ where: { initialBillingRunId: runId }, data: { status: "succeeded" } });
  const contract = await tx.subscriptionContract.findUniqueOrThrow({
    where: { id: contractId },
    select: { id: true, state: true, cancelAtPeriodEnd: true, cancelAt: true, canceledAt: true, endedAt: true },
  });
  await emitEvent(
    tx,
    accountId,
    "subscription_contract.activated",
    {
      id: contract.id,
      state: contract.state,
      cancel_at_period_end: contract.cancelAtPeriodEnd,
      cancel_at: contract.cancelAt,
      canceled_at: contract.canceledAt,
      ended_at: contract.endedAt,
    },
    now,
  );
}
