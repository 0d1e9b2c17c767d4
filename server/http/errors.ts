// DomainError and zod issues → the spec's error bodies (section 7). The one place HTTP statuses are chosen.
import type { DomainError } from "@/server/domain/errors";

export const STATUS: Record<DomainError["kind"], number> = {
  validation: 400,
  not_found: 404,
  unauthenticated: 401,
  forbidden: 403,
  conflict: 409,
  gone: 410,
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
