// Webhook delivery: outbox events fan out to the account's matching endpoints; each delivery is POSTed
// signed, at least once, retried with exponential backoff (1 min doubling, capped at 6 h) for up to three
// days, then marked dead. Deliveries are claimed with SKIP LOCKED so several workers never double-send
// within a lease (server/domain/webhooks/dispatch.ts sends them in parallel). Delivery runs on real time (callers pass the system clock: a test clock does not delay or hasten it).

import type { SystemCtx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { log } from "@/server/log";
import { sendWebhook } from "./send";
import { signatureHeader } from "./sign";
import type { NetworkPolicy } from "./target";

const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 3_600_000;
export const GIVE_UP_AFTER_MS = 3 * 86_400_000;
/** A claimed delivery is not claimed again for this long; a claim never takes more than an endpoint's concurrency can send well within it. */
const LEASE_MS = 60_000;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Creates deliveries for unpublished outbox events. Returns how many events were published. */
export async function fanOut(ctx: SystemCtx, input: { limit?: number } = {}): Promise<number> {
  const limit = input.limit ?? 500;
  return ctx.db.$transaction(
    async (tx) => {
      const events = await tx.$queryRaw<{ id: number; account_id: number; type: string; event_id: string }[]>`
      select id, account_id, type, event_id from outbox_events where published_at is null order by id limit ${limit} for update skip locked`;
      for (const eventRow of events) {
        const endpoints = await tx.webhookEndpoint.findMany({
          where: { accountId: eventRow.account_id, active: true },
        });
        for (const ep of endpoints) {
          const wanted = ep.enabledEvents as string[];
          if (!wanted.includes("*") && !wanted.includes(eventRow.type)) continue;
          await tx.webhookDelivery.upsert({
            where: { endpointId_outboxEventId: { endpointId: ep.id, outboxEventId: eventRow.id } },
            create: {
              endpointId: ep.id,
              outboxEventId: eventRow.id,
              eventId: eventRow.event_id,
              nextAttemptAt: ctx.clock.now(),
            },
            update: {},
          });
        }
        await tx.outboxEvent.update({ where: { id: eventRow.id }, data: { publishedAt: ctx.clock.now() } });
      }
      return events.length;
      // a full batch takes a few queries per event: under load that outlasts Prisma's 5 s default, and an
      // expired transaction rolls back every time, so nothing would ever be published (found by npm run soak)
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

export interface Claimed {
  id: number;
  endpointId: number;
}

/**
 * Leases due deliveries, oldest first: at most `perEndpoint` of any one endpoint (so a slow endpoint's
 * backlog never fills a claim) and none of the endpoints in `exclude` (those this process is already
 * sending to at its limit).
 */
export async function claimDue(
  ctx: SystemCtx,
  opts: { limit: number; perEndpoint: number; exclude?: number[] },
): Promise<Claimed[]> {
  if (opts.limit <= 0) return [];
  return ctx.db.$queryRaw<Claimed[]>`
    with due_endpoints as (
      select distinct endpoint_id from webhook_deliveries
      where state = 'pending' and next_attempt_at <= now() and not (endpoint_id = any(${opts.exclude ?? []}::int[]))
    ), chosen as (
      select c.id from due_endpoints e
      cross join lateral (
        select w.id, w.next_attempt_at from webhook_deliveries w
        where w.endpoint_id = e.endpoint_id and w.state = 'pending' and w.next_attempt_at <= now()
        order by w.next_attempt_at, w.id limit ${opts.perEndpoint} for update skip locked
      ) c
      order by c.next_attempt_at, c.id limit ${opts.limit}
    )
    update webhook_deliveries d set next_attempt_at = now() + make_interval(secs => ${LEASE_MS / 1000}), updated_at = now()
    from chosen where d.id = chosen.id
    returning d.id, d.endpoint_id as "endpointId"`;
}

/** One attempt of a claimed delivery; records the outcome (and the next attempt). True when delivered. */
export async function attemptDelivery(
  ctx: SystemCtx,
  input: { id: number; policy: NetworkPolicy; timeoutMs: number },
): Promise<boolean> {
  const { db } = ctx;
  const { id } = input;
  const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id }, include: { endpoint: true } });
  const event = await db.outboxEvent.findUniqueOrThrow({ where: { id: delivery.outboxEventId } });
  const body = JSON.stringify(event.payload);
  const now = ctx.clock.now();
  const ts = Math.floor(now.getTime() / 1000);
  const first = delivery.firstAttemptAt ?? now;
  const outcome = await sendWebhook(
    delivery.endpoint.url,
    {
      "content-type": "application/json",
      "webhook-id": delivery.eventId,
      "webhook-timestamp": String(ts),
      "webhook-signature": signatureHeader(delivery.endpoint.secret, ts, body),
      "user-agent": "subscription-contracts-webhooks/1",
    },
    body,
    input.policy,
    input.timeoutMs,
  );
  const status = outcome.status;
  const ok = status !== null && status >= 200 && status < 300;
  if (!ok)
    log.debug(
      { deliveryId: id, endpointId: delivery.endpointId, status, error: outcome.error },
      "webhook delivery failed",
    );
  const attempts = delivery.attempts + 1;
  const done = ctx.clock.now(); // after the send, which may take up to the timeout
  const giveUp = !ok && done.getTime() + backoffMs(attempts) - first.getTime() > GIVE_UP_AFTER_MS;
  await db.webhookDelivery.update({
    where: { id },
    data: {
      attempts,
      firstAttemptAt: first,
      lastStatus: status,
      lastError: ok ? null : (outcome.error ?? `HTTP ${status}`),
      state: ok ? "succeeded" : giveUp ? "dead" : "pending",
      nextAttemptAt: ok || giveUp ? done : new Date(done.getTime() + backoffMs(attempts)),
    },
  });
  return ok;
}

/** Sends an event again to an endpoint (operators' replay), as a new pending delivery attempt now. */
export async function replayEvent(ctx: SystemCtx, input: { eventId: string; endpointId?: number }): Promise<number> {
  const { db } = ctx;
  const { eventId, endpointId } = input;
  const event = await db.outboxEvent.findUnique({ where: { eventId } });
  if (!event) throw notFound(`No event ${eventId}.`);
  const now = ctx.clock.now();
  const endpoints = await db.webhookEndpoint.findMany({
    where: { accountId: event.accountId, ...(endpointId ? { id: endpointId } : {}) },
  });
  for (const ep of endpoints) {
    await db.webhookDelivery.upsert({
      where: { endpointId_outboxEventId: { endpointId: ep.id, outboxEventId: event.id } },
      create: { endpointId: ep.id, outboxEventId: event.id, eventId: event.eventId, nextAttemptAt: now },
      update: { state: "pending", nextAttemptAt: now, firstAttemptAt: null, attempts: 0 },
    });
  }
  return endpoints.length;
}
