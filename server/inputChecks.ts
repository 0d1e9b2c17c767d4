// Input checks every transport shares (REST body reader, public routes, tRPC input middleware): text
// PostgreSQL cannot store, JSON shapes that cannot be stored faithfully, and zod issues turned into the
// spec's `{field: [messages]}`. No Request or Response here, so tRPC need not import the HTTP layer.
import type { z } from "zod";
import { addFieldError, DomainError, type FieldErrors } from "./domain/errors";

/** Deeper JSON is no real request: it only overflows recursive code (serializers, hashing) later. */
export const MAX_JSON_DEPTH = 64;

const bad = (fields: FieldErrors) => new DomainError("validation", "Invalid input.", fields);

/** NUL (PostgreSQL text and jsonb cannot hold it) or a lone UTF-16 surrogate (not Unicode at all). */
const UNSTORABLE = /[\0\p{Cs}]/u;

/** Why a string cannot be stored as sent, or null. */
export function textProblem(s: string): string | null {
  if (!UNSTORABLE.test(s)) return null;
  return s.includes("\0")
    ? "Null characters are not allowed."
    : "Unpaired surrogate characters are not allowed (the text must be valid Unicode).";
}

/** Depth limit, `__proto__` keys, non-finite numbers, and (when `strings`) NUL / lone surrogates in any key or string, named by field path. */
export function checkJson(value: unknown, strings = true): void {
  const problem = walk(value, 1, strings);
  if (!problem) return;
  const path = problem.path.reverse();
  const message = problem.message;
  if (!path.length || Array.isArray(value)) throw bad({ non_field_errors: [message] });
  const rest = problem.deep ? "" : path.slice(1).join("."); // a depth error's path would be 64 segments long
  throw bad({ [path[0]]: [rest ? `${rest}: ${message}` : message] });
}

/** A problem's path is collected leaf-first while unwinding (no arrays built on the happy path). */
type Problem = { path: string[]; message: string; deep?: boolean } | null;

function walk(v: unknown, depth: number, strings: boolean): Problem {
  if (typeof v === "string") {
    const message = strings ? textProblem(v) : null;
    return message ? { path: [], message } : null;
  }
  // 1e999 parses to Infinity, which JSON (and so a stored metadata value) can only write as null
  if (typeof v === "number")
    return Number.isFinite(v) ? null : { path: [], message: "Numbers must be finite (at most about 1.8e308)." };
  if (v === null || typeof v !== "object") return null;
  if (depth > MAX_JSON_DEPTH)
    return { path: [], message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels.`, deep: true };
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = walk(v[i], depth + 1, strings);
      if (p) return (p.path.push(String(i)), p);
    }
    return null;
  }
  for (const key of Object.keys(v)) {
    // the key itself cannot name the field: the error is reported on the object holding it
    if (strings && textProblem(key)) return { path: [], message: textProblem(key)!.replace(/\.$/, " in keys.") };
    // JSON.parse makes it an own key, but the ORM's JSON writer (and any `o[k] = v`) treats it as the
    // prototype: it could not be stored faithfully, so it is refused (`constructor`/`prototype` are kept)
    if (key === "__proto__") return { path: [], message: 'The key "__proto__" is not allowed.' };
    const p = walk((v as Record<string, unknown>)[key], depth + 1, strings);
    if (p) return (p.path.push(key), p);
  }
  return null;
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
