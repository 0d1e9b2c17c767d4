// REST side of the audit trail: a successful change made with an API key is recorded with the key
// (its prefix), the method and path template, the path's ids and the ids of the response. Reads and
// read-only POSTs (quotes, previews) are not changes; idempotent replays never reach this hook.
import { systemClock } from "@/server/clock";
import type { Db } from "@/server/db";
import { recordAudit } from "@/server/domain/audit/audit";
import { idsOf } from "@/server/domain/audit/ids";
import type { ApiPrincipal } from "@/server/domain/auth/apiKeys";
import type { Ctx } from "@/server/domain/context";

interface RestChange {
  method: string;
  path: string;
  readOnly?: boolean;
}

// last path segments that name an action on the record before them, not a collection to add to
const VERBS = new Set([
  "cancel",
  "restart",
  "pause",
  "resume",
  "activate",
  "confirm",
  "retry",
  "finalize",
  "add",
  "update",
  "remove",
  "advance",
  "rotate",
]);

/** What a REST change is about: the record its path names (actions, updates), or what it created. */
function targetOf(path: string, params: Record<string, string>, createdId: string | number | null) {
  const segments = path.split("/").filter((s) => s && s !== "v2");
  let last = -1;
  segments.forEach((s, i) => {
    if (s.startsWith("{")) last = i;
  });
  const trailing = segments.slice(last + 1);
  const named = last >= 0 ? (params[segments[last].slice(1, -1)] ?? null) : null;
  if (named !== null && (trailing.length === 0 || VERBS.has(trailing.at(-1)!))) {
    return { target: { type: segments[last - 1] ?? "record", id: named }, beforeId: named };
  }
  const verb = trailing.length > 0 && VERBS.has(trailing.at(-1)!);
  const type = verb ? (trailing.at(-2) ?? segments.at(-2) ?? path) : (segments.at(-1) ?? path);
  return { target: { type, id: createdId }, beforeId: null };
}

export async function auditRequest(
  ctx: Ctx,
  def: RestChange,
  principal: ApiPrincipal | null,
  params: Record<string, string>,
  result: unknown,
  requestId: string,
): Promise<void> {
  if (def.method === "GET" || def.readOnly || !principal) return;
  if (result instanceof Response && !result.ok) return;
  const output = result instanceof Response ? {} : idsOf(result);
  // a token in the path (checkouts) is a capability: keep a recognizable prefix only
  params = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, /token/i.test(k) ? `${v.slice(0, 8)}…` : v]));
  const { target, beforeId } = targetOf(def.path, params, output.id ?? null);
  try {
    await recordAudit(ctx, {
      actor: { type: "api_key", id: principal.keyId },
      action: `${def.method} ${def.path}`,
      target,
      beforeId,
      afterId: output.id ?? null,
      details: { params, result_ids: output, key_kind: principal.kind },
      requestId,
    });
  } catch (e) {
    ctx.log?.error({ err: e, path: def.path }, "audit record failed");
  }
}

/**
 * A change made on a public page without an API key (the embedded checkout widget, the subscriber
 * page): the actor is the page's visitor, named by the session or contract it came with (never by
 * its token, which is a capability).
 */
export async function auditPublicChange(
  ctx: Ctx,
  actor: { type: "customer" | "subscriber"; id: number | string; label: string },
  action: string,
  target: { type: string; id: number | string },
  result: unknown,
  requestId: string | null,
): Promise<void> {
  const output = idsOf(result);
  try {
    await recordAudit(ctx, {
      actor,
      action,
      target,
      beforeId: target.id,
      afterId: output.id ?? Object.entries(output).find(([k]) => k.endsWith("_id"))?.[1] ?? null,
      details: { result_ids: output },
      requestId,
    });
  } catch (e) {
    ctx.log?.error({ err: e, action }, "audit record failed");
  }
}

/** The embedded checkout widget's POSTs (checkout, finalize): the customer of that checkout session. */
export const auditWidgetChange = (ctx: Ctx, sessionId: number, pathname: string, result: unknown, requestId: string) =>
  auditPublicChange(
    ctx,
    { type: "customer", id: sessionId, label: `checkout session ${sessionId}` },
    `POST ${pathname.replace(/\/checkout-sessions\/[^/]+/, "/checkout-sessions/{token}")}`,
    { type: "checkout-sessions", id: sessionId },
    result,
    requestId,
  );

/** The hosted card form's submission (no API key, the registration token is the capability): the checkout's customer. */
export async function auditCardForm(db: Db, token: string, result: unknown): Promise<void> {
  const reg = await db.paymentMethodRegistration
    .findUnique({ where: { token }, select: { id: true, accountId: true, customerId: true } })
    .catch(() => null);
  if (!reg) return;
  const ctx: Ctx = { db, accountId: reg.accountId, clock: systemClock };
  await auditPublicChange(
    ctx,
    { type: "customer", id: reg.customerId, label: `customer ${reg.customerId}` },
    "POST /api/pay/registrations/{token}/",
    { type: "payment-method-registrations", id: reg.id },
    result,
    null,
  );
}
