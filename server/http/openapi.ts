// OpenAPI 3.1 built from the endpoint registry's zod schemas (never written by hand): every operation with
// each status it can answer (`errorStatuses`), the error answers once as components.responses, the
// Idempotency-Key header on the POSTs that honour it, and one request and answer example per operation
// (openapiExamples.json, recorded by tests/openapi-examples.test.ts from the requests it sends).

import { z } from "zod";
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiRequestBodyObject,
  ZodOpenApiResponseObject,
} from "zod-openapi";
import { createDocument, type oas31 } from "zod-openapi";
import { detailBody, errorBody, internalErrorBody } from "@/server/schemas/common";
import type { EndpointDef, ErrorStatus } from "./endpoint";
import examples from "./openapiExamples.json";
import { endpoints } from "./registry";

const jsonBody = (schema: z.ZodType) => ({ "application/json": { schema } });

/** The error answers, published once each (components.responses) and referenced by every operation. */
const errorResponses: Record<ErrorStatus, ZodOpenApiResponseObject> = {
  400: { id: "BadRequest", description: "Validation error (spec 7)", content: jsonBody(errorBody) },
  401: { id: "Unauthorized", description: "Missing or invalid credentials", content: jsonBody(detailBody) },
  403: {
    id: "Forbidden",
    description: "The public key where the secret key is required, or an operation this account may not use",
    content: jsonBody(detailBody),
  },
  404: {
    id: "NotFound",
    description: "No such record for this account (or a page beyond the last)",
    content: jsonBody(detailBody),
  },
  409: {
    id: "Conflict",
    description: "A request with the same Idempotency-Key is still in progress: retry shortly",
    content: jsonBody(detailBody),
  },
  410: { id: "Gone", description: "The record's lifetime has passed", content: jsonBody(detailBody) },
  500: {
    id: "InternalError",
    description: "Unexpected error; quote request_id when reporting it",
    content: jsonBody(internalErrorBody),
  },
  503: {
    id: "ServiceUnavailable",
    description: "The database is unavailable; retry after Retry-After seconds (spec 7.7: retry with backoff)",
    headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait" }) }),
    content: jsonBody(detailBody),
  },
};

/** API-key POSTs run through the idempotency store when they name a key (route.ts, idempotency.ts). */
export const honoursIdempotencyKey = (e: EndpointDef) =>
  e.method === "POST" && e.auth !== "none" && e.auth !== "session";

const idempotencyHeader = z.object({
  "Idempotency-Key": z.string().min(1).max(255).optional().meta({
    description:
      "Safe retries (spec 4.6): the same key and body get the first answer again (`Idempotent-Replayed: true`); another body is a 400, a call still running a 409. Or `idempotency_key` in the body.",
    example: "5d0c9a4e-3f7b-4a63-9f1e-2b8e4c7d9a10",
  }),
});

const isPaged = (query: z.ZodType | undefined) =>
  query instanceof z.ZodObject && "page_size" in (query.shape as Record<string, unknown>);

/**
 * Every error status the route can answer: 400 (any query can be malformed), 500 and 503 always; 401 and 403
 * with an API key; 404 when a path or body names a record or the list is paged (a page beyond the last); 409
 * where an Idempotency-Key can be in progress; and the route's own `answers`.
 */
export function errorStatuses(e: EndpointDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 500, 503, ...(e.answers ?? [])]);
  if (e.auth !== "none" && e.auth !== "session") statuses.add(401).add(403);
  if (e.params || e.method !== "GET" || isPaged(e.query)) statuses.add(404);
  if (honoursIdempotencyKey(e)) statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

