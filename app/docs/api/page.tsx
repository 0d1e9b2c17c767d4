// The REST API reference, rendered on the server from the same OpenAPI document as /api/v2/openapi.json.
import type { Metadata } from "next";
import Link from "next/link";
import { ApiSearch } from "@/components/docs/ApiSearch";
import { MethodBadge } from "@/components/docs/MethodBadge";
import { OperationCard } from "@/components/docs/OperationCard";
import { groupByTag, type OpenApiDoc, schemaAnchor, tagAnchor } from "@/components/docs/openapi";
import { SchemaView } from "@/components/docs/SchemaView";
import { buildOpenApi } from "@/server/http/openapi";

export const metadata: Metadata = { title: "API reference · Subscription Contracts V2" };

const OPENAPI_URL = "/api/v2/openapi.json";

// the page renders per request (CSP nonce); the document itself is the same for the process's lifetime
let openApiDoc: OpenApiDoc | undefined;

export default function ApiReferencePage() {
  const doc = (openApiDoc ??= buildOpenApi() as unknown as OpenApiDoc);
  const groups = groupByTag(doc);
  const basePath = doc.servers?.[0]?.url ?? "";
  const schemas = Object.entries(doc.components?.schemas ?? {});
  const total = groups.reduce((n, [, ops]) => n + ops.length, 0);
  const searchText = (tag: string, o: (typeof groups)[number][1][number]) =>
    `${o.method} ${o.path} ${o.op.summary ?? ""} ${tag}`;
  return (
    <>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Link
            href="/admin"
            className="text-sm font-medium text-blue-700 hover:underline"
            data-testid="back-to-console"
          >
            ← Back to console
          </Link>
          <span className="text-sm text-slate-700">API reference</span>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl gap-8 px-4 py-8 sm:px-6">
        <nav
          className="sticky top-6 hidden h-[calc(100vh-3rem)] w-64 shrink-0 overflow-y-auto text-sm lg:block"
          aria-label="Operations"
        >
          <Link href="/" className="font-semibold">
            Subscription Contracts
          </Link>
          {groups.map(([tag, ops]) => (
            <div key={tag} className="mt-4" data-op-group>
              <a href={`#${tagAnchor(tag)}`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {tag}
              </a>
              <ul className="mt-1 space-y-1">
                {ops.map((o) => (
                  <li key={o.anchor} data-op-search={searchText(tag, o)}>
                    <a href={`#${o.anchor}`} className="flex items-center gap-2 text-slate-700 hover:text-blue-700">
                      <span className="w-12 shrink-0 font-mono text-[10px] font-bold uppercase text-slate-600">
                        {o.method}
                      </span>
                      <span className="truncate">{o.op.summary ?? o.path}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <a href="#schemas" className="mt-4 block text-xs font-semibold uppercase tracking-wide text-slate-500">
            Schemas
          </a>
        </nav>

        <main className="min-w-0 flex-1 space-y-10 break-words">
          <header className="space-y-3">
            <h1 className="text-3xl font-semibold">
              {doc.info.title}{" "}
              <span className="text-base font-normal text-slate-500">API reference · v{doc.info.version}</span>
            </h1>
            {doc.info.description ? <p className="max-w-3xl text-slate-700">{doc.info.description}</p> : null}
            <ul className="space-y-1 text-sm text-slate-700">
              <li>
                Base URL: <code className="rounded bg-slate-100 px-1">{basePath}</code> on this host; paths end in{" "}
                <code>/</code> (the form without it works too).
              </li>
              <li>
                Authentication: <code className="rounded bg-slate-100 px-1">Authorization: Api-Key &lt;key&gt;</code>.
                Missing or invalid keys get 401, a public key on a secret-key operation gets 403.
              </li>
              <li>
                Lists answer an array, or <code>{"{count, next, previous, results}"}</code> when <code>page_size</code>{" "}
                is sent.
              </li>
              <li>
                Machine-readable:{" "}
                <a href={OPENAPI_URL} className="font-medium text-blue-700 hover:underline" data-testid="openapi-link">
                  OpenAPI {doc.openapi} document ({OPENAPI_URL})
                </a>
                . Operations marked{" "}
                <span className="rounded-full bg-purple-100 px-2 text-xs text-purple-800">x-extension</span> are
                additions beyond the published specification.
              </li>
            </ul>
            <ApiSearch total={total} />
          </header>

          {groups.map(([tag, ops]) => (
            <section
              key={tag}
              id={tagAnchor(tag)}
              className="scroll-mt-6 space-y-4"
              data-testid="tag-section"
              data-op-group
            >
              <h2 className="text-2xl font-semibold">{tag}</h2>
              <ul className="space-y-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
                {ops.map((o) => (
                  <li key={o.anchor} data-op-search={searchText(tag, o)}>
                    <a
                      href={`#${o.anchor}`}
                      className="flex flex-wrap items-center gap-x-3 gap-y-1 hover:text-blue-700"
                    >
                      <MethodBadge method={o.method} />
                      <code className="min-w-0 break-all font-mono">{o.path}</code>
                      <span className="text-slate-500">{o.op.summary}</span>
                    </a>
                  </li>
                ))}
              </ul>
              {ops.map((o) => (
                <OperationCard key={o.anchor} doc={doc} entry={o} basePath={basePath} searchText={searchText(tag, o)} />
              ))}
            </section>
          ))}

          <section id="schemas" className="scroll-mt-6 space-y-4">
            <h2 className="text-2xl font-semibold">Schemas</h2>
            {schemas.map(([name, schema]) => (
              <article
                key={name}
                id={schemaAnchor(name)}
                className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
              >
                <h3 className="mb-1 break-all font-mono font-semibold">{name}</h3>
                {schema.description ? <p className="mb-2 text-sm text-slate-600">{schema.description}</p> : null}
                <SchemaView doc={doc} schema={schema} />
              </article>
            ))}
          </section>
          <p className="text-sm text-slate-500">
            Source:{" "}
            <a href={OPENAPI_URL} className="text-blue-700 hover:underline">
              {OPENAPI_URL}
            </a>
          </p>
        </main>
      </div>
    </>
  );
}
