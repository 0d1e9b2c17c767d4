// Webhook delivery: outbox events fan out to the account's matching endpoints; each delivery is POSTed
// signed, at least once, retried with exponential backoff (1 min doubling, capped at 6 h) for up to three
// days, then marked dead. Deliveries are claimed with SKIP LOCKED so several workers never double-send
// within a lease (server/domain/webhooks/dispatch.ts sends them in parallel), each endpoint at most its
// adaptive concurrency window at once; every attempt is logged (webhook_delivery_attempts). Delivery runs on
// real time (callers pass the system clock: a test clock does not delay or hasten it; tests and the bench
// may inject another).

import type { SystemCtx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { Prisma } from "@/server/generated/prisma/client";
import { log } from "@/server/log";
import { DELIVERY_ERRORS, sendWebhook } from "./send";
import { signatureHeader } from "./sign";
import type { NetworkPolicy } from "./target";

const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 3_600_000;
export const GIVE_UP_AFTER_MS = 3 * 86_400_000;
/** A claimed delivery is not claimed again for this long; a claim never takes more than an endpoint's concurrency can send well within it. */
export const LEASE_MS = 60_000;

/** A Date as the UTC `timestamp(3)` the delivery columns hold. */
const utc = (d: Date) => Prisma.sql`(${d.toISOString()}::timestamptz at time zone 'UTC')`;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Creates deliveries for unpublished outbox events, oldest first, `limit` events at a time: one statement
 * (the events locked with SKIP LOCKED, a delivery per active endpoint of the account that wants the type,
 * the events marked published). Returns how many events were published.
 */
export async function fanOut(ctx: SystemCtx, input: { limit?: number } = {}): Promise<number> {
  const limit = input.limit ?? 500;
  const now = utc(ctx.clock.now());
  // set-based: the per-event queries of before took ~20 ms an event, so 5,000 events took over a minute
  // to publish before the first of them could be sent (npm run bench:webhooks)
  const [row] = await ctx.db.$queryRaw<{ published: number }[]>`
    with ev as (
      select id, account_id, type, event_id from outbox_events
      where published_at is null order by id limit ${limit} for update skip locked
    ), created as (
      insert into webhook_deliveries (endpoint_id, outbox_event_id, event_id, event_type, next_attempt_at, updated_at)
      select e.id, ev.id, ev.event_id, ev.type, ${now}, now()
      from ev join webhook_endpoints e on e.account_id = ev.account_id and e.active
      where e.enabled_events @> '["*"]'::jsonb or e.enabled_events @> jsonb_build_array(ev.type)
      order by ev.id, e.id
      on conflict (endpoint_id, outbox_event_id) do nothing
    ), published as (
      update outbox_events o set published_at = ${now} from ev where o.id = ev.id returning o.id
    )
    select count(*)::int as published from published`;
  return row?.published ?? 0;
}

export interface Claimed {
  id: number;
  endpointId: number;
}

/**
 * Leases due deliveries. Per endpoint at most its window (`webhook_endpoints.concurrency`) minus what is
 * leased already by any worker, and at most `perEndpoint` minus what this process runs for it (`running`);
 * the endpoint rows are locked while claiming, so two workers never both fill the same room. Within an
 * endpoint retries come before first attempts, each by its due time; across endpoints the claim takes
 * every endpoint's first delivery before anyone's second (a fair split of the process's free slots).
 */
export async function claimDue(
  ctx: SystemCtx,
  opts: { limit: number; perEndpoint: number; running?: Map<number, number>; leaseMs?: number },
): Promise<Claimed[]> {
  if (opts.limit <= 0) return [];
  const now = utc(ctx.clock.now());
  const leaseUntil = utc(new Date(ctx.clock.now().getTime() + (opts.leaseMs ?? LEASE_MS)));
  const running = [...(opts.running ?? new Map<number, number>())];
  const ids = running.map(([id]) => id);
  const counts = running.map(([, n]) => n);
  return ctx.db.$queryRaw<Claimed[]>`
    with local_running(endpoint_id, running) as (
      select * from unnest(${ids}::int[], ${counts}::int[])
    ), eps as (
      select e.id, least(
        e.concurrency - (select count(*) from webhook_deliveries l
                         where l.endpoint_id = e.id and l.state = 'pending' and l.leased_until > ${now}),
        ${opts.perEndpoint} - coalesce((select r.running from local_running r where r.endpoint_id = e.id), 0)
      )::int as room
      from webhook_endpoints e
      where exists (select 1 from webhook_deliveries w
                    where w.endpoint_id = e.id and w.state = 'pending' and w.next_attempt_at <= ${now}
                      and (w.leased_until is null or w.leased_until <= ${now}))
      for update of e skip locked
    ), picked as (
      select eps.id as endpoint_id, c.id, c.retry, c.next_attempt_at from eps
      cross join lateral (
        select w.id, w.attempts > 0 as retry, w.next_attempt_at from webhook_deliveries w
        where w.endpoint_id = eps.id and w.state = 'pending' and w.next_attempt_at <= ${now}
          and (w.leased_until is null or w.leased_until <= ${now})
        order by w.attempts > 0 desc, w.next_attempt_at, w.id
        limit greatest(eps.room, 0)
        for update of w skip locked
      ) c
    ), chosen as (
      select id from (
        select p.*, row_number() over (partition by p.endpoint_id order by p.retry desc, p.next_attempt_at, p.id) as rn
        from picked p
      ) r
      order by rn, retry desc, next_attempt_at, id limit ${opts.limit}
    )
    update webhook_deliveries d set leased_until = ${leaseUntil}, updated_at = now()
    from chosen where d.id = chosen.id
    returning d.id, d.endpoint_id as "endpointId"`;
}

/** How an endpoint's window moves (AIMD): +1 on a fast success, halved on timeouts, 5xx and 429. */
export interface WindowPolicy {
  /** ceiling of the window */
  max: number;
  /** a success at most this slow grows the window */
  fastMs: number;
}
export const DEFAULT_WINDOW: WindowPolicy = { max: 32, fastMs: 1_000 };
const ATTEMPT_BODY_CHARS = 500;

/** The window signal of one attempt: grow, cut, or none (other 4xx, refusals and slow successes say nothing). */
export function windowSignal(
  outcome: { status: number | null; error: string | null },
  durationMs: number,
  fastMs: number,
): "grow" | "cut" | null {
  const { status } = outcome;
  if (status === null) return outcome.error === DELIVERY_ERRORS.refused ? null : "cut";
  if (status === 429 || status >= 500) return "cut";
  if (status >= 200 && status < 300) return durationMs <= fastMs ? "grow" : null;
  return null;
}

/**
 * One attempt of a claimed delivery; records the outcome (and the next attempt), logs the attempt and
 * moves the endpoint's window. True when delivered.
 */
export async function attemptDelivery(
  ctx: SystemCtx,
  input: { id: number; policy: NetworkPolicy; timeoutMs: number; window?: WindowPolicy },
): Promise<boolean> {
  const { db } = ctx;
  const { id } = input;
  const window = input.window ?? DEFAULT_WINDOW;
  const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id }, include: { endpoint: true } });
  const event = await db.outboxEvent.findUniqueOrThrow({ where: { id: delivery.outboxEventId } });
  const body = JSON.stringify(event.payload);
  const now = ctx.clock.now();
  const ts = Math.floor(now.getTime() / 1000);
  const first = delivery.firstAttemptAt ?? now;
  const started = performance.now();
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
  const durationMs = Math.round(performance.now() - started);
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
  const error = ok ? null : (outcome.error ?? `HTTP ${status}`);
  const excerpt = outcome.body ? outcome.body.slice(0, ATTEMPT_BODY_CHARS) : null;
  await db.$transaction([
    db.webhookDelivery.update({
      where: { id },
      data: {
        attempts,
        firstAttemptAt: first,
        lastStatus: status,
        lastError: error,
        state: ok ? "succeeded" : giveUp ? "dead" : "pending",
        nextAttemptAt: ok || giveUp ? done : new Date(done.getTime() + backoffMs(attempts)),
        leasedUntil: null,
      },
    }),
    db.$executeRaw`
      insert into webhook_delivery_attempts (delivery_id, number, started_at, duration_ms, response_status, error, response_body)
      select ${id}, coalesce(max(number), 0) + 1, ${utc(now)}, ${durationMs}, ${status}, ${error}, ${excerpt}
      from webhook_delivery_attempts where delivery_id = ${id}`,
  ]);
  const signal = windowSignal(outcome, durationMs, window.fastMs);
  if (signal === "grow")
    await db.$executeRaw`
      update webhook_endpoints set concurrency = concurrency + 1
      where id = ${delivery.endpointId} and concurrency < ${window.max}`;
  else if (signal === "cut")
    // once per round: attempts that started before the last cut were sent at the old window already
    await db.$executeRaw`
      update webhook_endpoints set concurrency = greatest(1, concurrency / 2), window_cut_at = ${utc(done)}
      where id = ${delivery.endpointId} and (window_cut_at is null or window_cut_at < ${utc(now)})`;
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
      create: {
        endpointId: ep.id,
        outboxEventId: event.id,
        eventId: event.eventId,
        eventType: event.type,
        nextAttemptAt: now,
      },
      update: { state: "pending", nextAttemptAt: now, firstAttemptAt: null, attempts: 0 },
    });
  }
  return endpoints.length;
}
