// A card the seller asks a customer for (console: customer page → "Request a card"): a payment method
// registration for the customer alone, its hosted card form reachable for CARD_REQUEST_TTL_MS by a link the
// seller copies, and mailed to the customer when notice mails are configured (event payment_method.requested).
// The card is verified by a zero-amount authorisation and replaces the customer's other cards at that processor.
import { registrationData } from "@/server/domain/checkouts/registrations";
import type { Ctx } from "@/server/domain/context";
import { findCustomer } from "@/server/domain/customers/customers";
import { invalid } from "@/server/domain/errors";
import { emitEvent } from "@/server/domain/events/outbox";
import { iso } from "@/server/domain/time";

/** A requested card's link stays usable for a week: it travels by e-mail. */
export const CARD_REQUEST_TTL_MS = 7 * 86_400_000;

export async function requestCard(ctx: Ctx, input: { customer_reference: string; processor?: number }) {
  const customer = await findCustomer(ctx, input.customer_reference);
  const cardProcessor = { accountId: ctx.accountId, active: true, collectionMethod: "card", supportsRecurring: true };
  // the processor named, else the one of the currency the customer's newest live contract bills in, else the first
  const contract = await ctx.db.subscriptionContract.findFirst({
    where: { accountId: ctx.accountId, customerId: customer.id, state: { in: ["active", "paused", "inactive"] } },
    orderBy: { id: "desc" },
    select: { currency: true, paymentProcessorOverride: true },
  });
  const processor =
    input.processor != null
      ? await ctx.db.accountPaymentProcessor.findFirst({ where: { ...cardProcessor, id: input.processor } })
      : ((contract?.paymentProcessorOverride
          ? await ctx.db.accountPaymentProcessor.findFirst({
              where: { ...cardProcessor, id: contract.paymentProcessorOverride },
            })
          : null) ??
        (contract
          ? await ctx.db.accountPaymentProcessor.findFirst({
              where: { ...cardProcessor, currency: contract.currency },
              orderBy: { id: "asc" },
            })
          : null) ??
        (await ctx.db.accountPaymentProcessor.findFirst({ where: cardProcessor, orderBy: { id: "asc" } })));
  if (!processor)
    throw invalid(input.processor != null ? "processor" : "non_field_errors", "No active card processor can take it.");
  const data = registrationData(ctx, {}, processor.id, customer.id, CARD_REQUEST_TTL_MS);
  const request = {
    customer_id: customer.id,
    customer_reference: customer.reference,
    account_payment_processor_id: processor.id,
    url: `${(ctx.baseUrl ?? "").replace(/\/+$/, "")}/pay/registrations/${data.token}`,
    expires_at: iso(data.expiresAt),
  };
  // the registration and the event (a webhook, and the customer's e-mail when notice mails are on) together
  await ctx.db.$transaction(async (tx) => {
    await tx.paymentMethodRegistration.create({ data });
    await emitEvent(tx, ctx.accountId, "payment_method.requested", request, ctx.clock.now());
  });
  return { ...request, email: customer.email };
}
