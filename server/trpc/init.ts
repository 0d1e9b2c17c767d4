// tRPC for the admin console: context from the next-auth session, superjson, and the one place
// where domain errors become tRPC errors (validation → BAD_REQUEST with `data.fields`, ...).
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import superjson from "superjson";
import type { z } from "zod";
import { getSellerSession, type SellerSession } from "../auth/session";
import { systemClock } from "../clock";
import { getDb } from "../db";
import { isDatabaseUnavailable } from "../db-unavailable";
import { forgetAccount } from "../domain/auth/keyCache";
import type { Ctx } from "../domain/context";
import { isDomainError, type DomainError, type FieldErrors } from "../domain/errors";
import { zodFieldErrors } from "../http/errors";
import { log } from "../log";

export interface TrpcContext { session: SellerSession | null }

export async function createTrpcContext(): Promise<TrpcContext> {
  return { session: await getSellerSession() };
}

const CODE: Record<DomainError["kind"], TRPC_ERROR_CODE_KEY> = {
  validation: "BAD_REQUEST", not_found: "NOT_FOUND", unauthenticated: "UNAUTHORIZED", forbidden: "FORBIDDEN", conflict: "CONFLICT",
};

const isZodError = (e: unknown): e is z.ZodError => !!e && typeof e === "object" && Array.isArray((e as { issues?: unknown }).issues);

/** Field errors carried by a tRPC error: the domain's, or the input parser's. */
function fieldErrors(error: TRPCError): FieldErrors | null {
  const cause = error.cause;
  if (isDomainError(cause)) return cause.kind === "validation" ? (cause.fields ?? { non_field_errors: [cause.message] }) : null;
  if (error.code === "BAD_REQUEST" && isZodError(cause)) return zodFieldErrors(cause);
  return null;
}

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const internal = error.code === "INTERNAL_SERVER_ERROR";
    return {
      ...shape,
      message: internal ? "Internal server error." : error.code === "BAD_REQUEST" && isZodError(error.cause) ? "Invalid input." : shape.message,
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
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "Service temporarily unavailable.", cause: result.error.cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors);

/** Signed-in sellers only; `ctx.domain` is the context for domain calls, scoped to their account. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  const domain: Ctx = { db: getDb(), accountId: ctx.session.accountId, clock: systemClock, log: log.child({ userId: ctx.session.userId }) };
  return next({ ctx: { session: ctx.session, domain } });
}).use(async ({ ctx, type, next }) => {
  const result = await next();
  // the API's cached view of this account (keys, test clock, catalog version) is now stale
  if (type === "mutation") forgetAccount(ctx.domain.accountId);
  return result;
});
