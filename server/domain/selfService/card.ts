// "Update card" on the subscriber page: a payment method registration for the contract's customer at the
// processor that bills the contract, completed on the processor's hosted card form. The completed card
// replaces the customer's other cards at that processor (registrations.ts verifyCard), and billing uses
// the newest active card (billing/execute.ts), so the contract is charged on the new card from then on.

import { registrationData } from "@/server/domain/checkouts/registrations";
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { CHARGE_ORDER } from "@/server/domain/payments/chargeOrder";

/** The card billing would charge for the contract now: brand and last four only. */
export async function cardOnFile(ctx: Ctx, contractId: number) {
  const c = await ctx.db.subscriptionContract.findFirst({ where: { id: contractId, accountId: ctx.accountId } });
  if (!c) throw notFound();
  const m = await ctx.db.paymentMethod.findFirst({
    where: {
      accountId: ctx.accountId,
      customerId: c.customerId,
      state: "active",
      verified: true,
      processor: { active: true, currency: c.currency },
      ...(c.paymentProcessorOverride ? { processorId: c.paymentProcessorOverride } : {}),
    },
    orderBy: [...CHARGE_ORDER],
  });
  if (!m) return null;
  return {
    brand: m.cardBrand ?? m.collectionMethod,
    last4: m.cardLast4,
    exp_month: m.cardExpMonth,
    exp_year: m.cardExpYear,
  };
}

/** A registration for the contract's customer; returns the hosted card form's address (path on this service). */
export async function startCardUpdate(ctx: Ctx, contractId: number): Promise<{ hosted_url: string; token: string }> {
  const c = await ctx.db.subscriptionContract.findFirst({ where: { id: contractId, accountId: ctx.accountId } });
  if (!c) throw notFound();
  const current = await ctx.db.paymentMethod.findFirst({
    where: { accountId: ctx.accountId, customerId: c.customerId, state: "active", collectionMethod: "card" },
    orderBy: [...CHARGE_ORDER],
  });
  // the contract's override, else the processor of the current card, else the account's card processor for
  // the currency (the current card may sit on a processor that cannot bill this contract, e.g. another currency)
  const eligible = {
    accountId: ctx.accountId,
    active: true,
    currency: c.currency,
    collectionMethod: "card",
    supportsRecurring: true,
  };
  const preferred = c.paymentProcessorOverride ?? current?.processorId ?? null;
  const processor =
    (preferred != null
      ? await ctx.db.accountPaymentProcessor.findFirst({ where: { ...eligible, id: preferred } })
      : null) ??
    (c.paymentProcessorOverride
      ? null
      : await ctx.db.accountPaymentProcessor.findFirst({ where: eligible, orderBy: { id: "asc" } }));
  if (!processor)
    throw invalid("non_field_errors", "Cards cannot be updated for this subscription; contact the seller.");
  const r = await ctx.db.paymentMethodRegistration.create({
    data: registrationData(ctx, { contractId: c.id }, processor.id, c.customerId),
  });
  return { hosted_url: `/pay/registrations/${r.token}`, token: r.token };
}
