// One REST operation of a resource page: OperationCard turns the document's operation into the compact view
// OperationView (a client component) renders, with the curl and SDK calls of its documented example; and
// ErrorAnswers, each error status of the page described once. Field tables and example answers open on
// demand (OnDemand.tsx), so a resource page stays small.

import { OperationView, type OperationViewData } from "./OperationView";
import {
  errorAnchor,
  type JsonSchema,
  jsonContent,
  type OpenApiDoc,
  type OperationEntry,
  resolveResponse,
} from "./openapi";
import { curlSnippet, sdkSnippet } from "./snippets";
import { TypeLabel } from "./TypeLabel";

const TYPE_KEYS = ["$ref", "const", "enum", "type", "format", "minimum", "maximum", "minLength", "maxLength"] as const;

/** A schema with only what TypeLabel shows (no patterns, descriptions or examples). */
function typeOnly(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const key of TYPE_KEYS) if (schema[key] !== undefined) (out as Record<string, unknown>)[key] = schema[key];
  if (schema.anyOf) out.anyOf = schema.anyOf.map(typeOnly);
  if (schema.oneOf) out.oneOf = schema.oneOf.map(typeOnly);
  if (schema.allOf) out.allOf = schema.allOf.map(typeOnly);
  if (schema.items) out.items = typeOnly(schema.items);
  if (schema.additionalProperties && typeof schema.additionalProperties === "object" && !schema.properties)
    out.additionalProperties = typeOnly(schema.additionalProperties);
  return out;
}

export function OperationCard({
  doc,
  entry,
  basePath,
  detailsSrc,
}: {
  doc: OpenApiDoc;
  entry: OperationEntry;
  basePath: string;
  /** The resource's details JSON (reference.ts resourceDetails), where the on-demand parts come from. */
  detailsSrc: string;
}) {
  const { method, path, op, anchor } = entry;
  const body = jsonContent(op.requestBody?.content);
  const responses = Object.entries(op.responses ?? {});
  const view: OperationViewData = {
    method,
    path,
    anchor,
    basePath,
    detailsSrc,
    summary: op.summary,
    description: op.description,
    extension: Boolean(op["x-extension"]),
    deprecated: Boolean(op.deprecated),
    deprecation: op["x-deprecation"],
    authenticated: (op.security ?? [{}]).length > 0,
    parameters: (op.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      required: Boolean(p.required),
      type: p.schema ? typeOnly(p.schema) : undefined,
      description: p.description ?? p.schema?.description ?? "",
    })),
    body: body ? { required: Boolean(op.requestBody?.required), type: typeOnly(body) } : undefined,
    successes: responses
      .filter(([status]) => status.startsWith("2"))
      .map(([status, reference]) => {
        const res = resolveResponse(doc, reference);
        const schema = jsonContent(res.content);
        return { status, description: res.description, type: schema ? typeOnly(schema) : undefined };
      }),
    // error answers are listed by status here and described once per page (ErrorAnswers)
    errors: responses.map(([status]) => status).filter((status) => !status.startsWith("2")),
    curl: curlSnippet(doc, entry, basePath),
    sdk: sdkSnippet(doc, entry),
  };
  return <OperationView view={view} />;
}

/** Each error answer the page's operations give, described once: its status, meaning and body. */
export function ErrorAnswers({ doc, entries }: { doc: OpenApiDoc; entries: OperationEntry[] }) {
  const statuses = new Map<string, ReturnType<typeof resolveResponse>[]>();
  for (const { op } of entries)
    for (const [status, reference] of Object.entries(op.responses ?? {})) {
      if (status.startsWith("2")) continue;
      const res = resolveResponse(doc, reference);
      const known = statuses.get(status) ?? [];
      if (!known.some((r) => r.description === res.description)) statuses.set(status, [...known, res]);
    }
  return (
    <section id="errors" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-xl font-semibold">Error answers</h2>
      <ul className="space-y-1 text-sm">
        {[...statuses.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, answers]) => (
            <li key={status} id={errorAnchor(status)} className="scroll-mt-6">
              <span className="mr-2 font-mono font-semibold text-slate-700">{status}</span>
              {answers.map((res, i) => {
                const schema = jsonContent(res.content);
                return (
                  <span key={res.description ?? i}>
                    {i ? "; " : null}
                    {res.description}
                    {schema ? (
                      <span className="ml-1 font-mono text-xs">
                        (<TypeLabel schema={schema} />)
                      </span>
                    ) : null}
                  </span>
                );
              })}
            </li>
          ))}
      </ul>
    </section>
  );
}
