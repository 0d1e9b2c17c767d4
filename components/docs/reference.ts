// The API reference's data, built once per process from the same OpenAPI document as
// /api/v2/openapi.json: resources (one page each), a small search index, the schemas a page needs.
import { buildOpenApi } from "@/server/http/openapi";
import { groupByTag, type JsonSchema, type OpenApiDoc, type OperationEntry, refName, resolveResponse } from "./openapi";

export interface Resource {
  tag: string;
  slug: string;
  operations: OperationEntry[];
}

export interface SearchEntry {
  method: string;
  path: string;
  summary: string;
  resource: string;
  href: string;
}

let cached: { doc: OpenApiDoc; resources: Resource[] } | undefined;

const slugOf = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function reference() {
  if (!cached) {
    // NOTE: OpenApiDoc is the reference's reading of the document (what the pages show, without the $ref
    // forms the builder does not emit there); the builder's own type is the full OpenAPI 3.1 object model
    const doc = buildOpenApi() as unknown as OpenApiDoc;
    const resources = groupByTag(doc).map(([tag, operations]) => ({ tag, slug: slugOf(tag), operations }));
    cached = { doc, resources };
  }
  return cached;
}

export const resourceHref = (resource: Resource, anchor?: string) =>
  `/docs/api/${resource.slug}${anchor ? `#${anchor}` : ""}`;

export function searchIndex(): SearchEntry[] {
  return reference().resources.flatMap((resource) =>
    resource.operations.map((entry) => ({
      method: entry.method.toUpperCase(),
      path: entry.path,
      summary: entry.op.summary ?? "",
      resource: resource.tag,
      href: resourceHref(resource, entry.anchor),
    })),
  );
}

/** Names of the component schemas the operations use, directly or through other schemas. */
export function schemasUsedBy(doc: OpenApiDoc, operations: OperationEntry[]): string[] {
  const found = new Set<string>();
  const visit = (schema: JsonSchema | undefined) => {
    if (!schema || typeof schema !== "object") return;
    if (schema.$ref) {
      const name = refName(schema.$ref);
      if (found.has(name)) return;
      found.add(name);
      visit(doc.components?.schemas?.[name]);
      return;
    }
    for (const value of Object.values(schema)) {
      if (Array.isArray(value)) for (const item of value) visit(item as JsonSchema);
      else if (value && typeof value === "object") visit(value as JsonSchema);
    }
  };
  for (const { op } of operations) {
    for (const parameter of op.parameters ?? []) visit(parameter.schema);
    for (const media of Object.values(op.requestBody?.content ?? {})) visit(media.schema);
    for (const response of Object.values(op.responses ?? {}))
      for (const media of Object.values(resolveResponse(doc, response).content ?? {})) visit(media.schema);
  }
  return [...found].sort();
}

/**
 * What a resource page renders only when a reader opens it (OnDemand.tsx): its operations whole (schemas,
 * examples) and the component schemas they use. Served as /docs/api/<resource>/details.json, fetched once per
 * page, so the page's HTML carries summaries and links only.
 */
export interface ResourceDetails {
  operations: Record<string, OperationEntry["op"]>;
  schemas: Record<string, JsonSchema>;
}

export function resourceDetails(slug: string): ResourceDetails | null {
  const { doc, resources } = reference();
  const resource = resources.find((r) => r.slug === slug);
  if (!resource) return null;
  return {
    operations: Object.fromEntries(resource.operations.map((entry) => [entry.anchor, entry.op])),
    schemas: Object.fromEntries(
      schemasUsedBy(doc, resource.operations).map((name) => [name, doc.components?.schemas?.[name] ?? {}]),
    ),
  };
}
