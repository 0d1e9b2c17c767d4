// Seller configuration of webhook endpoints and their delivery log.
import { randomBytes } from "node:crypto";
import type { Ctx } from "@/server/domain/context";
import { invalid, notFound } from "@/server/domain/errors";
import { type ListResult, type PageRequest, pagedList } from "@/server/domain/list";
import type { WebhookDelivery, WebhookEndpoint } from "@/server/generated/prisma/client";
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

export async function listDeliveries(ctx: Ctx, endpointId: number) {
  const ep = await ctx.db.webhookEndpoint.findFirst({ where: { id: endpointId, accountId: ctx.accountId } });
  if (!ep) throw notFound();
  const rows = await ctx.db.webhookDelivery.findMany({ where: { endpointId }, orderBy: { id: "desc" }, take: 200 });
  return rows.map(presentDelivery);
}

/** One page of an endpoint's deliveries for the console, newest first, with the total. */
export async function pageDeliveries(
  ctx: Ctx,
  endpointId: number,
  page: PageRequest,
): Promise<ListResult<ReturnType<typeof presentDelivery>>> {
  const ep = await ctx.db.webhookEndpoint.findFirst({ where: { id: endpointId, accountId: ctx.accountId } });
  if (!ep) throw notFound();
  const where = { endpointId };
  return pagedList(
    page,
    () => ctx.db.webhookDelivery.count({ where }),
    (window) => ctx.db.webhookDelivery.findMany({ where, orderBy: { id: "desc" }, ...window }),
    presentDelivery,
  );
}

type DeliveryRow = Pick<
  WebhookDelivery,
  "id" | "eventId" | "state" | "attempts" | "lastStatus" | "lastError" | "nextAttemptAt" | "createdAt"
>;

/** A delivery as the console and the API show it (the stored error only in its public form). */
export function presentDelivery(delivery: DeliveryRow) {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    state: delivery.state,
    attempts: delivery.attempts,
    last_status: delivery.lastStatus,
    last_error: publicDeliveryError(delivery.lastError),
    next_attempt_at: delivery.nextAttemptAt.toISOString(),
    created_at: delivery.createdAt.toISOString(),
  };
}
