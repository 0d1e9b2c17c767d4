// The outcome of an item change's payment under payment_behavior=pending_if_incomplete, written in the
// transaction that records the charge (billing/execute.ts recordOutcomeIn: at once, or later from the
// processor webhook of a pending_external payment). Paid: the change is applied as previewed (items,
// entitlements, contract_version + 1, subscription_contract.updated). Failed: the change is dropped and its
// run voided: nothing on the contract changes, no billing attention, no dunning, nothing left to retry.
import Decimal from "decimal.js";
import { fixedClock } from "@/server/clock";
import type { DbTx } from "@/server/db";
import { runCharge } from "@/server/domain/billing/amounts";
import { presentRunSummary } from "@/server/domain/billing/present";
import type { Ctx } from "@/server/domain/context";
import { isDomainError } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import type { ChargeResult } from "@/server/domain/payments/processors";
import { lockAccountRow } from "@/server/domain/rowLock";
import type { Prisma } from "@/server/generated/prisma/client";
import { viewContractById } from "./contractResponse";
import { loadContract, withVersionBump } from "./contractRows";
import { grantCredit } from "./creditLedger";
import { planAddItem, planRemoveItem, planUpdateItem } from "./items";
import { type CommonInput, type Plan, type Planner, planLocked } from "./operationFlow";
import { linesDigest, type PendingChange, pendingChangeOf } from "./pendingChange";

type Run = Prisma.BillingRunGetPayload<{
  include: { contract: { include: { customer: { select: { reference: true } } } } };
}>;

const planners: Partial<Record<PendingChange["operation"], Planner<CommonInput>>> = {
  add_item: planAddItem as Planner<CommonInput>,
  update_item: planUpdateItem as Planner<CommonInput>,
  remove_item: planRemoveItem as Planner<CommonInput>,
};

/** `void_reason` of the run of a change pending until paid whose payment failed. */
export const CHANGE_NOT_PAID = "change_not_paid";

// NOTE: a pending change is JSON, but its `input` is typed Record<string, unknown> (the operation's REST body),
// which Prisma's InputJsonValue cannot accept without an assertion
const withChange = (run: Run, change: PendingChange) =>
  ({ ...(run.metadata as object), pending_change: change }) as unknown as Prisma.InputJsonValue;

/**
 * The run was paid: apply its change, planned again as it was priced (same instants) on the contract as it
 * is now. It must be exactly what was charged: the same contract version (every change and every renewal
 * bumps it) and the same proration lines (the catalog may have moved); if not (possible only while a
 * payment waits for the customer's bank), what was paid becomes contract credit instead.
 */
export async function applyPaidChange(tx: DbTx, run: Run, now: Date): Promise<void> {
  const change = pendingChangeOf(run.metadata);
  if (change?.state !== "awaiting_payment") return;
  await lockAccountRow(tx, "subscription_contracts", run.contractId, run.accountId);
  const contract = await loadContract(tx, run.accountId, run.contractId);
  const ctx: Ctx = {
    db: tx as Ctx["db"],
    accountId: run.accountId,
    clock: fixedClock(now),
    ...(change.actor ? { actor: change.actor } : {}),
  };
  const planner = planners[change.operation];
  let plan: Plan | null = null;
  try {
    if (planner)
      plan = await planLocked(
        ctx,
        tx,
        contract,
        change.operation,
        change.input as CommonInput,
        planner,
        new Date(change.effective_at),
        new Date(change.planned_at),
      );
  } catch (error) {
    // the item or price is gone, or the item's period moved on: the paid change no longer fits the contract
    if (!isDomainError(error)) throw error;
  }
  if (
    !plan ||
    contract.contractVersion !== change.contract_version ||
    linesDigest(contract.contractVersion, plan.lines) !== change.lines_digest
  ) {
    const paid = runCharge(run).charged.plus(new Decimal(run.creditApplied.toString()));
    await grantCredit(
      tx,
      contract,
      paid,
      `payment of billing run ${run.id}: the contract changed before it settled, so its ${change.operation} was not applied`,
      change.operation,
      now,
    );
    await tx.billingRun.update({
      where: { id: run.id },
      data: { metadata: withChange(run, { ...change, state: "credited" }) },
    });
    await emitEvent(
      tx,
      run.accountId,
      "subscription_contract.updated",
      await viewContractById(ctx, tx, contract.id),
      now,
    );
    return;
  }
  const { event, contractItemId = null } = await plan.apply(tx);
  // an added item exists only now: its proration line on the run names it from here on
  if (change.operation === "add_item" && contractItemId)
    await tx.billingRunLine.updateMany({
      where: { runId: run.id, contractItemId: null, kind: "proration" },
      data: { contractItemId },
    });
  await tx.subscriptionContract.update({ where: { id: contract.id }, data: withVersionBump(now) });
  await emitEvent(
    tx,
    run.accountId,
    event,
    await viewContractById(ctx, tx, contract.id),
    now,
    change.actor ?? undefined,
  );
  await tx.billingRun.update({
    where: { id: run.id },
    data: { metadata: withChange(run, { ...change, state: "applied", contract_item_id: contractItemId }) },
  });
}

/**
 * The run's payment failed: the change is dropped and the run voided (not failed: nothing is owed, so
 * no dunning, no retry, no billing attention). Pending lines it carried wait for the next invoice again,
 * and credit it used automatically is given back. Returns the run's new state, or null for any other run.
 */
export async function dropUnpaidChange(
  tx: DbTx,
  run: Run,
  attemptNo: number,
  result: Extract<ChargeResult, { status: "failed" }>,
  now: Date,
): Promise<string | null> {
  const change = pendingChangeOf(run.metadata);
  if (change?.state !== "awaiting_payment") return null;
  const updated = await tx.billingRun.update({
    where: { id: run.id },
    data: {
      state: "voided",
      attemptCount: attemptNo,
      nextAttemptAt: null,
      updatedAt: now,
      // voided runs all say why (unpaid_checkout, change_not_paid)
      metadata: {
        ...(withChange(run, {
          ...change,
          state: "dropped",
          fail_code: result.failCode,
          fail_message: result.failMessage,
        }) as object),
        void_reason: CHANGE_NOT_PAID,
      } as Prisma.InputJsonValue,
    },
  });
  await tx.pendingLine.updateMany({ where: { billingRunId: run.id }, data: { billingRunId: null } });
  const used = await tx.contractCredit.findMany({ where: { billingRunId: run.id, kind: "use" } });
  const back = used.reduce((sum, c) => sum.minus(c.amount.toString()), new Decimal(0));
  if (back.gt(0))
    await grantCredit(
      tx,
      { accountId: run.accountId, id: run.contractId, currency: run.currency },
      back,
      `credit used by billing run ${run.id}, voided: its payment failed`,
      change.operation,
      now,
    );
  await emitEvent(
    tx,
    run.accountId,
    "billing_run.voided",
    {
      ...presentRunSummary(updated, run.contract),
      void_reason: CHANGE_NOT_PAID,
      fail_code: result.failCode,
      fail_message: result.failMessage,
    },
    now,
  );
  return "voided";
}