const operationId = (e: EndpointDef) =>
  `${e.method.toLowerCase()}${e.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;

function operationOf(e: EndpointDef): ZodOpenApiOperationObject {
  const requestBody: ZodOpenApiRequestBodyObject | undefined = e.body
    ? { required: e.bodyRequired ?? false, content: jsonBody(e.body) }
    : undefined;
  const success: ZodOpenApiResponseObject = e.response
    ? { description: "Success", content: { ...jsonBody(e.response), ...mediaOf(e.alternateMedia) } }
    : e.alternateMedia
      ? { description: "Success", content: mediaOf(e.alternateMedia) }
      : { description: "Success, no content" };
  return {
    summary: e.summary,
    tags: e.tags,
    operationId: operationId(e),
    ...(e.description ? { description: e.description } : {}),
    ...(e.extension ? { "x-extension": true } : {}),
    ...(e.deprecated ? { deprecated: true, "x-deprecation": e.deprecated } : {}),
    security: e.auth === "none" ? [] : [{ ApiKey: [] }],
    requestParams: {
      ...(e.params ? { path: e.params as z.ZodObject } : {}),
      ...(e.query ? { query: e.query as z.ZodObject } : {}),
      ...(honoursIdempotencyKey(e) ? { header: idempotencyHeader } : {}),
    },
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(e.status ?? 200)]: success,
      ...Object.fromEntries(errorStatuses(e).map((status) => [String(status), errorResponses[status]])),
      ...(e.badRequest
        ? {
            "400": {
              description: "Validation error (spec 7), or the route's own failure body",
              content: jsonBody(z.union([errorBody, e.badRequest])),
            },
          }
        : {}),
    },
  };
}

const mediaOf = (media: EndpointDef["alternateMedia"]) =>
  Object.fromEntries(Object.entries(media ?? {}).map(([type, schema]) => [type, { schema }]));

/** An operation's example as tests/openapi-examples.test.ts sent it and the server answered (recorded). */
interface RecordedExample {
  request: {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    headers?: Record<string, string>;
    body?: unknown;
  };
  status: number;
  answer: unknown;
  /** The answer's media type when it is not JSON (an export's CSV). */
  content_type?: string;
}

const METHODS = ["get", "post", "patch", "delete"] as const satisfies readonly Lowercase<EndpointDef["method"]>[];

/** What the document refers to elsewhere (components) rather than states inline; examples go on inline parts only. */
const inline = <T extends object>(part: T | oas31.ReferenceObject | undefined): T | undefined =>
  part && !("$ref" in part) ? part : undefined;

/** Puts each operation's recorded example into its parameters, request body and success answer. */
function withExamples(paths: oas31.PathsObject = {}) {
  const recorded = examples as Record<string, RecordedExample>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      const example = op && recorded[`${method.toUpperCase()} ${path}`];
      if (!op || !example) continue;
      const { request } = example;
      for (const parameter of op.parameters ?? []) {
        const param = inline<oas31.ParameterObject>(parameter);
        if (!param) continue;
        const values = param.in === "path" ? request.path : param.in === "query" ? request.query : request.headers;
        if (values?.[param.name] !== undefined) param.example = values[param.name];
      }
      const body = inline<oas31.RequestBodyObject>(op.requestBody)?.content["application/json"];
      if (body && request.body !== undefined) body.example = request.body;
      const success: oas31.ResponseObject | oas31.ReferenceObject | undefined = op.responses?.[String(example.status)];
      const answer = inline<oas31.ResponseObject>(success)?.content?.[example.content_type ?? "application/json"];
      if (answer) answer.example = example.answer;
    }
  }
}

export function buildOpenApi(serverUrl = "/api") {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of endpoints) (paths[e.path] ??= {})[e.method.toLowerCase() as "get"] = operationOf(e);
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Subscription Contracts V2",
      version: "2.0.0",
      description:
        "Catalog, bundles, quotes, subscription contracts, checkouts, payment methods, entitlements and billing runs. Operations marked x-extension are additions of this service beyond the published specification.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "Authorization", description: "`Api-Key <key>`" },
      },
    },
    paths,
  });
  withExamples(document.paths);
  return document;
}
