// A JSON schema as a compact field list (objects), a variant list (anyOf) or a type, plus the raw JSON.

import { DocsTable } from "./DocsTable";
import { type JsonSchema, type OpenApiDoc, refName, resolveRef, schemaAnchor } from "./openapi";
import { TypeLabel } from "./TypeLabel";

const MAX_DEPTH = 3;

export function SchemaView({
  doc,
  schema,
  expandRef = true,
  showJson = true,
}: {
  doc: OpenApiDoc;
  schema: JsonSchema;
  expandRef?: boolean;
  showJson?: boolean;
}) {
  return (
    <div className="space-y-2">
      <SchemaBody doc={doc} schema={schema} expandRef={expandRef} depth={0} />
      {showJson ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-slate-600 hover:text-slate-700">JSON schema</summary>
          <pre className="mt-1 max-h-96 max-w-full overflow-auto whitespace-pre rounded bg-slate-900 p-3 text-slate-100">
            {JSON.stringify(schema, null, 2)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

function SchemaBody({
  doc,
  schema,
  expandRef,
  depth,
}: {
  doc: OpenApiDoc;
  schema: JsonSchema;
  expandRef: boolean;
  depth: number;
}) {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    if (!expandRef || depth > 0)
      return (
        <p className="text-sm">
          <TypeLabel schema={schema} />
        </p>
      );
    return (
      <div className="space-y-1">
        <p className="text-sm">
          <a href={`#${schemaAnchor(name)}`} className="font-medium text-blue-700 hover:underline">
            {name}
          </a>
        </p>
        <SchemaBody doc={doc} schema={resolveRef(doc, schema)} expandRef={false} depth={depth + 1} />
      </div>
    );
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && depth < MAX_DEPTH) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-600">One of:</p>
        <ol className="list-decimal space-y-2 pl-6">
          {variants.map((v, i) => (
            <li key={i}>
              <SchemaBody doc={doc} schema={v} expandRef={false} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (schema.properties && depth < MAX_DEPTH) return <FieldTable doc={doc} schema={schema} depth={depth} />;
  if (schema.type === "array" && schema.items) {
    const inline = !schema.items.$ref && (schema.items.properties || schema.items.anyOf);
    return (
      <div className="space-y-1 text-sm">
        <p>
          Array of <TypeLabel schema={schema.items} />
        </p>
        {inline && depth < MAX_DEPTH ? (
          <SchemaBody doc={doc} schema={schema.items} expandRef={false} depth={depth + 1} />
        ) : null}
      </div>
    );
  }
  return (
    <p className="text-sm">
      <TypeLabel schema={schema} />
      {schema.description ? <span className="text-slate-600"> — {schema.description}</span> : null}
    </p>
  );
}

function FieldTable({ doc, schema, depth }: { doc: OpenApiDoc; schema: JsonSchema; depth: number }) {
  const required = new Set(schema.required ?? []);
  return (
    <DocsTable columns={["Field", "Type", "Notes"]}>
      {Object.entries(schema.properties ?? {}).map(([name, prop]) => {
        const nested = !prop.$ref && (prop.properties || (prop.type === "array" && prop.items?.properties));
        return (
          <tr key={name}>
            <td className="break-all py-1 pr-4 font-mono text-xs">
              {name}
              {required.has(name) ? (
                <span className="ml-1 text-red-600" title="required">
                  *
                </span>
              ) : null}
            </td>
            <td className="py-1 pr-4 font-mono text-xs">
              <TypeLabel schema={prop} />
            </td>
            <td className="py-1 text-slate-600">
              <Notes schema={prop} />
              {nested ? (
                <div className="mt-1 border-l-2 border-slate-200 pl-3">
                  <SchemaBody
                    doc={doc}
                    schema={prop.properties ? prop : prop.items!}
                    expandRef={false}
                    depth={depth + 1}
                  />
                </div>
              ) : null}
            </td>
          </tr>
        );
      })}
    </DocsTable>
  );
}

function Notes({ schema }: { schema: JsonSchema }) {
  const parts: string[] = [];
  if (schema.description) parts.push(schema.description);
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.example !== undefined) parts.push(`e.g. ${JSON.stringify(schema.example)}`);
  return parts.length ? <span>{parts.join(" · ")}</span> : null;
}
