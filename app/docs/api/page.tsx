// The REST API reference's overview: conventions, search over every operation, and the resources, each
// on its own page (/docs/api/<resource>) rendered from the same OpenAPI document as /api/v2/openapi.json.
import type { Metadata } from "next";
import Link from "next/link";
import { ApiSearch } from "@/components/docs/ApiSearch";
import { ApiSidebar } from "@/components/docs/ApiSidebar";
import { MethodBadge } from "@/components/docs/MethodBadge";
import { reference, resourceHref } from "@/components/docs/reference";

export const metadata: Metadata = { title: "API reference · Subscription Contracts V2" };

const OPENAPI_URL = "/api/v2/openapi.json";

export default function ApiReferencePage() {
  const { doc, resources } = reference();
  const basePath = doc.servers?.[0]?.url ?? "";
  const total = resources.reduce((n, resource) => n + resource.operations.length, 0);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row lg:gap-8">
      <ApiSidebar resources={resources} />
      <main className="min-w-0 flex-1 space-y-8 break-words">
        <header className="space-y-3">
          <h1 className="text-2xl font-semibold sm:text-3xl">
            {doc.info.title}{" "}
            <span className="text-base font-normal text-slate-600">API reference · v{doc.info.version}</span>
          </h1>
          {doc.info.description ? <p className="max-w-3xl text-slate-700">{doc.info.description}</p> : null}
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>
              Base URL: <code className="rounded bg-slate-100 px-1">{basePath}</code> on this host; paths end in{" "}
              <code>/</code> (the form without it works too).
            </li>
            <li>
              Authentication: <code className="rounded bg-slate-100 px-1">Authorization: Api-Key &lt;key&gt;</code>.
              Missing or invalid keys get 401, a public key on a secret-key operation gets 403.
            </li>
            <li>
              Lists answer an array, or <code>{"{count, next, previous, results}"}</code> when <code>page_size</code> is
              sent. Errors: 400 <code>{"{field: [messages]}"}</code>, 404 <code>{"{detail}"}</code> (
              <Link href="/docs/guides/idempotency-and-errors" className="text-blue-700 underline">
                idempotency and errors
              </Link>
              ).
            </li>
            <li>
              Machine-readable:{" "}
              <a href={OPENAPI_URL} className="font-medium text-blue-700 hover:underline" data-testid="openapi-link">
                OpenAPI {doc.openapi} document ({OPENAPI_URL})
              </a>
              ; typed client: the{" "}
              <Link href="/docs/guides/quickstart" className="text-blue-700 underline">
                TypeScript SDK
              </Link>
              . Operations marked{" "}
              <span className="rounded-full bg-purple-100 px-2 text-xs text-purple-800">x-extension</span> are additions
              beyond the published specification.
            </li>
          </ul>
          <ApiSearch total={total} />
        </header>

        {resources.map((resource) => (
          <section key={resource.slug} className="space-y-2" data-testid="tag-section">
            <h2 className="text-xl font-semibold">
              <Link href={resourceHref(resource)} className="hover:text-blue-700 hover:underline">
                {resource.tag}
              </Link>
            </h2>
            <ul className="space-y-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
              {resource.operations.map((entry) => (
                <li key={entry.anchor}>
                  <Link
                    href={resourceHref(resource, entry.anchor)}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 hover:text-blue-700"
                  >
                    <MethodBadge method={entry.method} />
                    <code className="min-w-0 break-all font-mono">{entry.path}</code>
                    <span className="text-slate-600">{entry.op.summary}</span>
                    {entry.op["x-extension"] ? (
                      <span className="rounded-full bg-purple-100 px-2 text-xs text-purple-800">x-extension</span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
    </div>
  );
}
