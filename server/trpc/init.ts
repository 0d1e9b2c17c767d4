// tRPC for the admin console: context from the next-auth session, superjson (./transformer), and the one place
// where domain errors become tRPC errors (validation → BAD_REQUEST with `data.fields`, ...).

import { initTRPC, type TRPC_ERROR_CODE_KEY, TRPCError } from "@trpc/server";
import type { z } from "zod";
import { getSellerSession, type SellerSession } from "@/server/auth/session";
import { getDb } from "@/server/db";
import { isDatabaseUnavailable } from "@/server/dbUnavailable";
import { accountClockOf } from "@/server/domain/accountContext";
import { forgetAccount } from "@/server/domain/auth/keyCache";
import type { Ctx } from "@/server/domain/context";
import { type DomainError, type FieldErrors, isDomainError } from "@/server/domain/errors";
import { canMutate, loadConsoleUser } from "@/server/domain/users/roles";
import { checkJson, zodFieldErrors } from "@/server/inputChecks";
import { log } from "@/server/log";
import { configuredOrigin, publicOrigin } from "@/server/publicUrl";
import { noteAccountWrite, replicaCtx } from "@/server/replica";
import { requestBaseClock } from "@/server/requestClock";
import { SpanStatusCode, traced, tracingOn, withSpan } from "@/server/tracing";
import { auditMutation } from "./audit";
import { transformer } from "./transformer";

export interface TrpcContext {
  session: SellerSession | null;
  /** where absolute links (subscriber_page) point: the public URL, else the request's own origin */
  baseUrl?: string;
  /** The HTTP request's id (./httpHandler.ts): on its log lines and spans. */
  requestId?: string;
}

export async function createTrpcContext(opts?: { req?: Request; requestId?: string }): Promise<TrpcContext> {
  return {
    session: await getSellerSession(),
    baseUrl: opts?.req ? publicOrigin(opts.req) : (configuredOrigin() ?? undefined),
    requestId: opts?.requestId,
  };
}

const CODE: Record<DomainError["kind"], TRPC_ERROR_CODE_KEY> = {
  validation: "BAD_REQUEST",
  not_found: "NOT_FOUND",
  unauthenticated: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  conflict: "CONFLICT",
  // tRPC has no 410: for a console caller an expired record is as good as absent
  gone: "NOT_FOUND",
  rate_limited: "TOO_MANY_REQUESTS",
};

const isZodError = (e: unknown): e is z.ZodError =>
  !!e && typeof e === "object" && Array.isArray((e as { issues?: unknown }).issues);

/** Field errors carried by a tRPC error: the domain's, or the input parser's. */
function fieldErrors(error: TRPCError): FieldErrors | null {
  const cause = error.cause;
  if (isDomainError(cause))
    return cause.kind === "validation" ? (cause.fields ?? { non_field_errors: [cause.message] }) : null;
  if (error.code === "BAD_REQUEST" && isZodError(cause)) return zodFieldErrors(cause);
  return null;
}

/** What a procedure says about itself: `audit: "own"` when it records its own audit entry (a test-clock move). */
export interface ProcedureMeta {
  audit?: "own";
  /** a query that may read from the replica (server/replica.ts): lists, analytics, the forecast */
  replica?: true;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    errorFormatter({ shape, error }) {
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      return {
        ...shape,
        message: internal
          ? "Internal server error."
          : error.code === "BAD_REQUEST" && isZodError(error.cause)
            ? "Invalid input."
            : shape.message,
        data: { ...shape.data, fields: fieldErrors(error) },
      };
    },
  });

/**
 * DomainError thrown by a procedure → TRPCError with the matching code (the error stays as `cause`);
 * an unreachable database → SERVICE_UNAVAILABLE (HTTP 503), which the console may retry.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDomainError(result.error.cause)) {
    const e = result.error.cause;
    throw new TRPCError({ code: CODE[e.kind], message: e.message, cause: e });
  }
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({
      code: "SERVICE_UNAVAILABLE",
      message: "Service temporarily unavailable.",
      cause: result.error.cause,
    });
  }
  return result;
});

/**
 * With traces on, a span per procedure call (`tRPC <path>`, nested in the HTTP request's span), holding the
 * request id and the error code a failed call answers; the procedure's work nests in it.
 */
const tracing = t.middleware(({ ctx, path, type, next }) => {
  if (!tracingOn()) return next();
  const attributes = { "rpc.system": "trpc", "rpc.method": path, "trpc.type": type, "request.id": ctx.requestId ?? "" };
  return withSpan(`tRPC ${path}`, attributes, async (span) => {
    const result = await next();
    if (!result.ok && span) {
      span.setAttribute("trpc.error_code", result.error.code);
      if (result.error.code === "INTERNAL_SERVER_ERROR" || result.error.code === "SERVICE_UNAVAILABLE")
        span.setStatus({ code: SpanStatusCode.ERROR, message: result.error.message });
    }
    return result;
  });
});

/** The REST body reader's checks for console input too: NUL or a lone surrogate is a 400 naming the field. */
const inputChecks = t.middleware(async ({ getRawInput, next }) => {
  checkJson(await getRawInput());
  return next();
});

export const router = t.router;
export const publicProcedure = t.procedure.use(tracing).use(domainErrors).use(inputChecks);

/**
 * Signed-in sellers only; `ctx.domain` is the context for domain calls, scoped to their account and on its
 * clock (test clock included), and
 * `ctx.user` the user as the database has it now (role included). Mutations: read_only users are
 * refused before anything runs, and each successful one is recorded in the audit trail.
 */
export const protectedProcedure = publicProcedure
  .use(async ({ ctx, type, meta, next }) => {
    if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
    const user = await loadConsoleUser(getDb(), ctx.session.userId, ctx.session.accountId);
    if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
    const db = getDb();
    const base: Ctx = {
      db,
      accountId: ctx.session.accountId,
      // one clock for every procedure: the account's (a test-mode account's test clock), as REST and the worker use
      clock: await accountClockOf(db, ctx.session.accountId, requestBaseClock()),
      log: log.child({ userId: ctx.session.userId, requestId: ctx.requestId }),
      baseUrl: ctx.baseUrl,
    };
    const domain = type === "query" && meta?.replica ? await replicaCtx(base) : base;
    return next({ ctx: { session: ctx.session, user, domain } });
  })
  .use(async ({ ctx, type, path, meta, getRawInput, next }) => {
    if (type !== "mutation") return next();
    if (!canMutate(ctx.user.role))
      throw new TRPCError({ code: "FORBIDDEN", message: "Your role (read-only) may not make changes." });
    const result = await next();
    // the API's cached view of this account (keys, test clock, catalog version) is now stale
    forgetAccount(ctx.domain.accountId);
    if (result.ok) await noteAccountWrite(ctx.domain.accountId);
    if (result.ok && meta?.audit !== "own")
      await auditMutation(ctx.domain, ctx.user, path, await getRawInput().catch(() => null), result.data);
    return result;
  })
  // the procedure's own work, the domain call: a span of its own when traces are on (its SQL nests in it)
  .use(({ path, next }) => (tracingOn() ? traced(path, () => next()) : next()));

/** A console query that may read from the replica once it has replayed the account's changes. */
export const replicaProcedure = protectedProcedure.meta({ replica: true });
