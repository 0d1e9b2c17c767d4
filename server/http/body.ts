// The one request-parsing layer every route shares (REST registry, public routes, the benchmark's trivial
// POST): the body is read with a byte limit, decoded as strict UTF-8, parsed as JSON and walked once.
// Anything PostgreSQL, Prisma or the admin console's serializer cannot take faithfully becomes a 400
// here, in the spec's shape, instead of a 500 (or a silent U+FFFD) further down.
import { isUtf8 } from "node:buffer";
import { DomainError, type FieldErrors } from "@/server/domain/errors";
import { checkJson, MAX_JSON_DEPTH } from "@/server/inputChecks";

export const API_BODY_LIMIT = 1_000_000;
export const PUBLIC_BODY_LIMIT = 100_000;

const bad = (fields: FieldErrors, message = "Invalid input.") => new DomainError("validation", message, fields);
const limitText = (limit: number) => (limit >= 1_000_000 ? `${limit / 1_000_000} MB` : `${limit / 1000} kB`);

/** Reads the body stream (not Request.text(): slower) up to `limit` bytes; strict UTF-8, no byte-order mark. */
export async function readBodyText(
  req: Request,
  limit = API_BODY_LIMIT,
  headers: Headers = req.headers,
): Promise<string> {
  const tooLarge = () =>
    bad({ non_field_errors: [`Request body exceeds ${limitText(limit)}.`] }, "Request body too large.");
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
  const bytes =
    chunks.length === 1
      ? Buffer.from(chunks[0].buffer, chunks[0].byteOffset, chunks[0].byteLength)
      : Buffer.concat(chunks);
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
    const message =
      e instanceof RangeError
        ? `JSON nested deeper than ${MAX_JSON_DEPTH} levels.`
        : `JSON parse error - ${(e as Error).message}`;
    throw bad({ non_field_errors: [message] }, "Malformed JSON.");
  }
  // NUL and surrogates can only arrive as \u escapes: decoded UTF-8 has no surrogates and JSON forbids raw NUL
  checkJson(value, text.includes("\\u"));
  return value;
}

export const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Every JSON body of this service is an object. */
export function expectObject(v: unknown): Record<string, unknown> {
  if (!isJsonObject(v)) throw bad({ non_field_errors: ["Expected a JSON object."] });
  return v;
}

/** Read, parse, check and require an object: the whole pipeline for routes outside the registry. */
export async function readJsonObject(req: Request, limit: number, required = false): Promise<Record<string, unknown>> {
  return expectObject(parseJsonBody(await readBodyText(req, limit), required));
}
