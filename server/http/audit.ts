// REST side of the audit trail: a successful change made with an API key is recorded with the key
// (its prefix), the method and path template, the path's ids and the ids of the response. Reads and
// read-only POSTs (quotes, previews) are not changes; idempotent replays never reach this hook.
import type { ApiPrincipal } from "../domain/auth/apiKeys";
import { recordAudit } from "../domain/audit/audit";
import { idsOf } from "../domain/audit/ids";
import type { Ctx } from "../domain/context";

interface RestChange { method: string; path: string; readOnly?: boolean }

export async function auditRequest(ctx: Ctx, def: RestChange, principal: ApiPrincipal | null, params: Record<string, string>, result: unknown, requestId: string): Promise<void> {
  if (def.method === "GET" || def.readOnly || !principal) return;
  if (result instanceof Response && !result.ok) return;
  const output = result instanceof Response ? {} : idsOf(result);
  // the record the path names (its last parameter) is the target; a create targets what it created
  const names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const last = names.at(-1);
  const named = last ? params[last] ?? null : null;
  const segment = last ? def.path.slice(0, def.path.indexOf(`{${last}}`)) : def.path;
  try {
    await recordAudit(ctx, {
      actor: { type: "api_key", id: principal.keyId },
      action: `${def.method} ${def.path}`,
      target: { type: segment.split("/").filter(Boolean).at(-1) ?? def.path, id: named ?? output.id ?? null },
      beforeId: named,
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
export async function auditPublicChange(ctx: Ctx, actor: { type: "customer" | "subscriber"; id: number | string; label: string }, action: string, target: { type: string; id: number | string }, result: unknown, requestId: string): Promise<void> {
  const output = idsOf(result);
  try {
    await recordAudit(ctx, { actor, action, target, beforeId: target.id, afterId: output.id ?? output.contract_id ?? null, details: { result_ids: output }, requestId });
  } catch (e) {
    ctx.log?.error({ err: e, action }, "audit record failed");
  }
}

/** The embedded checkout widget's POSTs (checkout, finalize): the customer of that checkout session. */
export const auditWidgetChange = (ctx: Ctx, sessionId: number, pathname: string, result: unknown, requestId: string) =>
  auditPublicChange(ctx, { type: "customer", id: sessionId, label: `checkout session ${sessionId}` },
    `POST ${pathname.replace(/\/checkout-sessions\/[^/]+/, "/checkout-sessions/{token}")}`, { type: "checkout-sessions", id: sessionId }, result, requestId);
