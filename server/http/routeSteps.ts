// The steps route.ts takes before the domain call, in its order: who calls (API key or checkout session),
// the path's parameters, the query, the body's text, the clock the domain runs on, the quote memo's
// lookup and the ctx. Each step only reads the request (or the database for the caller); what a step
// refuses it throws as a DomainError, which route.ts answers.
import type { z } from "zod";
import { accountClock, type Clock } from "@/server/clock";
import type { Db } from "@/server/db";
import type { ApiPrincipal } from "@/server/domain/auth/apiKeys";
import type { Ctx } from "@/server/domain/context";
import { DomainError } from "@/server/domain/errors";
import type { SessionRow } from "@/server/domain/sessions/sessions";
import { textProblem, zodFieldErrors } from "@/server/inputChecks";
import { type Logger, log } from "@/server/log";
import { publicOrigin } from "@/server/publicUrl";
import { authenticate } from "./auth";
import type { AuthMode, EndpointDef } from "./endpoint";
import { memoGet, memoKey, wholeSecondClock } from "./quoteResponseMemo";
import { type AllowedOrigins, corsHeaders, sessionGate } from "./sessionGate";

export type RouteCtx = { params?: Promise<Record<string, string>> | Record<string, string> };

/** What the wrapper knows of one request as it goes: the error answers and the log line read it. */
export interface RequestState {
  readonly started: number;
  /** The request's headers, read once: Next.js wraps the request in a proxy. */
  readonly headers: Headers;
  readonly requestId: string;
  readonly url: URL;
  /** The answer's status, for the log line (500 until something answers). */
  status: number;
  accountId: number | undefined;
  /** Headers of the wrapper's JSON answers: the request id, and for session routes CORS (`vary` until the origin is checked). */
  answerHeaders: Record<string, string>;
  /** The request's child logger (its lines carry the request id), built on first use: `requestLog(r)`. */
  log?: Logger;
}

/** The logger of one request: the wrapper's lines and the domain's (ctx.log) carry its request id. */
export const requestLog = (r: RequestState): Logger => (r.log ??= log.child({ requestId: r.requestId }));

/** Who calls: an API key's principal (or none for `auth: "none"`), or the checkout session a token names. */
export interface Caller {
  principal: ApiPrincipal | null;
  session: SessionRow | null;
  /** Session routes read the path first (the token is in it); the others read it after authenticating. */
  pathParams?: Record<string, string>;
}

export function parseWith<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DomainError("validation", "Invalid input.", zodFieldErrors(parsed.error));
  return parsed.data;
}

/**
 * Who calls. A session route's token and Origin go through the session gate, whose refusal is a
 * ready response (returned as is); its success switches the answers to CORS headers for that origin. Other
 * routes authenticate the `Authorization` header by their mode (401/403 thrown).
 */
export async function authenticateCaller(
  mode: AuthMode,
  allowed: AllowedOrigins,
  req: Request,
  routeCtx: RouteCtx | undefined,
  r: RequestState,
): Promise<Caller | Response> {
  if (mode === "session") {
    const pathParams = (await routeCtx?.params) ?? {};
    const gate = await sessionGate(req, pathParams, allowed);
    if (!gate.ok) {
      gate.response.headers.set("x-request-id", r.requestId);
      return gate.response;
    }
    r.accountId = gate.session.accountId;
    r.answerHeaders = { ...corsHeaders(gate.origin), "x-request-id": r.requestId, "cache-control": "no-store" };
    return { principal: null, session: gate.session, pathParams };
  }
  const principal = await authenticate(r.headers.get("authorization"), mode);
  r.accountId = principal?.accountId;
  return { principal, session: null };
}

/** The path: a segment with NUL or a lone surrogate, or one the route's schema refuses, names no record (404). */
export function pathParamsOf(def: EndpointDef, raw: Record<string, string>): unknown {
  if (Object.values(raw).some((v) => typeof v === "string" && textProblem(v)))
    throw new DomainError("not_found", "Not found.");
  if (!def.params) return raw;
  const parsed = def.params.safeParse(raw);
  if (!parsed.success) throw new DomainError("not_found", "Not found.");
  return parsed.data;
}

/** The query: NUL or a lone surrogate in a name or value is a 400 naming the parameter. */
export function queryOf(def: EndpointDef, url: URL): unknown {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    const problem = textProblem(k) ?? textProblem(v);
    if (problem)
      throw new DomainError("validation", "Invalid query parameter.", {
        [textProblem(k) ? "non_field_errors" : k]: [problem],
      });
    out[k] = v;
  }
  return parseWith(def.query, out);
}

/** The body: read (limit, UTF-8, text checks in body.ts) by every method but GET and DELETE. */
export const hasBody = (def: EndpointDef) => def.method !== "GET" && def.method !== "DELETE";

/** The clock: a session's account clock needs its account row; an API key's principal carries it. */
export async function sessionClock(db: Db, session: SessionRow, base: Clock): Promise<Clock> {
  return accountClock(await db.account.findUniqueOrThrow({ where: { id: session.accountId } }), base);
}

export const principalClock = (principal: ApiPrincipal | null, base: Clock): Clock =>
  principal ? accountClock(principal.account, base) : base;

/** A memoized request: its key (null: too large, or no catalog version to key it by), its fixed clock, a hit. */
export interface MemoLookup {
  key: string | null;
  clock: Clock;
  hit: string | undefined;
}

/**
 * The quote memo (read-only API-key routes with `memo`): the request is computed as of the clock's whole
 * second, and an equal request within that second is answered with the same bytes. A request naming an
 * idempotency key goes through the idempotency store instead (replays, key reuse checks): null.
 */
export function memoLookup(
  def: EndpointDef,
  principal: ApiPrincipal | null,
  text: string | undefined,
  r: RequestState,
  clock: Clock,
): MemoLookup | null {
  const keyed = r.headers.has("idempotency-key") || (text?.includes('"idempotency_key"') ?? false);
  if (!def.memo || !def.readOnly || !principal || text === undefined || keyed) return null;
  const fixed = wholeSecondClock(clock);
  const key = memoKey(principal.accountId, principal.catalogVersion, fixed.at, def.path, text);
  return { key, clock: fixed.clock, hit: key ? memoGet(key) : undefined };
}

/** The ctx every domain function takes; its logger is built on first use (most requests never log). */
export function requestCtx(db: Db, req: Request, r: RequestState, principal: ApiPrincipal | null, clock: Clock): Ctx {
  return {
    db,
    accountId: r.accountId ?? 0,
    clock,
    baseUrl: publicOrigin(req),
    catalogVersion: principal?.catalogVersion,
    get log() {
      return requestLog(r);
    },
  };
}
