// Embedded checkout sessions, widget side: POST checkout/ — the buyer's details, processor, shipping and
// promotion code become the session's checkout (created with the secret-key checkout's own function).
// After a declined payment the session keeps its checkout and contract: POST checkout/ again ("Try another
// card") only opens a new card registration for it (and may switch the processor), so the session never
// yields a second contract.

import { createCheckout, getCheckout } from "@/server/domain/checkouts/create";
import { createRegistration } from "@/server/domain/checkouts/registrations";
import type { Ctx } from "@/server/domain/context";
import { createCustomer } from "@/server/domain/customers/customers";
import { DomainError, invalid, invalidFields, isDomainError } from "@/server/domain/errors";
import { iso } from "@/server/domain/time";
import type { CheckoutOut } from "@/server/schemas/payments";
import { checkoutBody } from "@/server/schemas/payments";
import type { WidgetCheckoutInput } from "@/server/schemas/sessions";
import { type SessionRow, sessionCheckout, settleSession, snapshotOf } from "./sessions";
import { assertOpen, compileNow, sessionProcessors } from "./widget";

async function resolveCustomer(ctx: Ctx, session: SessionRow, input: WidgetCheckoutInput["customer"]): Promise<string> {
  if (session.customerId !== null) {
    const customer = await ctx.db.customer.findFirst({ where: { id: session.customerId, accountId: ctx.accountId } });
    if (!customer) throw invalid("customer", "The session's customer no longer exists.");
    if (input && input.reference !== customer.reference)
      throw invalid("customer", "This session belongs to another customer.");
    return customer.reference;
  }
  if (!input)
    throw invalid(
      "customer",
      "This field is required: the session has no customer; send customer.reference (and optionally email and name).",
    );
  // the widget runs in a browser: it may create a customer, never act for an existing one (the seller
  // binds existing customers by creating the session with customer_reference)
  const exists = await ctx.db.customer.findUnique({
    where: { accountId_reference: { accountId: ctx.accountId, reference: input.reference } },
  });
  if (exists)
    throw invalid(
      "customer",
      "A customer with this reference already exists; the seller must create the session with customer_reference.",
    );
  let created: Awaited<ReturnType<typeof createCustomer>>;
  try {
    created = await createCustomer(ctx, {
      reference: input.reference,
      name: input.name ?? null,
      email: input.email ?? null,
      metadata: {},
    });
  } catch (error) {
    if (isDomainError(error) && error.fields?.reference)
      throw invalid(
        "customer",
        "A customer with this reference already exists; the seller must create the session with customer_reference.",
      );
    throw error;
  }
  // bound at once, so a retry after a later 400 (shipping, processor) finds it on the session
  const bound = await ctx.db.checkoutSession.updateMany({
    where: { id: session.id, customerId: null },
    data: { customerId: created.id, updatedAt: ctx.clock.now() },
  });
  if (!bound.count) throw new DomainError("conflict", "The session got a customer from another request; reload it.");
  return created.reference;
}

