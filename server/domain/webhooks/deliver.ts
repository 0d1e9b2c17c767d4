// Webhook delivery: outbox events fan out to the account's matching endpoints; each delivery is POSTed
// signed, at least once, retried with exponential backoff (1 min doubling, capped at 6 h) for up to three
// days, then marked dead. Deliveries are claimed with SKIP LOCKED so several workers never double-send
// within a lease. Delivery runs on real time (a test clock does not delay or hasten it).
import { randomBytes } from "node:crypto";
import type { Db } from "../../db";
import type { Ctx } from "../context";
import { invalid, notFound } from "../errors";
import { signatureHeader } from "./sign";

const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 3_600_000;
export const GIVE_UP_AFTER_MS = 3 * 86_400_000;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Creates deliveries for unpublished outbox events. Returns how many events were published. */
export async function fanOut(db: Db, limit = 500): Promise<number> {
  return db.$transaction(async (tx) => {
    const events = await tx.$queryRaw<{ id: number; account_id: number; type: string; event_id: string }[]>`
      select id, account_id, type, event_id from outbox_events where published_at is null order by id limit ${limit} for update skip locked`;
    for (const e of events) {
      const endpoints = await tx.webhookEndpoint.findMany({ where: { accountId: e.account_id, active: true } });
      for (const ep of endpoints) {
        const wanted = ep.enabledEvents as string[];
        if (!wanted.includes("*") && !wanted.includes(e.type)) continue;
        await tx.webhookDelivery.upsert({
          where: { endpointId_outboxEventId: { endpointId: ep.id, outboxEventId: e.id } },
          create: { endpointId: ep.id, outboxEventId: e.id, eventId: e.event_id, nextAttemptAt: new Date() },
          update: {},
        });
      }
      await tx.outboxEvent.update({ where: { id: e.id }, data: { publishedAt: new Date() } });
    }
    return events.length;
    // a full batch takes a few queries per event: under load that outlasts Prisma's 5 s default, and an
    // expired transaction rolls back every time, so nothing would ever be published (found by npm run soak)
  }, { timeout: 60_000, maxWait: 10_000 });
}

type Fetch = typeof fetch;

/** Sends due deliveries. Returns counts. */
export async function deliverDue(db: Db, send: Fetch = fetch, limit = 100): Promise<{ sent: number; failed: number }> {
  const claimed = await db.$queryRaw<{ id: number }[]>`
    update webhook_deliveries set next_attempt_at = now() + make_interval(secs => ${LEASE_MS / 1000}), updated_at = now()
    where id in (select id from webhook_deliveries where state = 'pending' and next_attempt_at <= now() order by next_attempt_at limit ${limit} for update skip locked)
    returning id`;
  let sent = 0, failed = 0;
  for (const { id } of claimed) (await attempt(db, id, send)) ? sent++ : failed++;
  return { sent, failed };
}

async function attempt(db: Db, id: number, send: Fetch): Promise<boolean> {
  const d = await db.webhookDelivery.findUniqueOrThrow({ where: { id }, include: { endpoint: true } });
  const event = await db.outboxEvent.findUniqueOrThrow({ where: { id: d.outboxEventId } });
  const body = JSON.stringify(event.payload);
  const ts = Math.floor(Date.now() / 1000);
  const first = d.firstAttemptAt ?? new Date();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const res = await send(d.endpoint.url, {
      method: "POST",
      headers: { "content-type": "application/json", "webhook-id": d.eventId, "webhook-timestamp": String(ts), "webhook-signature": signatureHeader(d.endpoint.secret, ts, body), "user-agent": "subscription-contracts-webhooks/1" },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "manual",
    });
    status = res.status;
    await res.arrayBuffer().catch(() => undefined);
  } catch (e) {
    error = String((e as Error).message ?? e).slice(0, 500);
  }
  const ok = status !== null && status >= 200 && status < 300;
  const attempts = d.attempts + 1;
  const giveUp = !ok && Date.now() + backoffMs(attempts) - first.getTime() > GIVE_UP_AFTER_MS;
  await db.webhookDelivery.update({
    where: { id },
    data: {
      attempts, firstAttemptAt: first, lastStatus: status, lastError: ok ? null : (error ?? `HTTP ${status}`),
      state: ok ? "succeeded" : giveUp ? "dead" : "pending",
      nextAttemptAt: ok || giveUp ? new Date() : new Date(Date.now() + backoffMs(attempts)),
    },
  });
  return ok;
}

/** Sends an event again to an endpoint (operators' replay), as a new pending delivery attempt now. */
export async function replayEvent(db: Db, eventId: string, endpointId?: number): Promise<number> {
  const event = await db.outboxEvent.findUnique({ where: { eventId } });
  if (!event) throw new Error(`no event ${eventId}`);
  const endpoints = await db.webhookEndpoint.findMany({ where: { accountId: event.accountId, ...(endpointId ? { id: endpointId } : {}) } });
  for (const ep of endpoints) {
    await db.webhookDelivery.upsert({
      where: { endpointId_outboxEventId: { endpointId: ep.id, outboxEventId: event.id } },
      create: { endpointId: ep.id, outboxEventId: event.id, eventId: event.eventId, nextAttemptAt: new Date() },
      update: { state: "pending", nextAttemptAt: new Date(), firstAttemptAt: null, attempts: 0 },
    });
  }
  return endpoints.length;
}

// Seller configuration ------------------------------------------------------------------------------
export async function createWebhookEndpoint(ctx: Ctx, input: { url: string; enabled_events?: string[] }) {
  if (!/^https?:\/\//.test(input.url)) throw invalid("url", "An http(s) URL is required.");
  const ep = await ctx.db.webhookEndpoint.create({ data: { accountId: ctx.accountId, url: input.url, secret: `whsec_${randomBytes(24).toString("base64url")}`, enabledEvents: input.enabled_events ?? ["*"] } });
  return { id: ep.id, url: ep.url, secret: ep.secret, enabled_events: ep.enabledEvents as string[], active: ep.active, created_at: ep.createdAt.toISOString() };
}

export async function listWebhookEndpoints(ctx: Ctx) {
  const rows = await ctx.db.webhookEndpoint.findMany({ where: { accountId: ctx.accountId }, orderBy: { id: "asc" } });
  return rows.map((ep) => ({ id: ep.id, url: ep.url, secret_prefix: ep.secret.slice(0, 10), enabled_events: ep.enabledEvents as string[], active: ep.active, created_at: ep.createdAt.toISOString() }));
}

export async function listDeliveries(ctx: Ctx, endpointId: number) {
  const ep = await ctx.db.webhookEndpoint.findFirst({ where: { id: endpointId, accountId: ctx.accountId } });
  if (!ep) throw notFound();
  const rows = await ctx.db.webhookDelivery.findMany({ where: { endpointId }, orderBy: { id: "desc" }, take: 200 });
  return rows.map((d) => ({ id: d.id, event_id: d.eventId, state: d.state, attempts: d.attempts, last_status: d.lastStatus, last_error: d.lastError, next_attempt_at: d.nextAttemptAt.toISOString(), created_at: d.createdAt.toISOString() }));
}
