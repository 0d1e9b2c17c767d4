// Every answer the in-process API caller (helpers.ts) sees is checked against the OpenAPI document, as Prism's
// validation proxy would check it: the status must be documented for the operation, and the body must match
// that status's schema (JSON Schema 2020-12 by ajv, additionalProperties and formats included). Every API
// test thereby checks that the document and the server have not drifted apart.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { buildOpenApi } from "@/server/http/openapi";

interface MediaObject {
  schema?: unknown;
}
interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaObject>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { responses?: Record<string, ResponseObject> };
}

const DOC_ID = "openapi";
/** RFC 3339 date-time, as JSON Schema's format means it (what the API prints with toISOString). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

let state: { doc: Document; ajv: Ajv2020; validators: Map<string, ValidateFunction> } | undefined;

function load() {
  if (state) return state;
  const doc = buildOpenApi() as unknown as Document;
  // strict off: the document's schemas carry OpenAPI keywords (example, x-extension) that are not JSON Schema
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat("date-time", { validate: (v: string) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)) });
  ajv.addFormat("email", /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat("uri", { validate: (v: string) => URL.canParse(v) });
  ajv.addFormat("binary", true);
  ajv.addSchema(doc as object, DOC_ID);
  state = { doc, ajv, validators: new Map() };
  return state;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/**
 * Throws when `status` is not documented for the operation, or when `body` (parsed JSON, or null for an
 * empty answer) does not match the documented schema of its media type.
 */
export function checkAnswer(method: string, path: string, status: number, contentType: string | null, body: unknown) {
  const { doc, ajv, validators } = load();
  const where = `${method} ${path} → ${status}`;
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the OpenAPI document`);
  let response = operation.responses[String(status)];
  let base = pointer("paths", path, method.toLowerCase(), "responses", String(status));
  if (!response) throw new Error(`${where}: status not documented (${JSON.stringify(body)?.slice(0, 300)})`);
  if (response.$ref) {
    const name = response.$ref.split("/").pop()!;
    response = doc.components.responses![name];
    base = pointer("components", "responses", name);
  }
  const mediaType = contentType?.split(";")[0].trim() ?? null;
  if (!response.content) {
    if (body !== null) throw new Error(`${where}: documented without a body, answered ${JSON.stringify(body)}`);
    return;
  }
  if (!mediaType || !response.content[mediaType])
    throw new Error(`${where}: media type ${mediaType} not documented (${Object.keys(response.content).join(", ")})`);
  if (mediaType !== "application/json") return;
  const ref = `${DOC_ID}#/${base}/${pointer("content", mediaType, "schema")}`;
  let validate = validators.get(ref);
  if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: ref })));
  if (!validate(body)) {
    const problems = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
    throw new Error(
      `${where}: the answer does not match the document:\n  ${problems.join("\n  ")}\nbody: ${JSON.stringify(body)?.slice(0, 1500)}`,
    );
  }
}