/** POST checkout: a checkout of the snapshot's offer for the customer, plus a card registration. */
export async function widgetCheckout(ctx: Ctx, row: SessionRow, input: WidgetCheckoutInput) {
  const previous = await sessionCheckout(ctx, row);
  const session = await settleSession(ctx, row, previous);
  await assertOpen(ctx, session);
  if (previous && !["pending", "failed", "expired"].includes(previous.status)) {
    throw invalid(
      "non_field_errors",
      `The session's checkout is already ${previous.status === "finalizing" ? "being finalized" : previous.status}.`,
    );
  }
  const snapshot = snapshotOf(session);
  const { offer, compiled, priced } = await compileNow(ctx, snapshot);
  const candidates = await sessionProcessors(ctx, snapshot, compiled, priced);
  let processor = candidates.length === 1 ? candidates[0] : undefined;
  if (previous?.status === "failed" && previous.contractId !== null) {
    const chosen = candidates.find((p) => p.id === (input.account_payment_processor ?? previous.processorId));
    if (!chosen)
      throw invalid(
        "account_payment_processor",
        `Processor ${input.account_payment_processor ?? previous.processorId} is not offered by this session.`,
      );
    return checkoutAnswer(ctx, session, await payWithAnotherMethod(ctx, previous, chosen));
  }
  if (input.account_payment_processor != null) {
    processor = candidates.find((p) => p.id === input.account_payment_processor);
    if (!processor)
      throw invalid(
        "account_payment_processor",
        `Processor ${input.account_payment_processor} is not offered by this session.`,
      );
  } else if (!candidates.length)
    throw invalid("account_payment_processor", "None of this session's payment processors can take the offer.");
  else if (!processor)
    throw invalid(
      "account_payment_processor",
      "Several processors are offered; choose one with account_payment_processor.",
    );

  const customerReference = await resolveCustomer(ctx, session, input.customer);
  const body = checkoutBody.safeParse({
    ...offer,
    customer_reference: customerReference,
    collection_method: processor.collectionMethod,
    account_payment_processor: processor.id,
    ...(input.shipping ? { shipping: input.shipping } : {}),
    ...(input.promotion_code ? { promotion_code: input.promotion_code } : {}),
    metadata: { ...(offer.metadata ?? {}), ...snapshot.metadata, ...(session.metadata as Record<string, unknown>) },
  });
  if (!body.success)
    throw invalidFields({ non_field_errors: body.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) });

  // a pending checkout of the session is replaced (e.g. another processor was chosen); claim it first
  if (previous?.status === "pending") {
    const claimed = await ctx.db.checkout.updateMany({
      where: { id: previous.id, status: "pending" },
      data: { status: "expired", updatedAt: ctx.clock.now() },
    });
    if (!claimed.count) throw new DomainError("conflict", "The session's checkout is being finalized.");
  }
  const checkout: CheckoutOut = await createCheckout(ctx, body.data, { checkoutSessionId: session.id });
  const bound = await ctx.db.checkoutSession.updateMany({
    where: { id: session.id, status: "open", checkoutId: session.checkoutId },
    data: { checkoutId: checkout.id, updatedAt: ctx.clock.now() },
  });
  if (!bound.count) {
    await ctx.db.checkout.updateMany({ where: { id: checkout.id, status: "pending" }, data: { status: "expired" } });
    throw new DomainError("conflict", "Another checkout was created for this session at the same time.");
  }
  return checkoutAnswer(ctx, session, checkout);
}

/**
 * The session's checkout after a declined payment, ready for another card: the same checkout (its offer,
 * shipping and code are fixed with its contract), on the processor now chosen (the contract follows it).
 */
async function payWithAnotherMethod(
  ctx: Ctx,
  checkout: NonNullable<Awaited<ReturnType<typeof sessionCheckout>>>,
  processor: { id: number; collectionMethod: string },
): Promise<CheckoutOut> {
  if (processor.id !== checkout.processorId) {
    await ctx.db.$transaction(async (tx) => {
      const moved = await tx.checkout.updateMany({
        where: { id: checkout.id, status: "failed" },
        data: { processorId: processor.id, collectionMethod: processor.collectionMethod, updatedAt: ctx.clock.now() },
      });
      if (!moved.count) throw new DomainError("conflict", "The session's checkout is being paid; reload it.");
      await tx.subscriptionContract.updateMany({
        where: { id: checkout.contractId!, accountId: ctx.accountId, state: "inactive" },
        data: { paymentProcessorOverride: processor.id },
      });
    });
  }
  return getCheckout(ctx, checkout.token);
}

async function checkoutAnswer(ctx: Ctx, session: SessionRow, checkout: CheckoutOut) {
  const processor = await ctx.db.accountPaymentProcessor.findFirst({
    where: { id: checkout.account_payment_processor_id ?? -1, accountId: ctx.accountId },
    select: { collectionMethod: true },
  });
  const registration = processor?.collectionMethod === "card" ? await createRegistration(ctx, checkout.token) : null;
  return {
    checkout_token: checkout.token,
    status: checkout.status,
    currency: checkout.currency,
    subtotal_amount: checkout.subtotal_amount,
    tax_amount: checkout.tax_amount,
    total_amount: checkout.total_amount,
    account_payment_processor_id: checkout.account_payment_processor_id,
    customer_reference: checkout.customer_reference,
    shipping_selection: checkout.shipping_selection,
    registration: registration && {
      token: registration.token,
      status: registration.status,
      render_mode: registration.render_mode,
      account_payment_processor_id: registration.account_payment_processor_id,
      hosted_url: registration.hosted_url,
      expires_at: registration.expires_at,
    },
    session_expires_at: iso(session.expiresAt),
  };
}
