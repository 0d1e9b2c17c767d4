// Seller configuration of webhook endpoints and their delivery log.
import { randomBytes } from "node:crypto";
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { type ListResult, type PageRequest, pagedList } from "@/server/domain/list";
import type { Prisma, WebhookDelivery, WebhookEndpoint } from "@/server/generated/prisma/client";
import { publicDeliveryError } from "./send";
import { type NetworkPolicy, networkPolicy, resolveTarget, URL_MESSAGES, urlShapeProblem, withTimeout } from "./target";

/** How long creation waits for DNS; delivery checks again anyway. */
const CREATE_DNS_TIMEOUT_MS = 2_000;

/**
 * 400 `{"url": [...]}` unless the URL is http(s) without credentials and its host neither is nor
 * resolves to a disallowed address. A name that does not resolve (yet) is accepted: whether it may be
 * reached is decided again at every delivery, after its own DNS resolution.
 */
export async function assertWebhookUrl(raw: string, policy: NetworkPolicy = networkPolicy()): Promise<void> {
  const shape = urlShapeProblem(raw);
  if (shape) throw invalid("url", shape);
  const target = await withTimeout(resolveTarget(raw, policy), CREATE_DNS_TIMEOUT_MS, () => ({
    ok: false as const,
    reason: "unresolved" as const,
  }));
  if (!target.ok && target.reason !== "unresolved") throw invalid("url", URL_MESSAGES.address);
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

export async function createWebhookEndpoint(
  ctx: Ctx,
  input: { url: string; enabled_events?: string[] },
  policy?: NetworkPolicy,
) {
  await assertWebhookUrl(input.url, policy);
  const ep = await ctx.db.webhookEndpoint.create({
    data: {
      accountId: ctx.accountId,
      url: input.url,
      secret: newWebhookSecret(),
      enabledEvents: input.enabled_events ?? ["*"],
    },
  });
  return {
    id: ep.id,
    url: ep.url,
    secret: ep.secret,
    enabled_events: ep.enabledEvents as string[],
    active: ep.active,
    created_at: ep.createdAt.toISOString(),
  };
}

export async function listWebhookEndpoints(ctx: Ctx) {
  const rows = await ctx.db.webhookEndpoint.findMany({ where: { accountId: ctx.accountId }, orderBy: { id: "asc" } });
  return rows.map(presentEndpoint);
}

/** An endpoint as listed and read: the secret only by its prefix. */
export function presentEndpoint(
  ep: Pick<WebhookEndpoint, "id" | "url" | "secret" | "enabledEvents" | "active" | "createdAt">,
) {
  return {
    id: ep.id,
    url: ep.url,
    secret_prefix: ep.secret.slice(0, 10),
    enabled_events: ep.enabledEvents as string[],
    active: ep.active,
    created_at: ep.createdAt.toISOString(),
  };
}

/** The delivery log's filters: state (`failed`: the last attempt failed, dead or waiting to retry), event type, creation range. */
export interface DeliveryFilters {
  state?: "pending" | "succeeded" | "dead" | "failed";
  event_type?: string;
  created_from?: string;
  created_to?: string;
}

/** Unpaginated API lists stay as they were: the newest this many. */
const UNPAGED_DELIVERIES = 200;

function deliveryWhere(endpointId: number, f: DeliveryFilters): Prisma.WebhookDeliveryWhereInput {
  const where: Prisma.WebhookDeliveryWhereInput = { endpointId };
  if (f.state === "failed") where.OR = [{ state: "dead" }, { state: "pending", attempts: { gt: 0 } }];
  else if (f.state) where.state = f.state;
  if (f.event_type) where.eventType = f.event_type;
  if (f.created_from || f.created_to)
    where.createdAt = {
      ...(f.created_from ? { gte: new Date(f.created_from) } : {}),
      ...(f.created_to ? { lte: new Date(f.created_to) } : {}),
    };
  return where;
}

async function accountEndpoint(ctx: Ctx, endpointId: number) {
  const ep = await ctx.db.webhookEndpoint.findFirst({ where: { id: endpointId, accountId: ctx.accountId } });
  if (!ep) throw notFound();
  return ep;
}

/**
 * An endpoint's delivery log, newest first, filtered: every delivery page by page (`page`), or without a
 * page the newest 200 as a plain list (as before pagination existed).
 */
export async function listDeliveries(
  ctx: Ctx,
  endpointId: number,
  query: DeliveryFilters & { page?: PageRequest } = {},
): Promise<ListResult<ReturnType<typeof presentDelivery>>> {
  await accountEndpoint(ctx, endpointId);
  const where = deliveryWhere(endpointId, query);
  return pagedList(
    query.page,
    () => ctx.db.webhookDelivery.count({ where }),
    (window) =>
      ctx.db.webhookDelivery.findMany({
        where,
        orderBy: { id: "desc" },
        ...(window ?? { skip: 0, take: UNPAGED_DELIVERIES }),
      }),
    presentDelivery,
  );
}

/** One page of an endpoint's deliveries for the console, newest first, with the total. */
export async function pageDeliveries(
  ctx: Ctx,
  endpointId: number,
  page: PageRequest,
  filters: DeliveryFilters = {},
): Promise<ListResult<ReturnType<typeof presentDelivery>>> {
  return listDeliveries(ctx, endpointId, { ...filters, page });
}

/** One delivery of the account's endpoint with every attempt, oldest first (404 for anyone else's). */
export async function getDelivery(ctx: Ctx, endpointId: number, deliveryId: number) {
  await accountEndpoint(ctx, endpointId);
  const delivery = await ctx.db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId },
    include: { attemptLog: { orderBy: [{ number: "asc" }, { id: "asc" }] } },
  });
  if (!delivery) throw notFound();
  return {
    ...presentDelivery(delivery),
    attempt_log: delivery.attemptLog.map((a) => ({
      number: a.number,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      response_status: a.responseStatus,
      error: publicDeliveryError(a.error),
      response_body: a.responseBody,
    })),
  };
}

type DeliveryRow = Pick<
  WebhookDelivery,
  "id" | "eventId" | "eventType" | "state" | "attempts" | "lastStatus" | "lastError" | "nextAttemptAt" | "createdAt"
>;

/** A delivery as the console and the API show it (the stored error only in its public form). */
export function presentDelivery(delivery: DeliveryRow) {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    state: delivery.state,
    attempts: delivery.attempts,
    last_status: delivery.lastStatus,
    last_error: publicDeliveryError(delivery.lastError),
    next_attempt_at: delivery.nextAttemptAt.toISOString(),
    created_at: delivery.createdAt.toISOString(),
  };
}
