// OpenAPI 3.1 built from the endpoint registry's zod schemas (never written by hand).

import type { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { createDocument } from "zod-openapi";
import { detailBody, errorBody } from "@/server/schemas/common";
import { endpoints } from "./registry";

export function buildOpenApi(serverUrl = "/api") {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of endpoints) {
    const op: ZodOpenApiOperationObject = {
      summary: e.summary,
      tags: e.tags,
      operationId: `${e.method.toLowerCase()}${e.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      ...(e.description ? { description: e.description } : {}),
      ...(e.extension ? { "x-extension": true } : {}),
      ...(e.deprecated ? { deprecated: true, "x-deprecation": e.deprecated } : {}),
      security: e.auth === "none" ? [] : [{ ApiKey: [] }],
      requestParams: {
        ...(e.params ? { path: e.params as z.ZodObject } : {}),
        ...(e.query ? { query: e.query as z.ZodObject } : {}),
      },
      ...(e.body
        ? { requestBody: { required: e.bodyRequired ?? false, content: { "application/json": { schema: e.body } } } }
        : {}),
      responses: {
        [String(e.status ?? 200)]: e.response
          ? { description: "Success", content: { "application/json": { schema: e.response } } }
          : { description: "Success" },
        ...(e.auth === "none"
          ? {}
          : {
              "401": {
                description: "Missing or invalid credentials",
                content: { "application/json": { schema: detailBody } },
              },
              "403": {
                description: "Public key used where the secret key is required",
                content: { "application/json": { schema: detailBody } },
              },
            }),
        "400": { description: "Validation error", content: { "application/json": { schema: errorBody } } },
        ...(e.params || e.method !== "GET"
          ? { "404": { description: "Not found", content: { "application/json": { schema: detailBody } } } }
          : {}),
      },
    };
    (paths[e.path] ??= {})[e.method.toLowerCase() as "get"] = op;
  }
  return createDocument({
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
}
