// Builds the regular billing run due at a contract's next_billing_at: every item whose period ended by
// then is billed for its next period (in advance), at the price version in effect at that period's start,
// less paused time, plus pending lines. Exactly once: (contract, period_key) is unique.
import Decimal from "decimal.js";
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { contractAnchor, itemLine, lineAmounts, pendingAsRunLine } from "@/server/domain/contracts/lines";
import { type ContractRecord, withContractIfFree, withVersionBump } from "@/server/domain/contracts/records";
import { emitEvent } from "@/server/domain/events/outbox";
import { fmt4 } from "@/server/domain/money";
import { type CatalogSnapshot, catalogSnapshot } from "@/server/domain/offers/snapshot";
import { roundFactor } from "@/server/domain/pricing/amounts";
import { billingPeriodFrom } from "@/server/domain/pricing/periods";
import type { Prisma } from "@/server/generated/prisma/client";
import { runPeriodOf } from "./period";
import { presentRunSummary } from "./present";

export const regularKey = (at: Date) => `regular:${at.toISOString()}`;

interface Advance {
  id: number;
  start: string;
  end: string;
}

function pausedMs(contract: ContractRecord, from: Date, to: Date): number {
  let ms = 0;
  for (const phase of contract.pauses) {
    if (phase.state === "canceled") continue;
    const start = Math.max(+phase.startAt, +from),
      end = Math.min(+phase.endAt, +to);
    if (end > start) ms += end - start;
  }
  return ms;
}

export function planRegularRun(contract: ContractRecord, catalog: CatalogSnapshot, at: Date) {
  const anchor = contractAnchor(contract);
  const lines: Prisma.BillingRunLineCreateWithoutRunInput[] = [];
  const advance: Advance[] = [];
  for (const item of contract.items) {
    if (item.status !== "active" || !item.periodEndAt || item.periodEndAt > at) continue;
    if (item.endAt && item.endAt <= item.periodEndAt) continue; // ended: nothing more to bill
    const line = itemLine(catalog, item);
    const { service, full } = billingPeriodFrom(line.price, anchor, item.periodEndAt);
    advance.push({ id: item.id, start: service.start.toISOString(), end: service.end.toISOString() });
    const from = item.startAt && item.startAt > service.start ? item.startAt : service.start;
    const to = item.endAt && item.endAt < service.end ? item.endAt : service.end;
    const billedMs = Math.max(0, +to - +from - pausedMs(contract, from, to));
    if (billedMs <= 0) continue;
    const factor = roundFactor(new Decimal(billedMs).div(+full.end - +full.start));
    const paused = pausedMs(contract, from, to) > 0 ? " (paused time excluded)" : "";
    const amounts = lineAmounts(
      line,
      factor,
      service.start,
      `${service.start.toISOString().slice(0, 10)} to ${service.end.toISOString().slice(0, 10)}${paused}`,
    );
    lines.push({
      contractItemId: item.id,
      priceId: line.price.id,
      priceVersionId: amounts.versionId,
      productName: line.price.productName,
      quantity: line.quantity,
      unitAmount: amounts.text.unitAmount,
      prorationFactor: amounts.text.factor,
      lineTotal: amounts.text.lineTotal,
      subtotal: amounts.text.subtotal,
      tax: amounts.text.tax,
      servicePeriodStartAt: from,
      servicePeriodEndAt: to,
      prorationReason: factor.eq(1) ? null : paused ? "paused" : "partial_period",
      kind: "recurring",
      description: amounts.explanation,
    });
  }
  // items still billing after this run, and the next billing date: the earliest of their period ends
  const done = (i: ContractRecord["items"][number]) =>
    i.status !== "active" || !i.periodEndAt || (!!i.endAt && i.endAt <= i.periodEndAt);
  const ends = contract.items
    .filter((i) => !done(i))
    .map((i) => new Date(advance.find((a) => a.id === i.id)?.end ?? i.periodEndAt!));
  const next = ends.length ? new Date(Math.min(...ends.map(Number))) : null;
  const live = ends.length > 0;
  return { lines, advance, next, live };
}

export async function applyAdvance(tx: DbTx, contractId: number, advance: Advance[], next: string | null, at: Date) {
  for (const item of advance)
    await tx.contractItem.update({
      where: { id: item.id },
      data: { periodStartAt: new Date(item.start), periodEndAt: new Date(item.end) },
    });
  await tx.subscriptionContract.update({
    where: { id: contractId },
    data: withVersionBump(at, { nextBillingAt: next ? new Date(next) : null }),
  });
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
    const plan = planRegularRun(contract, catalog, at);
    if (!plan.live) {
      // nothing left to bill: a contract whose items all ended concludes
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
      return null;
    }
    const pending = await tx.pendingLine.findMany({
      where: { contractId, billingRunId: null },
      orderBy: { id: "asc" },
    });
    const all = [...plan.lines, ...pending.map(pendingAsRunLine)];
    const sum = (k: "subtotal" | "tax") => all.reduce((a, l) => a.plus(String(l[k])), new Decimal(0));
    const next = plan.next?.toISOString() ?? null;
    const run = await tx.billingRun.create({
      data: {
        accountId: ctx.accountId,
        contractId,
        customerId: contract.customerId,
        kind: "regular",
        state: "scheduled",
        currency: contract.currency,
        ...runPeriodOf(all, { start: at, end: plan.next ?? at }),
        periodKey,
        scheduledAt: at,
        subtotal: fmt4(sum("subtotal")),
        tax: fmt4(sum("tax")),
        total: fmt4(sum("subtotal").plus(sum("tax"))),
        metadata:
          contract.billingAdvancePolicy === "on_run_succeeded"
            ? ({ advance: plan.advance, next } as unknown as Prisma.InputJsonValue)
            : {},
        lines: { create: all },
      },
    });
    if (pending.length)
      await tx.pendingLine.updateMany({
        where: { id: { in: pending.map((p) => p.id) } },
        data: { billingRunId: run.id },
      });
    if (contract.billingAdvancePolicy !== "on_run_succeeded")
      await applyAdvance(tx, contractId, plan.advance, next, now);
    await emitEvent(tx, ctx.accountId, "billing_run.created", presentRunSummary(run, contract), now);
    return run.id;
  });
  return runId ?? null;
}
