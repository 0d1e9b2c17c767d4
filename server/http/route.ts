// The one request wrapper: a route definition (endpoint.ts) → a Next.js route handler. A request takes
// these steps, in this order (`handle` reads as the list): authenticate by the route's mode, read the path,
// query and body, fix the clock, answer from the quote memo when it can (routeSteps.ts); build the ctx; run
// once, through the idempotency store when the request names a key (body check, domain call, audit,
// answer); forget the account's cached state after a change. A thrown error is answered here (DomainError →
// status, errors.ts), and every request logs one line. The API-key path is the quote hot path
// (docs/decisions.md "Performance"): options other routes use cost it a string comparison each, never an
// await or an allocation.
import { getDb } from "@/server/db";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "@/server/dbUnavailable";
import type { ApiPrincipal } from "@/server/domain/auth/apiKeys";
import { forgetAccount } from "@/server/domain/auth/keyCache";
import type { Ctx } from "@/server/domain/context";
import { isDomainError } from "@/server/domain/errors";
import { observeRequest } from "@/server/metrics";
import { onOrigin } from "@/server/publicUrl";
import { noteAccountWrite, replicaCtx } from "@/server/replica";
import { requestBaseClock } from "@/server/requestClock";
import { requestIdOf } from "@/server/requestId";
import { type Span, SpanKind, SpanStatusCode, traced, tracingOn, withSpan } from "@/server/tracing";
import { auditRequest } from "./audit";
import { API_BODY_LIMIT, expectObject, parseJsonBody, readBodyText } from "./body";
import type { AuthMode, EndpointDef, HandlerInput } from "./endpoint";
import { errorBody, errorHeaders, STATUS } from "./errors";
import { idempotencyKeyOf, withIdempotency } from "./idempotency";
import { memoSet } from "./quoteResponseMemo";
import { json, jsonText } from "./response";
import {
  authenticateCaller,
  type Caller,
  hasBody,
  memoLookup,
  parseWith,
  pathParamsOf,
  principalClock,
  queryOf,
  type RequestState,
  type RouteCtx,
  requestCtx,
  requestLog,
  sessionClock,
} from "./routeSteps";
import { type AllowedOrigins, VARY } from "./sessionGate";

/** A definition's options with their defaults, resolved once per route. */
interface RouteOptions {
  mode: AuthMode;
  bodyLimit: number;
  allowed: AllowedOrigins;
}

/** What the request says, read before the run (the body is checked against the route's schema inside it). */
interface RequestParts {
  /** The path's segments as received (the audit names records by them). */
  rawParams: Record<string, string>;
  params: unknown;
  query: unknown;
  text: string | undefined;
  /** The body as a JSON object; undefined for GET and DELETE. */
  raw: Record<string, unknown> | undefined;
}

export function toRouteHandler(def: EndpointDef) {
  const route: RouteOptions = {
    mode: def.auth ?? "secret",
    bodyLimit: def.bodyLimit ?? API_BODY_LIMIT,
    allowed: def.cors ?? (() => []),
  };
  const spanName = `HTTP ${def.method} ${def.path}`;
  return (req: Request, routeCtx?: RouteCtx): Promise<Response> => {
    const r = startRequest(req, route.mode);
    if (!tracingOn()) return serve(def, route, req, routeCtx, r, undefined);
    // one server span per request; the domain call and its SQL nest in it (server/tracing.ts)
    const attributes = {
      "http.request.method": def.method,
      "http.route": def.path,
      "app.route.family": def.tags[0] ?? "",
      "url.path": r.url.pathname,
      "request.id": r.requestId,
    };
    return withSpan(spanName, attributes, (span) => serve(def, route, req, routeCtx, r, span), SpanKind.SERVER);
  };
}

