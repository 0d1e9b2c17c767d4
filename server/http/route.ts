// The one request wrapper: a route definition (endpoint.ts) → a Next.js route handler. Per request:
// authentication by the route's mode, path/query/body parsing (body.ts), the domain call with its ctx,
// audit, idempotency and the quote memo for API-key routes, DomainError → status (errors.ts), a request
// id and one log line. The API-key path is the quote hot path (docs/decisions.md "Performance"): options
// other routes use cost it a string comparison each, never an await or an allocation.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { accountClock } from "@/server/clock";
import { getDb } from "@/server/db";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "@/server/db-unavailable";
import type { ApiPrincipal } from "@/server/domain/auth/apiKeys";
import { forgetAccount } from "@/server/domain/auth/keyCache";
import type { Ctx } from "@/server/domain/context";
import { DomainError, isDomainError } from "@/server/domain/errors";
import type { SessionRow } from "@/server/domain/sessions/sessions";
import { textProblem, zodFieldErrors } from "@/server/inputChecks";
import { type Logger, log } from "@/server/log";
import { onOrigin, publicOrigin } from "@/server/publicUrl";
import { requestBaseClock } from "@/server/requestClock";
import { auditRequest } from "./audit";
import { authenticate } from "./auth";
import { API_BODY_LIMIT, expectObject, parseJsonBody, readBodyText } from "./body";
import type { EndpointDef, HandlerInput } from "./endpoint";
import { errorBody, STATUS } from "./errors";
import { idempotencyKeyOf, withIdempotency } from "./idempotency";
import { memoGet, memoKey, memoSet, wholeSecondClock } from "./quoteResponseMemo";
import { json, jsonText } from "./response";
import { corsHeaders, sessionGate, VARY } from "./sessionGate";

type RouteCtx = { params?: Promise<Record<string, string>> | Record<string, string> };

function parseWith<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DomainError("validation", "Invalid input.", zodFieldErrors(parsed.error));
  return parsed.data;
}

/** Query parameters; NUL or a lone surrogate in a name or value is a 400 naming the parameter. */
function queryOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    const problem = textProblem(k) ?? textProblem(v);
    if (problem)
      throw new DomainError("validation", "Invalid query parameter.", {
        [textProblem(k) ? "non_field_errors" : k]: [problem],
      });
    out[k] = v;
  }
  return out;
}

