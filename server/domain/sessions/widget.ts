// Embedded checkout sessions, widget side (public; the session token is the capability and the HTTP
// layer has already checked the request's Origin against the snapshot). Everything here works from the
// session's snapshot, never from the live sales channel.

import { createCheckout } from "@/server/domain/checkouts/create";
import { finalizeCheckout } from "@/server/domain/checkouts/finalize";
import { createRegistration } from "@/server/domain/checkouts/registrations";
import type { Ctx } from "@/server/domain/context";
import { createCustomer } from "@/server/domain/customers/customers";
import { DomainError, invalid, invalidFields, isDomainError } from "@/server/domain/errors";
import { type CompiledOffer, compileOffer } from "@/server/domain/offers/compile";
import { eligibleProcessors } from "@/server/domain/payments/options";
import { presentProcessorOption } from "@/server/domain/payments/present";
import { type PricedOffer, priceOffer } from "@/server/domain/pricing/engine";
import { presentQuote } from "@/server/domain/quotes/present";
import { iso } from "@/server/domain/time";
import { type OfferInput, offerInput } from "@/server/schemas/offers";
import type { CheckoutOut } from "@/server/schemas/payments";
import { checkoutBody } from "@/server/schemas/payments";
import type { SessionSnapshot, WidgetCheckoutInput } from "@/server/schemas/sessions";
import {
  type CheckoutRow,
  type SessionRow,
  sessionCheckout,
  sessionStatus,
  settleSession,
  snapshotOf,
} from "./sessions";

/** The session's lifetime has passed: the widget must ask the seller for a new session (HTTP 410). */
export const sessionExpired = () =>
  new DomainError("gone", "This checkout session has expired; create a new one.", undefined, "session_expired");

export async function assertOpen(ctx: Ctx, session: SessionRow) {
  const status = sessionStatus(session, ctx.clock.now());
  if (status === "expired") {
    await ctx.db.checkoutSession.updateMany({
      where: { id: session.id, status: "open" },
      data: { status: "expired", updatedAt: ctx.clock.now() },
    });
    throw sessionExpired();
  }
  if (status === "completed") throw invalid("non_field_errors", "This checkout session is completed.");
}

/** The snapshot's offer as validated input (it was parsed when the channel was saved). */
function storedOffer(snapshot: SessionSnapshot): OfferInput {
  const parsed = offerInput.safeParse(snapshot.offer);
  if (!parsed.success) throw invalid("non_field_errors", "The session's offer is not valid.");
  return { ...parsed.data, customer_reference: null };
}

export async function compileNow(ctx: Ctx, snapshot: SessionSnapshot) {
  const offer = storedOffer(snapshot);
  const compiled = await compileOffer(ctx, offer);
  return { offer, compiled, priced: priceOffer(compiled.offer) };
}

/** The account's processors that can take the offer now, restricted to the snapshot's processor ids. */
async function sessionProcessors(ctx: Ctx, snapshot: SessionSnapshot, compiled: CompiledOffer, priced: PricedOffer) {
  const eligible = await eligibleProcessors(ctx, {
    currency: compiled.offer.currency,
    initialAmount: priced.firstRun.total.gt(0),
    recurring: priced.recurring.length > 0,
  });
  return eligible.filter((p) => snapshot.processor_ids.includes(p.id));
}

const checkoutSummary = (c: CheckoutRow | null) =>
  c ? { token: c.token, status: c.status === "finalizing" ? "pending" : c.status, contract_id: c.contractId } : null;

/** GET: what the widget renders — the offer priced now, theme, terms and the processors it may offer. */
export async function widgetView(ctx: Ctx, row: SessionRow) {
  const checkout = await sessionCheckout(ctx, row);
  const session = await settleSession(ctx, row, checkout);
  const snapshot = snapshotOf(session);
  const base = {
    token: session.token,
    expires_at: iso(session.expiresAt),
    sales_channel: { name: snapshot.sales_channel.name },
    theme: snapshot.theme,
    terms: snapshot.terms,
  };
  if (session.status === "completed") {
    // what was bought, as priced at checkout (the catalog may have moved on since)
    return {
      ...base,
      status: "completed",
      offer: checkout?.quoteSnapshot ?? null,
      processors: [],
      selected_account_payment_processor_id: checkout?.processorId ?? null,
      requires_selection: false,
      customer_required: false,
      checkout: checkoutSummary(checkout),
    };
  }
  await assertOpen(ctx, session);
  const { compiled, priced } = await compileNow(ctx, snapshot);
  const processors = await sessionProcessors(ctx, snapshot, compiled, priced);
  return {
    ...base,
    status: "open",
    offer: presentQuote(compiled, priced, {}),
    processors: processors.map((p) => presentProcessorOption(p)),
    selected_account_payment_processor_id: processors.length === 1 ? processors[0].id : null,
    requires_selection: processors.length > 1,
    customer_required: session.customerId === null,
    checkout: checkoutSummary(checkout),
  };
}

/** The session's customer, or (for a session created without one) a new customer the widget names. */
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
  const registration = processor.collectionMethod === "card" ? await createRegistration(ctx, checkout.token) : null;
  return {
    checkout_token: checkout.token,
    status: checkout.status,
    currency: checkout.currency,
    subtotal_amount: checkout.subtotal_amount,
    tax_amount: checkout.tax_amount,
    total_amount: checkout.total_amount,
    account_payment_processor_id: checkout.account_payment_processor_id,
    customer_reference: customerReference,
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

const outcome = (
  checkout: Pick<CheckoutOut, "token" | "status" | "contract_id" | "initial_billing_run_id">,
  sessionStatus: string,
) => ({
  status: checkout.status,
  contract_id: checkout.contract_id,
  initial_billing_run_id: checkout.initial_billing_run_id,
  checkout_token: checkout.token,
  session_status: sessionStatus,
});

/** POST finalize: finalizes the session's checkout; a succeeded checkout completes the session. */
export async function widgetFinalize(ctx: Ctx, row: SessionRow) {
  const checkout = await sessionCheckout(ctx, row);
  const session = await settleSession(ctx, row, checkout);
  if (session.status === "completed" && checkout) {
    return outcome(
      {
        token: checkout.token,
        status: checkout.status as CheckoutOut["status"],
        contract_id: checkout.contractId,
        initial_billing_run_id: checkout.initialBillingRunId,
      },
      "completed",
    );
  }
  await assertOpen(ctx, session);
  if (!checkout)
    throw invalid("non_field_errors", "The session has no checkout yet: create it first (POST .../checkout/).");
  let view: CheckoutOut;
  try {
    view = await finalizeCheckout(ctx, checkout.token);
  } catch (error) {
    // a failed payment: tell the widget the outcome, not the whole private checkout
    if (isDomainError(error) && error.extra) {
      const extra = error.extra as Partial<CheckoutOut>;
      throw new DomainError("validation", error.message, error.fields, error.code, {
        status: extra.status ?? "failed",
        contract_id: extra.contract_id ?? null,
        fail_code: extra.fail_code ?? null,
        fail_message: extra.fail_message ?? null,
        checkout_token: checkout.token,
      });
    }
    throw error;
  }
  let status = "open";
  if (view.status === "succeeded") {
    await ctx.db.checkoutSession.updateMany({
      where: { id: session.id, status: "open" },
      data: { status: "completed", updatedAt: ctx.clock.now() },
    });
    status = "completed";
  }
  return outcome(view, status);
}