async function serve(
  def: EndpointDef,
  route: RouteOptions,
  req: Request,
  routeCtx: RouteCtx | undefined,
  r: RequestState,
  span: Span | undefined,
): Promise<Response> {
  try {
    return await handle(def, route, req, routeCtx, r);
  } catch (e) {
    return errorAnswer(e, r);
  } finally {
    if (span) {
      span.setAttribute("http.response.status_code", r.status);
      if (r.accountId !== undefined) span.setAttribute("app.account_id", r.accountId);
      if (r.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    logRequest(def, r);
  }
}

function startRequest(req: Request, mode: AuthMode): RequestState {
  const started = performance.now();
  const headers = req.headers;
  const requestId = requestIdOf(headers);
  return {
    started,
    headers,
    requestId,
    url: new URL(req.url),
    status: 500,
    accountId: undefined,
    // session routes answer with `vary: Origin` (CORS headers once the origin is checked); the others with the id only
    answerHeaders: mode === "session" ? { ...VARY, "x-request-id": requestId } : { "x-request-id": requestId },
  };
}

/** The steps of one request, in order; each returns early only with a finished answer. */
async function handle(
  def: EndpointDef,
  route: RouteOptions,
  req: Request,
  routeCtx: RouteCtx | undefined,
  r: RequestState,
): Promise<Response> {
  const db = getDb();
  const caller = await authenticateCaller(route.mode, route.allowed, req, routeCtx, r);
  if (caller instanceof Response) return answered(r, caller);
  const rawParams = caller.pathParams ?? (await routeCtx?.params) ?? {};
  const params = pathParamsOf(def, rawParams);
  const query = queryOf(def, r.url);
  const text = hasBody(def) ? await readBodyText(req, route.bodyLimit, r.headers) : undefined;
  const base = requestBaseClock();
  let clock = caller.session ? await sessionClock(db, caller.session, base) : principalClock(caller.principal, base);
  const memo = memoLookup(def, caller.principal, text, r, clock);
  if (memo?.hit) return answered(r, jsonText(memo.hit, def.status ?? 200, r.answerHeaders));
  if (memo) clock = memo.clock;
  const raw = text === undefined ? undefined : expectObject(parseJsonBody(text, def.bodyRequired ?? false));
  const ctx = await readFrom(def, requestCtx(db, req, r, caller.principal, clock), caller.principal);
  const parts: RequestParts = { rawParams, params, query, text, raw };
  const res = await runIdempotent(def, ctx, caller.principal, r, raw, () =>
    runOnce(def, ctx, req, r, caller, parts, memo?.key ?? null),
  );
  r.status = res.status;
  // this process changed something for the account: its next request must not see cached state
  if (isChange(def) && caller.principal) {
    forgetAccount(caller.principal.accountId);
    await noteAccountWrite(caller.principal.accountId);
  }
  if (!res.headers.has("x-request-id")) res.headers.set("x-request-id", r.requestId);
  return res;
}

const answered = (r: RequestState, res: Response) => ((r.status = res.status), res);

/** A replica route's GET by an account reads from the replica when it has replayed the account's changes. */
const readFrom = (def: EndpointDef, ctx: Ctx, principal: ApiPrincipal | null): Promise<Ctx> | Ctx =>
  def.replica && def.method === "GET" && principal ? replicaCtx(ctx) : ctx;

/** A change: what is audited and drops the account's cached state (a read-only POST such as a quote is none). */
const isChange = (def: EndpointDef) => def.method !== "GET" && !def.readOnly;

/**
 * A POST by an API key naming an idempotency key runs through the store: a replay answers the stored
 * response, and a route whose effect is one transaction (`fencedResponse`) stores it in that transaction.
 * Every other request runs once.
 */
function runIdempotent(
  def: EndpointDef,
  ctx: Ctx,
  principal: ApiPrincipal | null,
  r: RequestState,
  raw: Record<string, unknown> | undefined,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = def.method === "POST" && principal ? idempotencyKeyOf(r.headers, raw) : null;
  if (!key) return run();
  const fenced = def.fencedResponse && {
    status: def.status ?? 200,
    // NOTE: the registry's definitions are generic; a route's fencedResponse takes what its own domain function hands the fence
    present: def.fencedResponse as (committed: unknown) => unknown,
  };
  return withIdempotency(ctx, key, r.url, raw, run, fenced);
}

/** The run: the body checked by the route's schema, the domain call, the audit of a change, the answer. */
async function runOnce(
  def: EndpointDef,
  ctx: Ctx,
  req: Request,
  r: RequestState,
  caller: Caller,
  parts: RequestParts,
  memoKey: string | null,
): Promise<Response> {
  const body = parts.raw === undefined ? undefined : parseWith(def.body, parts.raw);
  const input: HandlerInput<unknown, unknown, unknown> = {
    params: parts.params,
    query: parts.query,
    body,
    // handlers build links (pagination) from it: on the public origin, like ctx.baseUrl
    url: onOrigin(r.url, ctx.baseUrl!),
    req,
    principal: caller.principal,
    text: parts.text,
    session: caller.session,
  };
  // the domain call: a span of its own when traces are on (its SQL nests in it)
  const result = await (tracingOn()
    ? traced(`${def.method} ${def.path}`, () => def.handler(ctx, input))
    : def.handler(ctx, input));
  if (isChange(def))
    await (def.audit
      ? def.audit(ctx, input, result, r.requestId)
      : auditRequest(ctx, def, caller.principal, parts.rawParams, result, r.requestId));
  return respond(def, result, body, memoKey, r);
}

/** A handler's own Response as is; else its result as JSON, kept in the memo when the route accepts this body. */
function respond(def: EndpointDef, result: unknown, body: unknown, memoKey: string | null, r: RequestState): Response {
  if (result instanceof Response) return result;
  const status = def.status ?? 200;
  if (!memoKey || !def.memo!(body)) return json(result, status, r.answerHeaders);
  const serialized = JSON.stringify(result);
  memoSet(memoKey, serialized);
  return jsonText(serialized, status, r.answerHeaders);
}

/** A thrown error's answer: a DomainError's status and body, 503 while the database is unreachable, else 500. */
function errorAnswer(e: unknown, r: RequestState): Response {
  if (isDomainError(e)) {
    r.status = STATUS[e.kind];
    return json(errorBody(e), r.status, { ...r.answerHeaders, ...errorHeaders(e) });
  }
  if (isDatabaseUnavailable(e)) {
    r.status = 503; // fails fast while the database is down or restarting (pool timeouts in server/db.ts)
    requestLog(r).warn({ err: e, path: r.url.pathname }, "database unavailable");
    return json({ detail: "Service temporarily unavailable." }, 503, {
      ...r.answerHeaders,
      "retry-after": String(RETRY_AFTER_SECONDS),
    });
  }
  r.status = 500;
  requestLog(r).error({ err: e, path: r.url.pathname }, "unhandled error");
  return json({ detail: "Internal server error.", request_id: r.requestId }, 500, r.answerHeaders);
}

/** One line per request, whatever happened, and the request counted by its route's template (server/metrics.ts). */
function logRequest(def: EndpointDef, r: RequestState) {
  const ms = performance.now() - r.started;
  observeRequest(def.path, def.method, r.status, ms / 1000);
  requestLog(r).info(
    { method: def.method, path: r.url.pathname, status: r.status, accountId: r.accountId, ms: Math.round(ms) },
    "request",
  );
}
