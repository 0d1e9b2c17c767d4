// Builds the regular billing run due at a contract's next_billing_at: every item whose period ended by
// then is billed for its next period (in advance), at the price version in effect at that period's start,
// less paused time, plus pending lines. Exactly once: (contract, period_key) is unique.
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { type ContractRecord, withContractIfFree, withVersionBump } from "@/server/domain/contracts/contractRows";
import { emitEvent } from "@/server/domain/events/outbox";
import { fmt4 } from "@/server/domain/money";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { discountAfterRun, regularRunDraft } from "./draft";
import { type Advance, storedAdvance } from "./plan";
import { presentRunSummary } from "./present";
import { readUsage } from "./usageLines";

export const regularKey = (at: Date) => `regular:${at.toISOString()}`;

export async function applyAdvance(tx: DbTx, contractId: number, advance: Advance[], next: string | null, at: Date) {
  for (const item of advance)
    await tx.contractItem.update({
      where: { id: item.id },
      data: { periodStartAt: item.startAt, periodEndAt: item.endAt },
    });
  await tx.subscriptionContract.update({
    where: { id: contractId },
    data: withVersionBump(at, { nextBillingAt: next ? new Date(next) : null }),
  });
}

/** Nothing left to bill: a contract whose items all ended concludes. */
async function endContract(tx: DbTx, ctx: Ctx, contract: ContractRecord, at: Date, now: Date) {
  await tx.subscriptionContract.update({
    where: { id: contract.id },
    data: withVersionBump(now, { state: "ended", endedAt: at, recurring: false, nextBillingAt: null }),
  });
  await emitEvent(
    tx,
    ctx.accountId,
    "subscription_contract.ended",
    {
      id: contract.id,
      state: "ended",
      cancel_at_period_end: contract.cancelAtPeriodEnd,
      cancel_at: contract.cancelAt?.toISOString() ?? null,
      canceled_at: contract.canceledAt?.toISOString() ?? null,
      ended_at: at.toISOString(),
    },
    now,
  );
}

/** Creates the run due now for one contract (null when nothing is due or another worker has it). */
export async function buildDueRun(ctx: Ctx, contractId: number): Promise<number | null> {
  const catalog = await catalogSnapshot(ctx);
  const runId = await withContractIfFree(ctx, contractId, async (tx, contract) => {
    const now = ctx.clock.now();
    if (
      (contract.state !== "active" && contract.state !== "paused") ||
      !contract.nextBillingAt ||
      contract.nextBillingAt > now
    )
      return null;
    const at = contract.nextBillingAt;
    const periodKey = regularKey(at);
    if (
      await tx.billingRun.findUnique({
        where: { contractId_periodKey: { contractId, periodKey } },
        select: { id: true },
      })
    )
      return null;
    const pending = await tx.pendingLine.findMany({
      where: { contractId, billingRunId: null },
      orderBy: { id: "asc" },
    });
    const usage = await readUsage({ ...ctx, db: tx as Ctx["db"] }, catalog, [contract], at);
    const draft = regularRunDraft(contract, catalog, at, pending, { usage });
    if (!draft) {
      await endContract(tx, ctx, contract, at, now);
      return null;
    }
    const next = draft.next?.toISOString() ?? null;
    const run = await tx.billingRun.create({
      data: {
        accountId: ctx.accountId,
        contractId,
        customerId: contract.customerId,
        kind: "regular",
        state: "scheduled",
        currency: contract.currency,
        periodStartAt: draft.periodStartAt,
        periodEndAt: draft.periodEndAt,
        periodKey,
        scheduledAt: at,
        // the run's dates are the account's (a test clock's step), not the database's
        createdAt: now,
        updatedAt: now,
        subtotal: fmt4(draft.subtotal),
        tax: fmt4(draft.tax),
        total: fmt4(draft.total),
        metadata:
          contract.billingAdvancePolicy === "on_run_succeeded" ? { advance: storedAdvance(draft.advance), next } : {},
        lines: { create: draft.lines },
      },
    });
    if (draft.discounted && contract.discount) {
      const after = discountAfterRun(contract.discount, draft);
      await tx.contractDiscount.update({
        where: { id: contract.discount.id },
        data: { runsRemaining: after.runsRemaining, coveredUntil: after.coveredUntil },
      });
    }
    if (pending.length)
      await tx.pendingLine.updateMany({
        where: { id: { in: pending.map((p) => p.id) } },
        data: { billingRunId: run.id },
      });
    if (contract.billingAdvancePolicy !== "on_run_succeeded")
      await applyAdvance(tx, contractId, draft.advance, next, now);
    await emitEvent(tx, ctx.accountId, "billing_run.created", presentRunSummary(run, contract), now);
    // the last usage of items that all ended is billed: the contract then concludes
    if (!draft.live) await endContract(tx, ctx, contract, at, now);
    return run.id;
  });
  return runId ?? null;
}
