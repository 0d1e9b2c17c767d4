// Builds the regular billing run due at a contract's next_billing_at: every item whose period ended by
// then is billed for its next period (in advance), at the price version in effect at that period's start,
// less paused time, plus pending lines. Exactly once: (contract, period_key) is unique.
import Decimal from "decimal.js";
import type { DbTx } from "@/server/db";
import type { Ctx } from "@/server/domain/context";
import { contractAnchor, itemLine } from "@/server/domain/contracts/lines";
import { type ContractRecord, withContractIfFree, withVersionBump } from "@/server/domain/contracts/records";
import { emitEvent } from "@/server/domain/events/outbox";
import { fmt4 } from "@/server/domain/money";
import { type CatalogSnapshot, catalogSnapshot } from "@/server/domain/offers/snapshot";
import { priceAmounts, roundFactor } from "@/server/domain/pricing/amounts";
import { billingPeriodFrom } from "@/server/domain/pricing/periods";
import type { Prisma } from "@/server/generated/prisma/client";
import { regularRunDraft } from "./draft";
import { presentRunSummary } from "./present";

export const regularKey = (at: Date) => `regular:${at.toISOString()}`;

export interface Advance {
  id: number;
  start: string;
  end: string;
}

/** What planning a run reads of a contract (a full record, or the lighter rows the forecast loads). */
export type PlannableContract = Pick<
  ContractRecord,
  "items" | "pauses" | "billingTimezone" | "billingTime" | "fixedDay" | "billingAnchorAt"
>;

function pausedMs(c: Pick<PlannableContract, "pauses">, from: Date, to: Date): number {
  let ms = 0;
  for (const p of c.pauses) {
    if (p.state === "canceled") continue;
    const s = Math.max(+p.startAt, +from),
      e = Math.min(+p.endAt, +to);
    if (e > s) ms += e - s;
  }
  return ms;
}

export function planRegularRun(c: PlannableContract, catalog: CatalogSnapshot, at: Date) {
  const anchor = contractAnchor(c);
  const lines: Prisma.BillingRunLineCreateWithoutRunInput[] = [];
  const advance: Advance[] = [];
  for (const item of c.items) {
    if (item.status !== "active" || !item.periodEndAt || item.periodEndAt > at) continue;
    if (item.endAt && item.endAt <= item.periodEndAt) continue; // ended: nothing more to bill
    const line = itemLine(catalog, item);
    const { service, full } = billingPeriodFrom(line.price, anchor, item.periodEndAt);
    advance.push({ id: item.id, start: service.start.toISOString(), end: service.end.toISOString() });
    const from = item.startAt && item.startAt > service.start ? item.startAt : service.start;
    const to = item.endAt && item.endAt < service.end ? item.endAt : service.end;
    const billedMs = Math.max(0, +to - +from - pausedMs(c, from, to));
    if (billedMs <= 0) continue;
    const factor = roundFactor(new Decimal(billedMs).div(+full.end - +full.start));
    const paused = pausedMs(c, from, to) > 0 ? " (paused time excluded)" : "";
    const a = priceAmounts(
      {
        price: line.price,
        quantity: line.quantity,
        unitAmountOverride: line.unitAmountOverride,
        discountPercent: line.discountPercent,
        factor,
        versionAt: service.start,
      },
      `${service.start.toISOString().slice(0, 10)} to ${service.end.toISOString().slice(0, 10)}${paused}`,
    );
    lines.push({
      contractItemId: item.id,
      priceId: line.price.id,
      priceVersionId: a.versionId,
      productName: line.price.productName,
      quantity: line.quantity,
      unitAmount: a.text.unitAmount,
      prorationFactor: a.text.factor,
      lineTotal: a.text.lineTotal,
      subtotal: a.text.subtotal,
      tax: a.text.tax,
      servicePeriodStartAt: from,
      servicePeriodEndAt: to,
      prorationReason: factor.eq(1) ? null : paused ? "paused" : "partial_period",
      kind: "recurring",
      description: a.explanation,
    });
  }
  // items still billing after this run, and the next billing date: the earliest of their period ends
  const done = (i: PlannableContract["items"][number]) =>
    i.status !== "active" || !i.periodEndAt || (!!i.endAt && i.endAt <= i.periodEndAt);
  const ends = c.items
    .filter((i) => !done(i))
    .map((i) => new Date(advance.find((a) => a.id === i.id)?.end ?? i.periodEndAt!));
  const next = ends.length ? new Date(Math.min(...ends.map(Number))) : null;
  const live = ends.length > 0;
  return { lines, advance, next, live };
}

export async function applyAdvance(tx: DbTx, contractId: number, advance: Advance[], next: string | null, at: Date) {
  for (const a of advance)
    await tx.contractItem.update({
      where: { id: a.id },
      data: { periodStartAt: new Date(a.start), periodEndAt: new Date(a.end) },
    });
  await tx.subscriptionContract.update({
    where: { id: contractId },
    data: withVersionBump(at, { nextBillingAt: next ? new Date(next) : null }),
  });
}

/** Creates the run due now for one contract (null when nothing is due or another worker has it). */
export async function buildDueRun(ctx: Ctx, contractId: number): Promise<number | null> {
  const catalog = await catalogSnapshot(ctx);
  const r = await withContractIfFree(ctx, contractId, async (tx, c) => {
    const now = ctx.clock.now();
    if ((c.state !== "active" && c.state !== "paused") || !c.nextBillingAt || c.nextBillingAt > now) return null;
    const at = c.nextBillingAt;
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
    const draft = regularRunDraft(c, catalog, at, pending);
    if (!draft) {
      // nothing left to bill: a contract whose items all ended concludes
      await tx.subscriptionContract.update({
        where: { id: c.id },
        data: withVersionBump(now, { state: "ended", endedAt: at, recurring: false, nextBillingAt: null }),
      });
      await emitEvent(
        tx,
        ctx.accountId,
        "subscription_contract.ended",
        {
          id: c.id,
          state: "ended",
          cancel_at_period_end: c.cancelAtPeriodEnd,
          cancel_at: c.cancelAt?.toISOString() ?? null,
          canceled_at: c.canceledAt?.toISOString() ?? null,
          ended_at: at.toISOString(),
        },
        now,
      );
      return null;
    }
    const next = draft.next?.toISOString() ?? null;
    const run = await tx.billingRun.create({
      data: {
        accountId: ctx.accountId,
        contractId,
        customerId: c.customerId,
        kind: "regular",
        state: "scheduled",
        currency: c.currency,
        periodStartAt: draft.periodStartAt,
        periodEndAt: draft.periodEndAt,
        periodKey,
        scheduledAt: at,
        subtotal: fmt4(draft.subtotal),
        tax: fmt4(draft.tax),
        total: fmt4(draft.total),
        metadata:
          c.billingAdvancePolicy === "on_run_succeeded"
            ? ({ advance: draft.advance, next } as unknown as Prisma.InputJsonValue)
            : {},
        lines: { create: draft.lines },
      },
    });
    if (pending.length)
      await tx.pendingLine.updateMany({
        where: { id: { in: pending.map((p) => p.id) } },
        data: { billingRunId: run.id },
      });
    if (c.billingAdvancePolicy !== "on_run_succeeded") await applyAdvance(tx, contractId, draft.advance, next, now);
    await emitEvent(tx, ctx.accountId, "billing_run.created", presentRunSummary(run, c), now);
    return run.id;
  });
  return r ?? null;
}
