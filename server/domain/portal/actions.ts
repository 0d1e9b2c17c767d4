// What a customer does in the portal. A contract's actions are the subscriber page's (selfService/actions.ts,
// the seller's policy included), run as that contract's subscriber once the contract is known to be the
// customer's; the portal's own: removing a card no live contract needs, making a card the one charged.
import { pickPaymentMethod } from "@/server/domain/billing/execute";
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { deletePaymentMethod } from "@/server/domain/payments/methods";
import { subscriberAct } from "@/server/domain/selfService/actions";
import type { SubscriberAction } from "@/server/schemas/selfService";
import { asSubscriber, customerContract } from "./view";

/** One subscriber-page action on one of the customer's contracts (another customer's contract: 404). */
export async function portalContractAct(ctx: Ctx, customerId: number, contractId: number, action: SubscriberAction) {
  await customerContract(ctx, customerId, contractId);
  return subscriberAct(asSubscriber(ctx, contractId), contractId, action);
}

/** Removes a card unless a live contract would be charged on it now (400: add another card first). */
export async function removeCard(ctx: Ctx, customerId: number, paymentMethodId: number) {
  const customer = await ctx.db.customer.findFirst({ where: { id: customerId, accountId: ctx.accountId } });
  const method = await ctx.db.paymentMethod.findFirst({
    where: { id: paymentMethodId, accountId: ctx.accountId, customerId, state: "active" },
  });
  if (!customer || !method) throw notFound();
  const live = await ctx.db.subscriptionContract.findMany({
    where: { accountId: ctx.accountId, customerId, state: { in: ["active", "paused", "inactive"] } },
    select: { currency: true, paymentProcessorOverride: true },
  });
  for (const c of live) {
    const charged = await pickPaymentMethod(ctx.db, { customerId, currency: c.currency, kind: "recurring" }, c);
    if (charged?.id === method.id)
      throw invalid("payment_method", "A subscription is charged on this card. Add another card before removing it.");
  }
  await deletePaymentMethod(ctx, customer.reference, method.id);
  return { payment_method_id: method.id, state: "canceled" };
}

/**
 * Makes one of the customer's verified cards their default: it takes the next charge rank
 * (payments/chargeOrder.ts), so every later charge of their contracts goes to it (a contract's own processor
 * override still limits which cards it can use).
 */
export async function makeDefaultCard(ctx: Ctx, customerId: number, paymentMethodId: number) {
  const updated = await ctx.db.$executeRaw`
    update payment_methods set charge_rank = payment_method_charge_rank_next(), updated_at = now()
    where id = ${paymentMethodId} and account_id = ${ctx.accountId} and customer_id = ${customerId}
      and state = 'active' and verified`;
  if (!updated) throw notFound();
  return { payment_method_id: paymentMethodId, default: true };
}
