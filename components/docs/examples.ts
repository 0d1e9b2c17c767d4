// Example values for the reference, generated from the JSON schemas of the zod definitions. Fields whose
// generic value would mislead (references, currencies, amounts) take the values kept in FIELD_EXAMPLES,
// which match the demo data the quickstart uses.
import { type JsonSchema, type OpenApiDoc, resolveRef } from "./openapi";

const FIELD_EXAMPLES: Record<string, unknown> = {
  customer_reference: "cust-1001",
  reference: "streaming-basic-monthly",
  currency: "EUR",
  default_currency: "EUR",
  email: "alice@example.com",
  name: "Streaming Basic",
  url: "https://example.com/webhooks/subscriptions",
  interval: "month",
  interval_count: 1,
  quantity: 1,
  bundle_quantity: 1,
  token: "chk_3f9a2b7c",
  reason: "Customer request",
  country: "FI",
  seconds: 2764800,
};
const DATE = "2026-03-10T00:00:00.000Z";
const MAX_DEPTH = 4;

export function exampleOf(doc: OpenApiDoc, schema: JsonSchema | undefined, field = "", depth = 0): unknown {
  if (!schema) return null;
  if (schema.example !== undefined) return schema.example;
  if (field in FIELD_EXAMPLES) return FIELD_EXAMPLES[field];
  if (schema.$ref) return depth > MAX_DEPTH ? {} : exampleOf(doc, resolveRef(doc, schema), field, depth + 1);
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const firstNonNull = variants.find((v) => v.type !== "null") ?? variants[0];
    return exampleOf(doc, firstNonNull, field, depth);
  }
  if (schema.allOf?.length) return exampleOf(doc, schema.allOf[0], field, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      if (depth > MAX_DEPTH) return {};
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        out[name] = exampleOf(doc, property, name, depth + 1);
      return out;
    }
    case "array":
      return depth > MAX_DEPTH ? [] : [exampleOf(doc, schema.items, field, depth + 1)];
    case "integer":
      return field.endsWith("_count") || field === "count" ? 1 : Math.max(1, schema.minimum ?? 1);
    case "number":
      return 1;
    case "boolean":
      return field === "active";
    case "string":
      if (schema.format === "date-time" || field.endsWith("_at") || field.endsWith("_date")) return DATE;
      if (field.endsWith("_amount") || field === "amount") return "9.9000";
      if (schema.pattern?.includes("\\d")) return "9.9000";
      return field ? `${field.replace(/_/g, "-")}-example` : "string";
    default:
      return null;
  }
}

/** A request body example: only the required fields plus the ones a first call usually needs. */
export function requestExample(doc: OpenApiDoc, schema: JsonSchema | undefined): unknown {
  const resolved = schema ? resolveRef(doc, schema) : undefined;
  if (resolved?.type !== "object" || !resolved.properties) return exampleOf(doc, schema);
  const required = new Set(resolved.required ?? []);
  const usual = ["customer_reference", "items", "url", "seconds", "reason", "contract_item", "price"];
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(resolved.properties))
    if (required.has(name) || usual.includes(name)) out[name] = exampleOf(doc, property, name, 1);
  if (out.items && Array.isArray(out.items)) out.items = [{ price: 12, quantity: 1 }];
  return Object.keys(out).length ? out : exampleOf(doc, schema);
}
