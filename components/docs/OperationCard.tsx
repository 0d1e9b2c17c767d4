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
  // error answers are listed by status here and described once per page (ErrorAnswers)
  const responses = Object.entries(op.responses ?? {});
  const successes = responses.filter(([status]) => status.startsWith("2"));
  const errors = responses.filter(([status]) => !status.startsWith("2"));
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
          {successes.map(([status, reference]) => {
            const res = resolveResponse(doc, reference);
            const schema = jsonContent(res.content);
            return (
              <li key={status} data-testid={`response-${status}`}>
                <p className="text-sm">
                  <span className="mr-2 font-mono font-semibold text-emerald-700">{status}</span>
                  {res.description}
                  {schema ? (
                    <span className="ml-2 font-mono text-xs">
                      <TypeLabel schema={schema} />
                    </span>
                  ) : null}
                </p>
                {schema ? (
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
        {errors.length ? (
          <p className="mt-2 text-sm text-slate-600" data-testid="operation-errors">
            Errors:{" "}
            {errors.map(([status], i) => (
              <span key={status}>
                {i ? " · " : null}
                <a href={`#${errorAnchor(status)}`} className="font-mono text-blue-700 hover:underline">
                  {status}
                </a>
              </span>
            ))}
          </p>
        ) : null}
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

/** The anchor of an error status's description on a resource page (ErrorAnswers). */
export const errorAnchor = (status: string) => `error-${status}`;

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

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-4">
      <h4 className="docs-section-title">{title}</h4>
      {children}
    </section>
  );
}
