// One REST operation: method, path, summary, authentication, parameters, the request body's type and each
// response's status and type, and copyable curl and SDK calls of its documented example. Field tables and
// example answers open on demand (OnDemand.tsx), so a resource page stays small.

import { CodeBlock } from "./CodeBlock";
import { DocsTable } from "./DocsTable";
import { MethodBadge } from "./MethodBadge";
import { OnDemand } from "./OnDemand";
import { jsonContent, type OpenApiDoc, type OperationEntry, resolveResponse } from "./openapi";
import { curlSnippet, sdkSnippet } from "./snippets";
import { TypeLabel } from "./TypeLabel";

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
  const authenticated = (op.security ?? [{}]).length > 0;
  return (
    <article
      id={anchor}
      className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="operation"
    >
      <header className="flex flex-wrap items-center gap-3">
        <MethodBadge method={method} />
        <code className="min-w-0 break-all font-mono text-sm font-semibold" data-testid="operation-path">
          <span className="text-slate-600">{basePath}</span>
          <span>{path}</span>
        </code>
        {op["x-extension"] ? (
          <span
            className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-medium text-purple-800"
            title="Not part of the published specification"
          >
            x-extension
          </span>
        ) : null}
        {op.deprecated ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">deprecated</span>
        ) : null}
        <span className="ml-auto text-xs text-slate-600">
          {authenticated ? "Authorization: Api-Key <key>" : "No authentication"}
        </span>
      </header>
      {op.summary ? <p className="mt-2 font-medium">{op.summary}</p> : null}
      {op.description ? <p className="mt-1 text-sm text-slate-600">{op.description}</p> : null}
      {op["x-deprecation"] ? <p className="mt-1 text-sm text-amber-900">Deprecated: {op["x-deprecation"]}</p> : null}

      {op.parameters?.length ? (
        <Section title="Parameters">
          <DocsTable columns={["Name", "In", "Type", "Description"]}>
            {op.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`}>
                <td className="break-all py-1 pr-4 font-mono text-xs">
                  {p.name}
                  {p.required ? (
                    <span className="ml-1 text-red-600" title="required">
                      *
                    </span>
                  ) : null}
                </td>
                <td className="py-1 pr-4 text-xs text-slate-600">{p.in}</td>
                <td className="py-1 pr-4 font-mono text-xs">{p.schema ? <TypeLabel schema={p.schema} /> : "string"}</td>
                <td className="py-1 text-slate-600">{p.description ?? p.schema?.description ?? ""}</td>
              </tr>
            ))}
          </DocsTable>
        </Section>
      ) : null}

      {body ? (
        <Section title={`Request body${op.requestBody?.required ? " (required)" : ""}`}>
          <p className="font-mono text-xs">
            <TypeLabel schema={body} />
          </p>
          <OnDemand src={detailsSrc} part={{ kind: "body", operation: anchor }} summary="Fields" />
        </Section>
      ) : null}

      <Section title="Responses">
        <ul className="space-y-2">
          {Object.entries(op.responses ?? {}).map(([status, reference]) => {
            const res = resolveResponse(doc, reference);
            const schema = jsonContent(res.content);
            const ok = status.startsWith("2");
            return (
              <li key={status} data-testid={`response-${status}`}>
                <p className="text-sm">
                  <span className={`mr-2 font-mono font-semibold ${ok ? "text-emerald-700" : "text-slate-600"}`}>
                    {status}
                  </span>
                  {res.description}
                  {schema ? (
                    <span className="ml-2 font-mono text-xs">
                      <TypeLabel schema={schema} />
                    </span>
                  ) : null}
                </p>
                {ok && schema ? (
                  <div className="pl-10">
                    <OnDemand
                      src={detailsSrc}
                      part={{ kind: "response", operation: anchor, status }}
                      summary="Fields"
                    />
                    <OnDemand
                      src={detailsSrc}
                      part={{ kind: "response-example", operation: anchor, status }}
                      summary="Example response"
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Section>

      <Section title="Call it">
        <div className="grid min-w-0 gap-3 xl:grid-cols-2">
          <CodeBlock code={curlSnippet(doc, entry, basePath)} label="curl" testId="snippet-curl" />
          <CodeBlock code={sdkSnippet(doc, entry)} label="TypeScript SDK" testId="snippet-sdk" />
        </div>
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-4">
      <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h4>
      {children}
    </section>
  );
}
