// Embedded checkout sessions, seller side (spec 4.8): POST /v2/checkout-sessions/ snapshots an active
// sales channel onto a short-lived session whose token alone is handed to the browser widget;
// GET /v2/checkout-sessions/{token}/ is the account's private view of it.

import { newToken } from "@/server/domain/checkouts/create";
import type { Ctx } from "@/server/domain/context";
import { requireCustomer } from "@/server/domain/customers/customers";
import { invalid, isDomainError, notFound } from "@/server/domain/errors";
import { iso } from "@/server/domain/time";
import type { Prisma } from "@/server/generated/prisma/client";
import type { CheckoutSessionCreateInput, CheckoutSessionOut, SessionSnapshot } from "@/server/schemas/sessions";
import { validateChannelOffer } from "./channels";

/** A session lives 30 minutes from creation (documented in docs/api-notes.md). */
export const SESSION_TTL_MS = 30 * 60_000;

export type SessionRow = Prisma.CheckoutSessionGetPayload<object>;
export type SessionStatus = CheckoutSessionOut["status"];

/** `open` turns into `expired` once expires_at has passed (the row is updated lazily). */
export function sessionStatus(s: SessionRow, now: Date): SessionStatus {
  if (s.status === "open" && s.expiresAt <= now) return "expired";
  return s.status as SessionStatus;
}

// NOTE: the column holds what createSession wrote, a SessionSnapshot; a JSON column reads back as JsonValue
export const snapshotOf = (s: SessionRow) => s.snapshot as unknown as SessionSnapshot;

/** The widget's page, /embed/checkout/<token>: what a browser opens (framed by v1.js, or as a hosted page). */
export const widgetPageUrl = (origin: string, token: string) => `${origin.replace(/\/+$/, "")}/embed/checkout/${token}`;

/** The public address the widget reads the session from. */
export const widgetUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, "")}/api/public/checkout-sessions/${token}/`;

export async function createSession(ctx: Ctx, input: CheckoutSessionCreateInput): Promise<CheckoutSessionOut> {
  const channel = await ctx.db.salesChannel.findFirst({ where: { id: input.sales_channel, accountId: ctx.accountId } });
  if (!channel) throw invalid("sales_channel", `Sales channel ${input.sales_channel} not found.`);
  if (!channel.active) throw invalid("sales_channel", `Sales channel ${input.sales_channel} is inactive.`);
  const customer = input.customer_reference ? await requireCustomer(ctx, input.customer_reference) : null;
  // the catalog may have moved since the channel was saved: a session is only handed out for an offer that still compiles
  let offer: Record<string, unknown>;
  try {
    offer = (await validateChannelOffer(ctx, channel.offer as Record<string, unknown>)).offer as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (!isDomainError(error) || error.kind !== "validation") throw error;
    const problems = Object.entries(error.fields ?? {}).flatMap(([key, ms]) => ms.map((m) => `${key}: ${m}`));
    throw invalid(
      "sales_channel",
      `The sales channel's offer is no longer valid (${problems.join(" ") || error.message}).`,
    );
  }
  const snapshot: SessionSnapshot = {
    sales_channel: { id: channel.id, name: channel.name },
    offer,
    allowed_origins: channel.allowedOrigins as string[],
    processor_ids: channel.processorIds as number[],
    metadata: (channel.metadata ?? {}) as Record<string, unknown>,
    theme: (channel.theme ?? {}) as Record<string, unknown>,
    terms: (channel.terms ?? {}) as Record<string, unknown>,
  };
  const now = ctx.clock.now();
  const session = await ctx.db.checkoutSession.create({
    data: {
      accountId: ctx.accountId,
      token: newToken("cs"),
      salesChannelId: channel.id,
      // NOTE: the snapshot is JSON, but its offer, metadata, theme and terms are typed Record<string, unknown>,
      // which Prisma's InputJsonValue cannot accept without an assertion
      snapshot: snapshot as unknown as Prisma.InputJsonValue,
      customerId: customer?.id ?? null,
      status: "open",
      metadata: (input.metadata ?? {}) as Prisma.InputJsonValue,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      createdAt: now,
      updatedAt: now,
    },
  });
  return presentSession(ctx, session);
}

export type CheckoutRow = Prisma.CheckoutGetPayload<object>;

/** The session's current checkout, if one was created. */
export async function sessionCheckout(ctx: Ctx, s: SessionRow): Promise<CheckoutRow | null> {
  return s.checkoutId ? ctx.db.checkout.findFirst({ where: { id: s.checkoutId, accountId: s.accountId } }) : null;
}

/**
 * An open session whose checkout has succeeded is completed (finalize marks it at once; a payment that
 * completes later, e.g. through a processor webhook, is picked up here on the next read).
 */
export async function settleSession(ctx: Ctx, session: SessionRow, checkout: CheckoutRow | null): Promise<SessionRow> {
  if (session.status !== "open" || checkout?.status !== "succeeded") return session;
  await ctx.db.checkoutSession.updateMany({
    where: { id: session.id, status: "open" },
    data: { status: "completed", updatedAt: ctx.clock.now() },
  });
  return ctx.db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } });
}

export async function presentSession(ctx: Ctx, row: SessionRow): Promise<CheckoutSessionOut> {
  const checkout = await sessionCheckout(ctx, row);
  const session = await settleSession(ctx, row, checkout);
  const customer = session.customerId
    ? await ctx.db.customer.findFirst({
        where: { id: session.customerId, accountId: session.accountId },
        select: { reference: true },
      })
    : null;
  return {
    token: session.token,
    status: sessionStatus(session, ctx.clock.now()),
    sales_channel_id: session.salesChannelId,
    customer_reference: customer?.reference ?? null,
    metadata: (session.metadata ?? {}) as Record<string, unknown>,
    snapshot: snapshotOf(session),
    checkout_token: checkout?.token ?? null,
    checkout_status: checkout
      ? ((checkout.status === "finalizing" ? "pending" : checkout.status) as CheckoutSessionOut["checkout_status"])
      : null,
    contract_id: checkout?.contractId ?? null,
    widget_url: widgetUrl(ctx.baseUrl ?? "", session.token),
    widget_page_url: widgetPageUrl(ctx.baseUrl ?? "", session.token),
    expires_at: iso(session.expiresAt),
    created_at: iso(session.createdAt),
    updated_at: iso(session.updatedAt),
  };
}

export async function getSession(ctx: Ctx, token: string): Promise<CheckoutSessionOut> {
  const session = await ctx.db.checkoutSession.findFirst({ where: { token, accountId: ctx.accountId } });
  if (!session) throw notFound();
  return presentSession(ctx, session);
}
