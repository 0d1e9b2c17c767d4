// What comes due at an instant without anyone asking: scheduled cancellations, pause windows starting and
// ending, scheduled item changes. The worker and test-clock advances apply it before a contract's run.

import { billFinalUsage } from "@/server/domain/billing/finalUsage";
import type { Ctx } from "@/server/domain/context";
import { type EventType, emitEvent } from "@/server/domain/events/outbox";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import type { Prisma } from "@/server/generated/prisma/client";
import { viewContractById } from "./contractResponse";
import { canceledContractFields, withLockedContract, withVersionBump } from "./contractRows";
import { cancelPendingChanges, settleDueChanges } from "./scheduledChanges";

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
      await billFinalUsage(tx, contract, contract.cancelAt);
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
