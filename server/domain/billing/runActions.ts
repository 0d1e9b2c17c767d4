// A seller's decisions on an unpaid run (extension: POST /v2/billing-runs/{id}/void/, /mark-paid/, /write-off/):
//  - void: nothing is ever charged for it (scheduled, failed, exhausted or written off), dunning stops, no
//    receipt number is used; a period it bills under on_run_succeeded still moves on;
//  - mark paid: the customer paid outside the processor (bank transfer, cash, cheque): the run succeeds as if
//    charged (activation, periods, receipt) and its receipt says how it was paid;
//  - write off: an exhausted (or failed) run the seller no longer expects: it leaves "needs attention", stops
//    dunning, counts as written off, and can still be paid later (Pay now, mark paid, retry).
// NOTE: the contract's state does not change with these: a contract whose only failing run is voided or written
// off stays active, its billing attention cleared once no run of it is failed or exhausted.
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import { fmt4 } from "@/server/domain/money";
import { lockAccountRow } from "@/server/domain/rowLock";
import type { Prisma } from "@/server/generated/prisma/client";
import { runCharge } from "./amounts";
import { applyAdvance } from "./build";
import { recordOutcomeIn } from "./execute";
import { advanceOf, type StoredAdvance } from "./plan";
import { presentRunSummary } from "./present";
import { getRun } from "./runs";

export const OUTSIDE_METHODS = ["bank_transfer", "cash", "cheque", "other"] as const;
export type OutsideMethod = (typeof OUTSIDE_METHODS)[number];

const UNPAID = ["scheduled", "failed", "exhausted", "written_off"];

async function lockRun(tx: DbTx, ctx: Ctx, runId: number, allowed: string[], what: string) {
  await lockAccountRow(tx, "billing_runs", runId, ctx.accountId);
  const run = await tx.billingRun.findFirst({
    where: { id: runId, accountId: ctx.accountId },
    include: { contract: { include: { customer: { select: { reference: true } } } } },
  });
  if (!run) throw notFound();
  if (!allowed.includes(run.state))
    throw invalid("non_field_errors", `A run in state '${run.state}' cannot be ${what}.`);
  return run;
}

/** Billing attention follows the runs: on while a run of the contract is failed or exhausted, else off. */
export async function settleAttention(tx: DbTx, contractId: number, at: Date) {
  const open = await tx.billingRun.count({ where: { contractId, state: { in: ["failed", "exhausted"] } } });
  if (open) return;
  await tx.subscriptionContract.updateMany({
    where: { id: contractId, billingAttentionRequired: true },
    data: { billingAttentionRequired: false, pastDueSince: null, updatedAt: at },
  });
}

const withMeta = (metadata: unknown, extra: Record<string, unknown>) =>
  ({ ...(metadata as object), ...extra }) as Prisma.InputJsonValue;

export async function voidRun(ctx: Ctx, runId: number, input: { reason: string }) {
  const now = ctx.clock.now();
  await ctx.db.$transaction(async (tx) => {
    const run = await lockRun(tx, ctx, runId, UNPAID, "voided");
    const voided = await tx.billingRun.update({
      where: { id: run.id },
      data: {
        state: "voided",
        nextAttemptAt: null,
        updatedAt: now,
        metadata: withMeta(run.metadata, { void_reason: input.reason, voided_at: now.toISOString() }),
      },
    });
    // a period billed under on_run_succeeded moves on as it would have when paid: it is not billed again
    const meta = run.metadata as { advance?: StoredAdvance[]; next?: string | null };
    if (meta.advance) await applyAdvance(tx, run.contractId, advanceOf(meta.advance), meta.next ?? null, now);
    await settleAttention(tx, run.contractId, now);
    const summary = { ...presentRunSummary(voided, run.contract), void_reason: input.reason };
    await emitEvent(tx, ctx.accountId, "billing_run.voided", summary, now);
  });
  return getRun(ctx, runId);
}

export async function writeOffRun(ctx: Ctx, runId: number, input: { reason: string }) {
  const now = ctx.clock.now();
  await ctx.db.$transaction(async (tx) => {
    const run = await lockRun(tx, ctx, runId, ["failed", "exhausted"], "written off");
    const written = await tx.billingRun.update({
      where: { id: run.id },
      data: {
        state: "written_off",
        nextAttemptAt: null,
        updatedAt: now,
        metadata: withMeta(run.metadata, { write_off_reason: input.reason, written_off_at: now.toISOString() }),
      },
    });
    await settleAttention(tx, run.contractId, now);
    const summary = { ...presentRunSummary(written, run.contract), write_off_reason: input.reason };
    await emitEvent(tx, ctx.accountId, "billing_run.written_off", summary, now);
  });
  return getRun(ctx, runId);
}

export async function markRunPaid(
  ctx: Ctx,
  runId: number,
  input: { method: OutsideMethod; reference?: string | null; paid_at?: string | null },
) {
  const now = ctx.clock.now();
  const paidAt = input.paid_at ? new Date(input.paid_at) : now;
  if (Number.isNaN(+paidAt)) throw invalid("paid_at", "Enter a date-time (ISO 8601).");
  if (paidAt > now) throw invalid("paid_at", "A payment cannot be recorded in the future.");
  await ctx.db.$transaction(async (tx) => {
    const run = await lockRun(tx, ctx, runId, UNPAID, "marked paid");
    const attemptNo = run.attemptCount + 1;
    const attempt = await tx.billingAttempt.create({
      data: {
        runId: run.id,
        attemptNo,
        state: "processing",
        amount: fmt4(runCharge(run).charged),
        method: input.method,
        reference: input.reference ?? null,
        paidAt,
        createdAt: now,
        updatedAt: now,
      },
    });
    // settled like a processor's success: activation of a first payment, periods, the receipt's number
    await recordOutcomeIn(
      tx,
      run.id,
      attempt.id,
      { status: "succeeded", transactionId: `outside_${run.id}_${attemptNo}` },
      now,
    );
    await settleAttention(tx, run.contractId, now);
    const paid = await tx.billingRun.findUniqueOrThrow({ where: { id: run.id } });
    await emitEvent(
      tx,
      ctx.accountId,
      "billing_run.marked_paid",
      {
        ...presentRunSummary(paid, run.contract),
        payment: { method: input.method, reference: input.reference ?? null, paid_at: paidAt.toISOString() },
      },
      now,
    );
  });
  return getRun(ctx, runId);
}
