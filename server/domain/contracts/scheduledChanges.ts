// Scheduled item changes (extension): an item's new price or quantity, or its removal, taking effect at
// the end of the item's current period. At most one per item: a newer change, any immediate change of the
// item, its removal or the contract's cancellation cancels the pending one. The billing path applies a
// change that came due before the run of that instant is built (applyDue, billing/due.ts).
import type { DbTx } from "@/server/db";
import type { Ctx, EventActor } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import type { CatalogSnapshot } from "@/server/domain/offers/snapshot";
import type { ContractOut } from "@/server/schemas/contracts";
import { viewContractById } from "./contractResponse";
import { type ContractRecord, withLockedContract, withVersionBump } from "./contractRows";
import { itemAfterChange, type ScheduledChangeTerms } from "./scheduledApply";

/** Cancels the scheduled changes of a contract (or of one of its items); returns how many. */
export async function cancelPendingChanges(tx: DbTx, contractId: number, now: Date, contractItemId?: number) {
  const { count } = await tx.scheduledItemChange.updateMany({
    where: { contractId, state: "scheduled", ...(contractItemId !== undefined ? { contractItemId } : {}) },
    data: { state: "canceled", canceledAt: now },
  });
  return count;
}

/** Records a change of `terms.contractItemId` at its period end, replacing the item's pending one. Caller holds the lock. */
export async function scheduleItemChange(
  tx: DbTx,
  ctx: Ctx,
  contract: ContractRecord,
  terms: Omit<ScheduledChangeTerms, "effectiveAt">,
) {
  const item = contract.items.find((i) => i.id === terms.contractItemId && i.status === "active");
  if (!item?.periodEndAt)
    throw invalid("contract_item", "This item has no current period to end; the change cannot wait for it.");
  const now = ctx.clock.now();
  await cancelPendingChanges(tx, contract.id, now, item.id);
  return tx.scheduledItemChange.create({
    data: {
      accountId: ctx.accountId,
      contractId: contract.id,
      contractItemId: item.id,
      kind: terms.kind,
      priceId: terms.priceId,
      quantity: terms.quantity,
      effectiveAt: item.periodEndAt,
      actorType: ctx.actor?.type ?? "seller",
      actorId: ctx.actor?.id ?? null,
      createdAt: now,
    },
  });
}

/** "Keep my current plan": cancels one scheduled change (subscriber page, console, REST DELETE). */
export async function cancelScheduledChange(ctx: Ctx, contractId: number, changeId: number): Promise<ContractOut> {
  return withLockedContract(ctx, contractId, async (tx, contract) => {
    const change = await tx.scheduledItemChange.findFirst({
      where: { id: changeId, contractId: contract.id, accountId: ctx.accountId },
    });
    if (!change) throw notFound();
    if (change.state !== "scheduled")
      throw invalid("non_field_errors", `This change is already ${change.state}; there is nothing to cancel.`);
    const now = ctx.clock.now();
    await tx.scheduledItemChange.update({ where: { id: change.id }, data: { state: "canceled", canceledAt: now } });
    await tx.subscriptionContract.update({ where: { id: contract.id }, data: withVersionBump(now) });
    const view = await viewContractById(ctx, tx, contract.id);
    await emitEvent(tx, ctx.accountId, "subscription_contract.updated", view, now, ctx.actor);
    return view;
  });
}

/**
 * Settles the changes due at `now` of a locked contract: applied (proration none: the renewal bills the
 * new terms) while the contract is live and the item active, canceled otherwise. Returns, per change, the
 * actor to record on its `subscription_contract.updated` event (undefined: the seller, or a cancellation).
 */
export async function settleDueChanges(
  tx: DbTx,
  catalog: CatalogSnapshot,
  contract: ContractRecord,
  live: boolean,
  now: Date,
): Promise<(EventActor | undefined)[]> {
  const due = contract.scheduledChanges.filter((s) => s.state === "scheduled" && s.effectiveAt <= now);
  const actors: (EventActor | undefined)[] = [];
  for (const change of due) {
    const item = contract.items.find((i) => i.id === change.contractItemId && i.status === "active");
    if (!live || !item) {
      await tx.scheduledItemChange.update({ where: { id: change.id }, data: { state: "canceled", canceledAt: now } });
      actors.push(undefined);
      continue;
    }
    const next = itemAfterChange(catalog, item, change);
    Object.assign(item, next); // later changes of this call see the item as changed
    // the new terms run from the change's effective time, even when it is settled later
    await tx.contractItem.update({ where: { id: item.id }, data: { ...next, termsFrom: change.effectiveAt } });
    await tx.scheduledItemChange.update({ where: { id: change.id }, data: { state: "applied", appliedAt: now } });
    actors.push(
      change.actorType === "subscriber" && change.actorId != null
        ? { type: "subscriber", id: change.actorId }
        : undefined,
    );
  }
  return actors;
}
