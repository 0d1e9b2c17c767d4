// Transitions that take effect at once, outside the operation flow (no preview token, no proration):
// activating an inactive contract (its periods start now) and deleting a pause that has not started.

import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import { fenceIdempotency } from "@/server/domain/idempotency/fence";
import { catalogSnapshot } from "@/server/domain/offers/snapshot";
import { priceOffer } from "@/server/domain/pricing/engine";
import type { ContractOut } from "@/server/schemas/contracts";
import { viewContractById } from "./contractResponse";
import { notAllowed, withLockedContract, withVersionBump } from "./contractRows";
import { createInitialBilling } from "./create";
import { contractAnchor, itemLine } from "./lines";

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
