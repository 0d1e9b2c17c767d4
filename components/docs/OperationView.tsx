"use client";
// One REST operation as the reader sees it: method, path, summary, authentication, parameters, the request
// body's type, each success answer (fields and example on demand) and the error statuses, and copyable curl
// and SDK calls of its documented example. A client component fed a compact view (OperationCard.tsx builds
// it): the page's payload then carries this data once instead of the whole rendered tree a second time.

import { CodeBlock } from "./CodeBlock";
import { DocsTable } from "./DocsTable";
import { MethodBadge } from "./MethodBadge";
import { OnDemand } from "./OnDemand";
import { errorAnchor, type JsonSchema } from "./openapi";
import { TypeLabel } from "./TypeLabel";

/** What OperationView renders of one operation; schemas keep only what TypeLabel shows. */
export interface OperationViewData {
  method: string;
  path: string;
  anchor: string;
  basePath: string;
  detailsSrc: string;
  summary?: string;
  description?: string;
  extension: boolean;
  deprecation?: string;
  deprecated: boolean;
  authenticated: boolean;
  parameters: { name: string; in: string; required: boolean; type?: JsonSchema; description: string }[];
  body?: { required: boolean; type: JsonSchema };
  successes: { status: string; description?: string; type?: JsonSchema }[];
  errors: string[];
  curl: string;
  sdk: string;
}

export function OperationView({ view }: { view: OperationViewData }) {
  const { method, path, anchor, basePath, detailsSrc, successes, errors } = view;
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
        {view.extension ? (
          <span
            className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-medium text-purple-800"
            title="Not part of the published specification"
          >
            x-extension
          </span>
        ) : null}
        {view.deprecated ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">deprecated</span>
        ) : null}
        <span className="ml-auto text-xs text-slate-600">
          {view.authenticated ? "Authorization: Api-Key <key>" : "No authentication"}
        </span>
      </header>
      {view.summary ? <p className="mt-2 font-medium">{view.summary}</p> : null}
      {view.description ? <p className="mt-1 text-sm text-slate-600">{view.description}</p> : null}
      {view.deprecation ? <p className="mt-1 text-sm text-amber-900">Deprecated: {view.deprecation}</p> : null}

      {view.parameters.length ? (
        <Section title="Parameters">
          <DocsTable columns={["Name", "In", "Type", "Description"]}>
            {view.parameters.map((p) => (
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
                <td className="py-1 pr-4 font-mono text-xs">{p.type ? <TypeLabel schema={p.type} /> : "string"}</td>
                <td className="py-1 text-slate-600">{p.description}</td>
              </tr>
            ))}
          </DocsTable>
        </Section>
      ) : null}

      {view.body ? (
        <Section title={`Request body${view.body.required ? " (required)" : ""}`}>
          <p className="font-mono text-xs">
            <TypeLabel schema={view.body.type} />
          </p>
          <OnDemand src={detailsSrc} part={{ kind: "body", operation: anchor }} summary="Fields" />
        </Section>
      ) : null}

      <Section title="Responses">
        <ul className="space-y-2">
          {successes.map(({ status, description, type: schema }) => {
            return (
              <li key={status} data-testid={`response-${status}`}>
                <p className="text-sm">
                  <span className="mr-2 font-mono font-semibold text-emerald-700">{status}</span>
                  {description}
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
            {errors.map((status, i) => (
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
          <CodeBlock code={view.curl} label="curl" testId="snippet-curl" />
          <CodeBlock code={view.sdk} label="TypeScript SDK" testId="snippet-sdk" />
        </div>
      </Section>
    </article>
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
