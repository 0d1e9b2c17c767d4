// DomainError and zod issues → the spec's error bodies (section 7). The one place HTTP statuses are chosen.
import type { z } from "zod";
import { addFieldError, DomainError, type FieldErrors } from "../domain/errors";

export const STATUS: Record<DomainError["kind"], number> = {
  validation: 400, not_found: 404, unauthenticated: 401, forbidden: 403, conflict: 409, gone: 410,
};

export function errorBody(e: DomainError): Record<string, unknown> {
  if (e.kind === "validation") return { ...(e.fields ?? { non_field_errors: [e.message] }), ...(e.code ? { code: e.code } : {}), ...(e.extra ?? {}) };
  return { detail: e.message, ...(e.code ? { code: e.code } : {}) };
}

/** zod issues → `{field: [messages]}`; nested paths keep their top-level key and name the rest. */
export function zodFieldErrors(error: z.ZodError, root?: string): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = root ? [root, ...issue.path] : issue.path;
    let key = path.length ? String(path[0]) : "non_field_errors";
    let message = issue.message;
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) addFieldError(out, root ?? k, root ? `${k}: Unknown field.` : "Unknown field.");
      continue;
    }
    if (issue.code === "invalid_type" && issue.input === undefined) message = "This field is required.";
    if (path.length > 1) message = `${path.slice(1).join(".")}: ${message}`;
    if (key === "") key = "non_field_errors";
    addFieldError(out, key, message);
  }
  return out;
}
