// The parts of an OpenAPI 3.1 document the reference page reads, and small helpers over them.
export interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  description?: string;
  example?: unknown;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
}
export interface MediaContent {
  schema?: JsonSchema;
  example?: unknown;
}
export interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaContent>;
}
export interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  "x-extension"?: boolean;
  deprecated?: boolean;
  "x-deprecation"?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaContent> };
  responses?: Record<string, ResponseObject>;
}

export interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, ResponseObject>;
    securitySchemes?: Record<string, { type: string; name?: string; in?: string; description?: string }>;
  };
}

export interface OperationEntry {
  method: string;
  path: string;
  op: Operation;
  anchor: string;
}

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

/** Operations grouped by their first tag, in document order (untagged ones under "Other"). */
export function groupByTag(doc: OpenApiDoc): [string, OperationEntry[]][] {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const methods = Object.keys(item)
      .filter((m) => METHOD_ORDER.includes(m))
      .sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
    for (const method of methods) {
      const op = item[method];
      const tag = op.tags?.[0] ?? "Other";
      const anchor = op.operationId ?? `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-");
      (groups.get(tag) ?? groups.set(tag, []).get(tag)!).push({ method, path, op, anchor });
    }
  }
  return [...groups.entries()];
}

/** "#/components/schemas/CatalogPrice" → "CatalogPrice". */
export const refName = (ref: string) => ref.split("/").pop() ?? ref;

export const schemaAnchor = (name: string) => `schema-${name}`;

/** The anchor of an error status's description on a resource page (OperationCard.tsx ErrorAnswers). */
export const errorAnchor = (status: string) => `error-${status}`;

export function resolveRef(doc: OpenApiDoc, schema: JsonSchema): JsonSchema {
  return schema.$ref ? (doc.components?.schemas?.[refName(schema.$ref)] ?? {}) : schema;
}

export const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export function jsonContent(content: Record<string, MediaContent> | undefined): JsonSchema | undefined {
  return content?.["application/json"]?.schema ?? Object.values(content ?? {})[0]?.schema;
}

/** A response, or the shared one its `$ref` names (components.responses: the error answers). */
export function resolveResponse(doc: OpenApiDoc, response: ResponseObject): ResponseObject {
  return response.$ref ? (doc.components?.responses?.[refName(response.$ref)] ?? {}) : response;
}