export function toRouteHandler(def: EndpointDef) {
  const mode = def.auth ?? "secret";
  const bodyLimit = def.bodyLimit ?? API_BODY_LIMIT;
  const allowed = def.cors ?? (() => []);
  return async (req: Request, routeCtx?: RouteCtx): Promise<Response> => {
    const started = performance.now();
    const headers = req.headers; // read once: Next.js wraps the request in a proxy
    const requestId = headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    const url = new URL(req.url);
    let status = 500;
    let accountId: number | undefined;
    // session routes answer with CORS headers (after the origin check); API-key routes with the request id only
    let extra: Record<string, string> | undefined =
      mode === "session" ? { ...VARY, "x-request-id": requestId } : undefined;
    try {
      const db = getDb();
      let principal: ApiPrincipal | null = null;
      let session: SessionRow | null = null;
      const rawParams = mode === "session" ? ((await routeCtx?.params) ?? {}) : undefined;
      if (rawParams) {
        const g = await sessionGate(req, rawParams, allowed);
        if (!g.ok) {
          g.response.headers.set("x-request-id", requestId);
          return ((status = g.response.status), g.response);
        }
        session = g.session;
        accountId = session.accountId;
        extra = { ...corsHeaders(g.origin), "x-request-id": requestId, "cache-control": "no-store" };
      } else {
        principal = await authenticate(headers.get("authorization"), mode as Exclude<typeof mode, "session">);
        accountId = principal?.accountId;
      }
      const params0 = rawParams ?? (await routeCtx?.params) ?? {};
      let params: unknown = params0;
      // a path segment with NUL or a lone surrogate cannot name any stored record
      if (Object.values(params0).some((v) => typeof v === "string" && textProblem(v)))
        throw new DomainError("not_found", "Not found.");
      if (def.params) {
        const parsed = def.params.safeParse(params0);
        if (!parsed.success) throw new DomainError("not_found", "Not found.");
        params = parsed.data;
      }
      const query = parseWith(def.query, queryOf(url));
      const text =
        def.method === "GET" || def.method === "DELETE" ? undefined : await readBodyText(req, bodyLimit, headers);
      const base = requestBaseClock();
      let clock = principal ? accountClock(principal.account, base) : base;
      if (session) clock = accountClock(await db.account.findUniqueOrThrow({ where: { id: session.accountId } }), base);
      let memo: string | null = null;
      // requests naming an idempotency key go through the idempotency store instead (replays, key reuse checks)
      const keyed = headers.has("idempotency-key") || (text?.includes('"idempotency_key"') ?? false);
      if (def.memo && def.readOnly && principal && text !== undefined && !keyed) {
        const fixed = wholeSecondClock(clock);
        clock = fixed.clock;
        memo = memoKey(principal.accountId, principal.catalogVersion, fixed.at, def.path, text);
        const hit = memo && memoGet(memo);
        if (hit) return jsonText(hit, (status = def.status ?? 200), { "x-request-id": requestId });
      }
      const raw = text === undefined ? undefined : expectObject(parseJsonBody(text, def.bodyRequired ?? false));
      let requestLog: Logger | undefined;
      const ctx: Ctx = {
        db,
        accountId: accountId ?? 0,
        clock,
        baseUrl: publicOrigin(req),
        catalogVersion: principal?.catalogVersion,
        // built on first use: most requests never log from the domain
        get log() {
          return (requestLog ??= log.child({ requestId }));
        },
      };
      const run = async () => {
        const body = raw === undefined ? undefined : parseWith(def.body, raw);
        const input: HandlerInput<unknown, unknown, unknown> = {
          params,
          query,
          body,
          // handlers build links (pagination) from it: on the public origin, like ctx.baseUrl
          url: onOrigin(url, ctx.baseUrl!),
          req,
          principal,
          text,
          session,
        };
        const result = await def.handler(ctx, input);
        if (def.method !== "GET" && !def.readOnly) {
          await (def.audit
            ? def.audit(ctx, input, result, requestId)
            : auditRequest(ctx, def, principal, params0, result, requestId));
        }
        if (result instanceof Response) return result;
        if (!memo || !def.memo!(body)) return json(result, def.status ?? 200, extra ?? { "x-request-id": requestId });
        const serialized = JSON.stringify(result);
        memoSet(memo, serialized);
        return jsonText(serialized, def.status ?? 200, { "x-request-id": requestId });
      };
      const idempotencyKey = def.method === "POST" && principal ? idempotencyKeyOf(headers, raw) : null;
      const res = idempotencyKey
        ? await withIdempotency(
            ctx,
            idempotencyKey,
            url,
            raw,
            run,
            def.fencedResponse && {
              status: def.status ?? 200,
              present: def.fencedResponse as (committed: unknown) => unknown,
            },
          )
        : await run();
      status = res.status;
      // this process changed something for the account: its next request must not see cached state
      if (def.method !== "GET" && !def.readOnly && principal) forgetAccount(principal.accountId);
      if (!res.headers.has("x-request-id")) res.headers.set("x-request-id", requestId);
      return res;
    } catch (e) {
      if (isDomainError(e)) {
        status = STATUS[e.kind];
        return json(errorBody(e), status, extra ?? { "x-request-id": requestId });
      }
      if (isDatabaseUnavailable(e)) {
        status = 503; // fails fast while the database is down or restarting (pool timeouts in server/db.ts)
        log.warn({ err: e, requestId, path: url.pathname }, "database unavailable");
        return json({ detail: "Service temporarily unavailable." }, 503, {
          ...(extra ?? { "x-request-id": requestId }),
          "retry-after": String(RETRY_AFTER_SECONDS),
        });
      }
      status = 500;
      log.error({ err: e, requestId, path: url.pathname }, "unhandled error");
      return json(
        { detail: "Internal server error.", request_id: requestId },
        500,
        extra ?? { "x-request-id": requestId },
      );
    } finally {
      log.info(
        {
          requestId,
          method: def.method,
          path: url.pathname,
          status,
          accountId,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
  };
}
