// The one request-parsing layer every route shares (REST registry, public routes, the benchmark's trivial
// POST): the body is read with a byte limit, decoded as strict UTF-8, parsed as JSON and walked once.
// Anything PostgreSQL, Prisma or the admin console's serializer cannot take faithfully becomes a 400
// here, in the spec's shape, instead of a 500 (or a silent U+FFFD) further down.
import { isUtf8 } from "node:buffer";
import { DomainError, type FieldErrors } from "../domain/errors";

export const API_BODY_LIMIT = 1_000_000;
export const PUBLIC_BODY_LIMIT = 100_000;
/** Deeper JSON is no real request: it only overflows recursive code (serializers, hashing) later. */
export const MAX_JSON_DEPTH = 64;

const bad = (fields: FieldErrors, message = "Invalid input.") => new DomainError("validation", message, fields);
const limitText = (limit: number) => (limit >= 1_000_000 ? `${limit / 1_000_000} MB` : `${limit / 1000} kB`);

/** NUL (PostgreSQL text and jsonb cannot hold it) or a lone UTF-16 surrogate (not Unicode at all). */
const UNSTORABLE = /[\0\p{Cs}]/u;

/** Why a string cannot be stored as sent, or null. */
export function textProblem(s: string): string | null {
  if (!UNSTORABLE.test(s)) return null;
  return s.includes("\0") ? "Null characters are not allowed." : "Unpaired surrogate characters are not allowed (the text must be valid Unicode).";
}

/** Reads the body stream (not Request.text(): slower) up to `limit` bytes; strict UTF-8, no byte-order mark. */
export async function readBodyText(req: Request, limit = API_BODY_LIMIT, headers: Headers = req.headers): Promise<string> {
  const tooLarge = () => bad({ non_field_errors: [`Request body exceeds ${limitText(limit)}.`] }, "Request body too large.");
  if (Number(headers.get("content-length") ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stream = req.body; // read once: Next.js wraps the request in a proxy
  if (stream) {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = chunks.length === 1 ? Buffer.from(chunks[0].buffer, chunks[0].byteOffset, chunks[0].byteLength) : Buffer.concat(chunks);
  // a lenient decode would turn invalid bytes into U+FFFD and store them silently
  if (!isUtf8(bytes)) throw bad({ non_field_errors: ["The request body is not valid UTF-8."] }, "Invalid encoding.");
  return bytes.toString("utf8").replace(/^\uFEFF/, "");
}

/** JSON text → value, checked by `checkJson`; an empty body is `{}` unless one is required. */
export function parseJsonBody(text: string, required = false): unknown {
  if (!text.trim()) {
    if (required) throw bad({ non_field_errors: ["A JSON request body is required."] }, "A JSON body is required.");
    return {};
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = e instanceof RangeError ? `JSON nested deeper than ${MAX_JSON_DEPTH} levels.` : `JSON parse error - ${(e as Error).message}`;
    throw bad({ non_field_errors: [message] }, "Malformed JSON.");
  }
  // NUL and surrogates can only arrive as \u escapes: decoded UTF-8 has no surrogates and JSON forbids raw NUL
  checkJson(value, text.includes("\\u"));
  return value;
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
  if (typeof v === "number") return Number.isFinite(v) ? null : { path: [], message: "Numbers must be finite (at most about 1.8e308)." };
  if (v === null || typeof v !== "object") return null;
  if (depth > MAX_JSON_DEPTH) return { path: [], message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels.`, deep: true };
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = walk(v[i], depth + 1, strings);
      if (p) return p.path.push(String(i)), p;
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
    if (p) return p.path.push(key), p;
  }
  return null;
}

export const isJsonObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Every JSON body of this service is an object. */
export function expectObject(v: unknown): Record<string, unknown> {
  if (!isJsonObject(v)) throw bad({ non_field_errors: ["Expected a JSON object."] });
  return v;
}

/** Read, parse, check and require an object: the whole pipeline for routes outside the registry. */
export async function readJsonObject(req: Request, limit: number, required = false): Promise<Record<string, unknown>> {
  return expectObject(parseJsonBody(await readBodyText(req, limit), required));
}
