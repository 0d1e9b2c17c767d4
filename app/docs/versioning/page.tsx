// How the API evolves, and the changelog.
import type { Metadata } from "next";
import { CHANGELOG } from "@/components/docs/changelog";

export const metadata: Metadata = { title: "Versioning · Subscription Contracts V2" };

export default function VersioningPage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 break-words px-4 py-8 text-slate-800 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Versioning policy</h1>
      <ul className="list-disc space-y-2 pl-5">
        <li>
          The version is in the path: every operation lives under <code>/api/v2/</code> (document version 2.x). A
          breaking change would come under a new major path; <code>/v2/</code> keeps its meaning.
        </li>
        <li>
          Within v2 changes are additive: new operations, new optional request fields, new response fields, new event
          types and new enum values. Write clients that ignore unknown fields and event types (the SDK does).
        </li>
        <li>
          Nothing is removed without notice: a deprecated operation is marked <code>deprecated: true</code> with an{" "}
          <code>x-deprecation</code> note (what to use instead, and from when it stops working) in{" "}
          <a href="/api/v2/openapi.json" className="text-blue-700 underline">
            the OpenAPI document
          </a>
          , shown in the API reference, and listed below at least six months before removal.
        </li>
        <li>
          Additions beyond the published specification are marked <code>x-extension</code>; they follow the same rules.
        </li>
        <li>The SDK&apos;s major version follows the API&apos;s; its minor versions add what the document adds.</li>
      </ul>
      <h2 className="text-xl font-semibold text-slate-900">Changelog</h2>
      <ol className="space-y-4">
        {CHANGELOG.map((entry) => (
          <li key={entry.date} data-testid="changelog-entry">
            <h3 className="font-mono font-semibold">{entry.date}</h3>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {entry.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </main>
  );
}
