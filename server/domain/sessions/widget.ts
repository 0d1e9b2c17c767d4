// Embedded checkout sessions, widget side (public; the session token is the capability and the HTTP
// layer has already checked the request's Origin against the snapshot). Everything here works from the
// session's snapshot, never from the live sales channel. This file: the view (GET) and the checks and offer
// compilation that widgetCheckout.ts (POST checkout/) and widgetFinalize.ts (POST finalize/) share.

import type { Ctx } from "@/server/domain/context";
import { DomainError, invalid } from "@/server/domain/errors";
import { type CompiledOffer, compileOffer } from "@/server/domain/offers/compile";
import { eligibleProcessors } from "@/server/domain/payments/options";
import { presentProcessorOption } from "@/server/domain/payments/present";
import { type PricedOffer, priceOffer } from "@/server/domain/pricing/engine";
import { presentQuote } from "@/server/domain/quotes/present";
import { iso } from "@/server/domain/time";
import { type OfferInput, offerInput } from "@/server/schemas/offers";
import type { SessionSnapshot } from "@/server/schemas/sessions";
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
export async function sessionProcessors(
  ctx: Ctx,
  snapshot: SessionSnapshot,
  compiled: CompiledOffer,
  priced: PricedOffer,
) {
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
