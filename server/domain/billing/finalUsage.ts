// The last usage of a contract that ends before its period does (canceled now, or at a cancel_at within a
// period): its metered items bill their usage up to the end on an adjustment run due then, which the worker
// charges like any other. Usage after the end is refused at ingestion (contract_ended).
import { fixedClock } from "@/server/clock";
import type { Db, DbTx } from "@/server/db";
import { createAdjustmentRun } from "@/server/domain/contracts/adjustmentRun";
import type { ContractRecord } from "@/server/domain/contracts/contractRows";
import { emitEvent } from "@/server/domain/events/outbox";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { planRegularRun } from "./plan";
import { presentRunSummary } from "./present";
import { isMeteredItem, readUsage } from "./usageLines";

/** Creates the run of the metered items' usage up to `at` (null when the contract meters nothing then). */
export async function billFinalUsage(tx: DbTx, contract: ContractRecord, at: Date): Promise<number | null> {
  const ctx = { db: tx as Db, accountId: contract.accountId, clock: fixedClock(at) };
  const catalog = await catalogSnapshot(ctx);
  const closing = contract.items
    .filter((i) => isMeteredItem(catalog, i) && i.periodStartAt && i.periodEndAt && i.periodStartAt < at)
    .filter((i) => i.status === "active" || (i.endAt && i.periodStartAt && i.endAt > i.periodStartAt))
    .map((i) => ({
      ...i,
      // the period closes at the end: the window is [period start, end) less the trial
      periodEndAt: i.periodEndAt! < at ? i.periodEndAt : at,
      endAt: i.endAt && i.endAt < at ? i.endAt : at,
    }));
  if (!closing.length) return null;
  const snapshot = { ...contract, items: closing };
  const usage = await readUsage(ctx, catalog, [snapshot], at);
  const plan = planRegularRun(snapshot, catalog, at, { usage });
  if (!plan.lines.length) return null;
  const runId = await createAdjustmentRun(
    tx,
    contract,
    {
      lines: plan.lines,
      pendingLineIds: [],
      periodKey: `usage_final:${at.toISOString()}`,
      metadata: { operation: "final_usage", reason: "metered usage up to the contract's end" },
    },
    at,
  );
  for (const advance of plan.advance)
    await tx.contractItem.update({
      where: { id: advance.id },
      data: { periodStartAt: advance.startAt, periodEndAt: advance.endAt },
    });
  const run = await tx.billingRun.findUniqueOrThrow({ where: { id: runId } });
  await emitEvent(tx, contract.accountId, "billing_run.created", presentRunSummary(run, contract), at);
  return runId;
}
