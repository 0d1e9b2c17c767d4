// DomainError and zod issues → the spec's error bodies (section 7). The one place HTTP statuses are chosen.
import { type DomainError, TooManyAttempts } from "@/server/domain/errors";

export const STATUS: Record<DomainError["kind"], number> = {
  validation: 400,
  not_found: 404,
  unauthenticated: 401,
  forbidden: 403,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
};

export function errorBody(e: DomainError): Record<string, unknown> {
  if (e.kind === "validation")
    return {
      ...(e.fields ?? { non_field_errors: [e.message] }),
      ...(e.code ? { code: e.code } : {}),
      ...(e.extra ?? {}),
    };
  return { detail: e.message, ...(e.code ? { code: e.code } : {}) };
}

/** Headers an error's answer carries besides the body: Retry-After for a throttled request. */
export const errorHeaders = (e: DomainError): Record<string, string> =>
  e instanceof TooManyAttempts ? { "retry-after": String(e.retryAfterSeconds) } : {};
