// One definition per REST operation: schemas (which also feed the OpenAPI document) plus a domain call.
// `toRouteHandler` turns a definition into a Next.js route handler with auth, parsing, errors and logs.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { accountClock } from "../clock";
import { getDb } from "../db";
import type { ApiPrincipal } from "../domain/auth/apiKeys";
import { forgetAccount } from "../domain/auth/keyCache";
import type { Ctx } from "../domain/context";
import { DomainError, isDomainError } from "../domain/errors";
import { log, type Logger } from "../log";
import { auditRequest } from "./audit";
import { authenticate, type AuthLevel } from "./auth";
import { API_BODY_LIMIT, expectObject, parseJsonBody, readBodyText } from "./body";
import { textProblem, zodFieldErrors } from "../inputChecks";
import { errorBody, STATUS } from "./errors";
import { idempotencyKeyOf, withIdempotency } from "./idempotency";
import { memoGet, memoKey, memoSet, wholeSecondClock } from "./quoteResponseMemo";
import { requestBaseClock } from "../requestClock";
import { json, jsonText } from "./response";

export { json };

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

export interface HandlerInput<P, Q, B> {
  params: P; query: Q; body: B; url: URL; req: Request; principal: ApiPrincipal | null;
}

export interface EndpointDef<P = any, Q = any, B = any> {
  method: Method;
  /** Spec path below /api, with a trailing slash and {param} placeholders. */
  path: string;
  summary: string;
  tags: string[];
  auth?: AuthLevel;
  /** Not in the spec: marked x-extension in the OpenAPI document. */
  extension?: boolean;
  /** A POST that changes nothing (e.g. a quote): keeps the caller's cached account state. */
  readOnly?: boolean;
  /**
   * Read-only endpoints only: compute as of whole seconds and serve equal requests within a second from
   * the memo (quoteResponseMemo.ts); a successful response is memoized when this accepts its parsed body.
   */
  memo?: (body: B) => boolean;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  bodyRequired?: boolean;
  response?: z.ZodType;
  status?: number;
  description?: string;
  handler: (ctx: Ctx, input: HandlerInput<P, Q, B>) => Promise<unknown>;
}

export const defineEndpoint = <P, Q, B>(def: EndpointDef<P, Q, B>): EndpointDef<P, Q, B> => def;

/** Path ids are integers; anything else cannot name a record, so it is a 404 (not a 400). */
export const intId = z.string().regex(/^\d{1,9}$/).transform(Number);

function parseWith<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return value as T;
  const r = schema.safeParse(value);
  if (!r.success) throw new DomainError("validation", "Invalid input.", zodFieldErrors(r.error));
  return r.data;
}

/** Query parameters; NUL or a lone surrogate in a name or value is a 400 naming the parameter. */
function queryOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    const problem = textProblem(k) ?? textProblem(v);
    if (problem) throw new DomainError("validation", "Invalid query parameter.", { [textProblem(k) ? "non_field_errors" : k]: [problem] });
    out[k] = v;
  }
  return out;
}

export function toRouteHandler(def: EndpointDef) {
  return async (req: Request, routeCtx?: { params?: Promise<Record<string, string>> | Record<string, string> }): Promise<Response> => {
    const started = performance.now();
    const headers = req.headers; // read once: Next.js wraps the request in a proxy
    const requestId = headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    const url = new URL(req.url);
    let status = 500;
    let accountId: number | undefined;
    try {
      const db = getDb();
      const principal = await authenticate(headers.get("authorization"), def.auth ?? "secret");
      accountId = principal?.accountId;
      const rawParams = (await routeCtx?.params) ?? {};
      let params: unknown = rawParams;
      // a path segment with NUL or a lone surrogate cannot name any stored record
      if (Object.values(rawParams).some((v) => typeof v === "string" && textProblem(v))) throw new DomainError("not_found", "Not found.");
      if (def.params) {
        const r = def.params.safeParse(rawParams);
        if (!r.success) throw new DomainError("not_found", "Not found.");
        params = r.data;
      }
      const query = parseWith(def.query, queryOf(url));
      const text = def.method === "GET" || def.method === "DELETE" ? undefined : await readBodyText(req, API_BODY_LIMIT, headers);
      const base = requestBaseClock();
      let clock = principal ? accountClock(principal.account, base) : base;
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
        db, accountId: principal?.accountId ?? 0, clock, baseUrl: url.origin, catalogVersion: principal?.catalogVersion,
        // built on first use: most requests never log from the domain
        get log() { return (requestLog ??= log.child({ requestId })); },
      };
      const run = async () => {
        const body = raw === undefined ? undefined : parseWith(def.body, raw);
        const result = await def.handler(ctx, { params, query, body, url, req, principal });
        if (def.method !== "GET" && !def.readOnly) await auditRequest(ctx, def, principal, rawParams, result, requestId);
        if (result instanceof Response) return result;
        if (!memo || !def.memo!(body)) return json(result, def.status ?? 200, { "x-request-id": requestId });
        const serialized = JSON.stringify(result);
        memoSet(memo, serialized);
        return jsonText(serialized, def.status ?? 200, { "x-request-id": requestId });
      };
      const idempotencyKey = def.method === "POST" && principal ? idempotencyKeyOf(headers, raw) : null;
      const res = idempotencyKey ? await withIdempotency(ctx, idempotencyKey, url, raw, run) : await run();
      status = res.status;
      // this process changed something for the account: its next request must not see cached state
      if (def.method !== "GET" && !def.readOnly && accountId) forgetAccount(accountId);
      if (!res.headers.has("x-request-id")) res.headers.set("x-request-id", requestId);
      return res;
    } catch (e) {
      if (isDomainError(e)) {
        status = STATUS[e.kind];
        return json(errorBody(e), status, { "x-request-id": requestId });
      }
      status = 500;
      log.error({ err: e, requestId, path: url.pathname }, "unhandled error");
      return json({ detail: "Internal server error.", request_id: requestId }, 500, { "x-request-id": requestId });
    } finally {
      log.info({ requestId, method: def.method, path: url.pathname, status, accountId, ms: Math.round(performance.now() - started) }, "request");
    }
  };
}
