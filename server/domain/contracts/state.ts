// Transitions outside the operation flow: activate, delete a future pause, and applying everything that
// has come due (scheduled cancellations, pause windows starting and ending) at an instant.

import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { type EventType, emitEvent } from "@/server/domain/events/outbox";
import { fenceIdempotency } from "@/server/domain/idempotency/fence";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { priceOffer } from "@/server/domain/pricing/engine";
import type { Prisma } from "@/server/generated/prisma/client";
import type { ContractOut } from "@/server/schemas/contracts";
import { createInitialBilling } from "./create";
import { contractAnchor, itemLine } from "./lines";
import { canceledContractFields, notAllowed, withLockedContract, withVersionBump } from "./records";
import { cancelPendingChanges, settleDueChanges } from "./scheduledChanges";
import { viewContractById } from "./view";

export async function activateContract(ctx: Ctx, id: number): Promise<ContractOut> {
  const catalog = await catalogSnapshot(ctx);
  return withLockedContract(ctx, id, async (tx, contract) => {
    if (contract.state !== "inactive")
      throw notAllowed(contract, "activate", { paused: "A paused contract is resumed, not activated." });
    const now = ctx.clock.now();
    const items = contract.items.filter((i) => i.status === "active");
    // service and billing periods start at activation
    const priced = priceOffer({
      ...contractAnchor(contract),
      anchorAt: now,
      start: now,
      currency: contract.currency,
      recurring: items.map((i) => itemLine(catalog, i)),
      initial: [],
    });
    for (const [item, i] of items.entries())
      await tx.contractItem.update({
        where: { id: i.id },
        data: { periodStartAt: priced.recurring[item].period.start, periodEndAt: priced.recurring[item].period.end },
      });
    await tx.subscriptionContract.update({
      where: { id },
      data: withVersionBump(now, {
        state: "active",
        billingAnchorAt: now,
        nextBillingAt: items.length ? priced.periodEnd : null,
      }),
    });
    await createInitialBilling(
      tx,
      ctx.accountId,
      id,
      contract.customerId,
      contract.initialBillingMode,
      priced,
      items.map((i) => i.id),
      now,
    );
    const view = await viewContractById(ctx, tx, id);
    await emitEvent(tx, ctx.accountId, "subscription_contract.activated", view, now);
    await fenceIdempotency(tx, ctx, { type: "subscription_contract", id }, view);
    return view;
  });
}

export async function deletePause(ctx: Ctx, id: number, pauseId: number): Promise<ContractOut> {
  return withLockedContract(ctx, id, async (tx, contract) => {
    const now = ctx.clock.now();
    const pause = contract.pauses.find((p) => p.id === pauseId);
    if (!pause) throw notFound();
    if (pause.state !== "scheduled" || pause.startAt <= now)
      throw invalid(
        "non_field_errors",
        "Only a future scheduled pause can be deleted; resume a current pause instead.",
      );
    await tx.contractPause.update({ where: { id: pauseId }, data: { state: "canceled", canceledAt: now } });
    await tx.subscriptionContract.update({ where: { id }, data: withVersionBump(now) });
    const view = await viewContractById(ctx, tx, id);
    await emitEvent(tx, ctx.accountId, "subscription_contract.updated", view, now);
    return view;
  });
}

/**
 * Applies what is due at ctx.clock.now() to one contract: a scheduled cancellation (→ canceled), pause
 * windows that started (→ paused) or ended (→ active), scheduled item changes (applied, or canceled with
 * the contract). Idempotent; returns the events written.
 */
export async function applyDue(ctx: Ctx, id: number): Promise<EventType[]> {
  return withLockedContract(ctx, id, async (tx, contract) => {
    const now = ctx.clock.now();
    const events: EventType[] = [];
    let state = contract.state;
    for (const phase of contract.pauses) {
      if (phase.state === "scheduled" && phase.startAt <= now && now < phase.endAt && state === "active") {
        await tx.contractPause.update({ where: { id: phase.id }, data: { state: "active" } });
        state = "paused";
        events.push("subscription_contract.paused");
      } else if ((phase.state === "active" || phase.state === "scheduled") && phase.endAt <= now) {
        await tx.contractPause.update({ where: { id: phase.id }, data: { state: "completed" } });
        if (state === "paused") {
          state = "active";
          events.push("subscription_contract.resumed");
        }
      }
    }
    const data: Prisma.SubscriptionContractUpdateInput = {};
    if (state !== contract.state) data.state = state;
    if ((state === "active" || state === "paused") && contract.cancelAt && contract.cancelAt <= now) {
      Object.assign(data, canceledContractFields(now, contract.cancelAt));
      await tx.contractPause.updateMany({
        where: { contractId: id, state: "scheduled" },
        data: { state: "canceled", canceledAt: now },
      });
      events.push("subscription_contract.canceled");
    }
    // scheduled item changes due now, after the lifecycle (a contract canceled now cancels them) and
    // before the run of this instant is built (billing/due.ts runs lifecycle first)
    const finalState = (data.state as string | undefined) ?? contract.state;
    const live = finalState === "active" || finalState === "paused";
    const changeActors = contract.scheduledChanges.some((s) => s.effectiveAt <= now)
      ? await settleDueChanges(tx, await catalogSnapshot({ ...ctx, db: tx as Ctx["db"] }), contract, live, now)
      : [];
    if (!live && contract.scheduledChanges.length) await cancelPendingChanges(tx, id, now);
    if (!events.length && !changeActors.length) return events;
    await tx.subscriptionContract.update({ where: { id }, data: withVersionBump(now, data) });
    const view = await viewContractById(ctx, tx, id);
    for (const e of events) await emitEvent(tx, ctx.accountId, e, view, now);
    for (const actor of changeActors)
      await emitEvent(tx, ctx.accountId, "subscription_contract.updated", view, now, actor);
    return [...events, ...changeActors.map(() => "subscription_contract.updated" as const)];
  });
}

/** Contracts of the account with something due at `at` (for the worker and time travel). */
export async function contractsWithDueChanges(ctx: Ctx, limit = 500): Promise<number[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.subscriptionContract.findMany({
    where: {
      accountId: ctx.accountId,
      OR: [
        { state: { in: ["active", "paused"] }, cancelAt: { lte: now } },
        { pauses: { some: { state: "scheduled", startAt: { lte: now } } } },
        { pauses: { some: { state: "active", endAt: { lte: now } } } },
        { scheduledChanges: { some: { state: "scheduled", effectiveAt: { lte: now } } } },
      ],
    },
    select: { id: true },
    take: limit,
    orderBy: { id: "asc" },
  });
  return rows.map((r) => r.id);
}
