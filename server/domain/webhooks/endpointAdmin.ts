// Webhook endpoints from the console: one endpoint, its secret rotated (the new one shown once), a
// `ping` test event sent at once, and one delivery sent again now. Sending happens in this request
// (not via the worker) so the seller sees the status code in the delivery log straight away.
import { systemClock } from "@/server/clock";
import { config } from "@/server/config";
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { newEventId } from "@/server/domain/events/outbox";
import type { Prisma } from "@/server/generated/prisma/client";
import { attemptDelivery } from "./deliver";
import { newWebhookSecret, presentDelivery, presentEndpoint } from "./endpoints";
import { type NetworkPolicy, networkPolicy } from "./target";

/** A delivery sent from the console is leased this long first, so the worker does not send it too. */
const CONSOLE_LEASE_MS = 60_000;

async function loadEndpoint(ctx: Ctx, id: number) {
  const ep = await ctx.db.webhookEndpoint.findFirst({ where: { id, accountId: ctx.accountId } });
  if (!ep) throw notFound();
  return ep;
}

export async function getWebhookEndpoint(ctx: Ctx, id: number) {
  return presentEndpoint(await loadEndpoint(ctx, id));
}

/** Replaces the signing secret; deliveries from now on are signed with the new one, returned here only. */
export async function rotateWebhookSecret(ctx: Ctx, id: number) {
  const ep = await loadEndpoint(ctx, id);
  const updated = await ctx.db.webhookEndpoint.update({ where: { id: ep.id }, data: { secret: newWebhookSecret() } });
  return { id: updated.id, secret: updated.secret, secret_prefix: updated.secret.slice(0, 10) };
}

async function loadDelivery(ctx: Ctx, deliveryId: number) {
  return presentDelivery(await ctx.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } }));
}

/** Leases the delivery (the worker skips it meanwhile), then makes one attempt and records its outcome. */
async function sendNow(ctx: Ctx, deliveryId: number, policy: NetworkPolicy) {
  await ctx.db.webhookDelivery.update({
    where: { id: deliveryId },
    data: { leasedUntil: new Date(Date.now() + Math.max(CONSOLE_LEASE_MS, config().WEBHOOK_TIMEOUT_MS * 2)) },
  });
  await attemptDelivery(
    { db: ctx.db, clock: systemClock },
    { id: deliveryId, policy, timeoutMs: config().WEBHOOK_TIMEOUT_MS },
  );
  return loadDelivery(ctx, deliveryId);
}

/**
 * A `ping` event for this endpoint only (whatever its enabled events), delivered now. The event is
 * written already published so the dispatcher never fans it out to the account's other endpoints.
 */
export async function sendTestEvent(ctx: Ctx, endpointId: number, policy: NetworkPolicy = networkPolicy()) {
  const ep = await loadEndpoint(ctx, endpointId);
  const at = new Date();
  const eventId = newEventId();
  const payload = {
    id: eventId,
    type: "ping",
    created_at: at.toISOString(),
    data: { webhook_endpoint_id: ep.id, message: "Test event sent from the console." },
  };
  const event = await ctx.db.outboxEvent.create({
    data: {
      eventId,
      accountId: ctx.accountId,
      type: "ping",
      createdAt: at,
      publishedAt: at,
      payload: payload as Prisma.InputJsonValue,
    },
  });
  const delivery = await ctx.db.webhookDelivery.create({
    data: { endpointId: ep.id, outboxEventId: event.id, eventId, eventType: "ping", nextAttemptAt: at },
  });
  return sendNow(ctx, delivery.id, policy);
}

/** Sends one delivery of this endpoint again now, as a fresh series of attempts (the replay button). */
export async function replayDelivery(
  ctx: Ctx,
  endpointId: number,
  deliveryId: number,
  policy: NetworkPolicy = networkPolicy(),
) {
  const ep = await loadEndpoint(ctx, endpointId);
  const delivery = await ctx.db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: ep.id } });
  if (!delivery) throw notFound();
  await ctx.db.webhookDelivery.update({
    where: { id: delivery.id },
    data: { state: "pending", attempts: 0, firstAttemptAt: null },
  });
  return sendNow(ctx, delivery.id, policy);
}
