// One definition per route: schemas (for REST operations they also feed the OpenAPI document), options
// (auth mode, CORS, body limit, audit) and a domain call. `toRouteHandler` (route.ts) turns a definition
// into a Next.js route handler with auth, parsing, errors and logs: the one request wrapper.
import { z } from "zod";
import type { ApiPrincipal } from "@/server/domain/auth/apiKeys";
import type { Ctx } from "@/server/domain/context";
import type { SessionRow } from "@/server/domain/sessions/sessions";
import type { AuthLevel } from "./auth";
import type { AllowedOrigins } from "./sessionGate";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** The error statuses the document describes (errors.ts chooses them; route.ts adds 500 and 503). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 500 | 503;

/**
 * Who may call: an API key (`secret`, or `public` which also takes the publishable key), a checkout
 * session's token in the path (`session`: the token is the capability, see sessionGate.ts), or anyone
 * (`none`: the handler authenticates by other means, e.g. a signature, or a token it looks up itself).
 */
export type AuthMode = AuthLevel | "session";

export interface HandlerInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  url: URL;
  req: Request;
  principal: ApiPrincipal | null;
  /** The body as received (decoded and checked), for handlers that verify a signature over it. */
  text: string | undefined;
  /** The checkout session a `session` route's token names. */
  session: SessionRow | null;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds definitions of every parameter, query and body type
export interface EndpointDef<P = any, Q = any, B = any> {
  method: Method;
  /** Path below /api, with a trailing slash and {param} placeholders. */
  path: string;
  summary: string;
  tags: string[];
  /** Default `secret`. */
  auth?: AuthMode;
  /** `session` routes: the browser origins that may call (403 otherwise); answers carry CORS headers for the caller's. */
  cors?: AllowedOrigins;
  /** Largest accepted body in bytes (default API_BODY_LIMIT). */
  bodyLimit?: number;
  /** Not in the spec: marked x-extension in the OpenAPI document. */
  extension?: boolean;
  /** Deprecated: `deprecated: true` in the document, with this text (what to use instead, removal date) as `x-deprecation`. */
  deprecated?: string;
  /** A POST that changes nothing (e.g. a quote): keeps the caller's cached account state. */
  readOnly?: boolean;
  /** A GET that may read from the replica (server/replica.ts): lists, analytics, exports, the forecast. */
  replica?: boolean;
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
  /**
   * Error statuses this route answers beyond those its shape implies (openapi.ts `errorStatuses`), e.g. 404
   * for a record named in the query rather than the path.
   */
  answers?: ErrorStatus[];
  /** The 400 body when it can be more than a ValidationError (a failed finalize answers the checkout). */
  badRequest?: z.ZodType;
  /** Other media types of the success answer (by the request's `Accept`), with their OpenAPI schema. */
  alternateMedia?: Record<string, { type: "string"; format?: "binary"; description?: string }>;
  /**
   * A POST whose effect is one transaction that calls `fenceIdempotency` (domain/idempotency/fence.ts):
   * with an idempotency key, the response is stored in that transaction, as this makes it of what the
   * domain function hands the fence (the same body the handler answers, e.g. `(r) => r.contract`).
   */
  fencedResponse?: (committed: never) => unknown;
  /** Records a successful change without an API key (the API-key audit of audit.ts is the default). */
  audit?: (ctx: Ctx, input: HandlerInput<P, Q, B>, result: unknown, requestId: string) => Promise<void>;
  handler: (ctx: Ctx, input: HandlerInput<P, Q, B>) => Promise<unknown>;
}

export const defineEndpoint = <P, Q, B>(def: EndpointDef<P, Q, B>): EndpointDef<P, Q, B> => def;

/**
 * Path ids are integers (so the document, and the clients built from it, say integer); the runtime reads the
 * path segment's digits (1 to 9). Anything else cannot name a record, so it is a 404 (not a 400).
 */
export const intId = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v),
  z.number().int().min(0).max(999_999_999),
);
