// One REST operation: method, path, summary, authentication, parameters, request body and responses,
// example values and copyable curl and SDK calls.

import { CodeBlock } from "./CodeBlock";
import { DocsTable } from "./DocsTable";
import { exampleOf, requestExample } from "./examples";
import { MethodBadge } from "./MethodBadge";
import { jsonContent, type OpenApiDoc, type OperationEntry } from "./openapi";
import { SchemaView } from "./SchemaView";
import { curlSnippet, sdkSnippet } from "./snippets";
import { TypeLabel } from "./TypeLabel";

export function OperationCard({
  doc,
  entry,
  basePath,
  searchText,
}: {
  doc: OpenApiDoc;
  entry: OperationEntry;
  basePath: string;
  searchText?: string;
}) {
  const { method, path, op, anchor } = entry;
  const body = jsonContent(op.requestBody?.content);
  const authenticated = (op.security ?? [{}]).length > 0;
  return (
    <article
      id={anchor}
      className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="operation"
      data-op-search={searchText}
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
          <SchemaView doc={doc} schema={body} />
          <details className="mt-2 text-xs">
            <summary className="cursor-pointer text-slate-700">Example request body</summary>
            <pre tabIndex={0} className="mt-1 max-w-full overflow-auto rounded bg-slate-100 p-3 text-slate-900">
              {JSON.stringify(requestExample(doc, body), null, 2)}
            </pre>
          </details>
        </Section>
      ) : null}

      <Section title="Responses">
        <ul className="space-y-3">
          {Object.entries(op.responses ?? {}).map(([status, res]) => {
            const schema = jsonContent(res.content);
            const ok = status.startsWith("2");
            return (
              <li key={status} data-testid={`response-${status}`}>
                <p className="text-sm">
                  <span className={`mr-2 font-mono font-semibold ${ok ? "text-emerald-700" : "text-slate-600"}`}>
                    {status}
                  </span>
                  {res.description}
                </p>
                {schema ? (
                  <div className="mt-1 pl-10">
                    {ok ? (
                      <>
                        <SchemaView doc={doc} schema={schema} />
                        <details className="mt-2 text-xs">
                          <summary className="cursor-pointer text-slate-700">Example response</summary>
                          <pre
                            tabIndex={0}
                            className="mt-1 max-h-96 max-w-full overflow-auto rounded bg-slate-100 p-3 text-slate-900"
                          >
                            {JSON.stringify(exampleOf(doc, schema), null, 2)}
                          </pre>
                        </details>
                      </>
                    ) : (
                      <SchemaView doc={doc} schema={schema} expandRef={false} showJson={false} />
                    )}
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
