"use client";
// A <details> whose content is rendered only once a reader opens it, from a details JSON the page's route
// serves (/docs/api/<resource>/details.json, /docs/events/details.json), fetched once per page and shared by
// every disclosure on it. Long schemas and examples thereby stay out of the page's HTML (docs pages stay
// under ~300 kB) while each remains one click away.
import { useEffect, useState } from "react";
import type { JsonSchema, OpenApiDoc, Operation } from "./openapi";
import { SchemaView } from "./SchemaView";

/** What a disclosure shows: a named schema, an operation's body or response schema, or an example. */
export type OnDemandPart =
  | { kind: "schema"; name: string }
  | { kind: "body"; operation: string }
  | { kind: "response"; operation: string; status: string }
  | { kind: "request-example"; operation: string }
  | { kind: "response-example"; operation: string; status: string }
  | { kind: "event"; type: string };

interface Details {
  schemas: Record<string, JsonSchema>;
  operations?: Record<string, Operation>;
  events?: Record<string, JsonSchema>;
}

const loads = new Map<string, Promise<Details>>();
const load = (src: string) => {
  let found = loads.get(src);
  if (!found) {
    found = fetch(src).then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))));
    found.catch(() => loads.delete(src)); // a failed load is tried again on the next opening
    loads.set(src, found);
  }
  return found;
};

// JSON where the operation has it, else its one media type (an export's CSV)
const json = (content: Record<string, { schema?: JsonSchema; example?: unknown }> | undefined) =>
  content?.["application/json"] ?? Object.values(content ?? {})[0];

function Part({ details, part }: { details: Details; part: OnDemandPart }) {
  const doc: OpenApiDoc = { openapi: "3.1.0", info: { title: "", version: "" }, paths: {}, components: details };
  const pre = (value: unknown) => (
    <pre tabIndex={0} className="mt-1 max-h-96 max-w-full overflow-auto rounded bg-slate-100 p-3 text-slate-900">
      {typeof value === "string" ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
  if (part.kind === "schema") return <SchemaView doc={doc} schema={details.schemas[part.name] ?? {}} />;
  if (part.kind === "event")
    return <SchemaView doc={doc} schema={details.events?.[part.type] ?? {}} showJson={false} />;
  const op = details.operations?.[part.operation];
  if (part.kind === "body") return <SchemaView doc={doc} schema={json(op?.requestBody?.content)?.schema ?? {}} />;
  if (part.kind === "request-example") return pre(json(op?.requestBody?.content)?.example);
  const response = op?.responses?.[part.status];
  const media = json(response?.content);
  if (part.kind === "response-example") return pre(media?.example);
  return <SchemaView doc={doc} schema={media?.schema ?? {}} />;
}

export function OnDemand({
  src,
  part,
  summary,
  className = "mt-2 text-xs",
}: {
  src: string;
  part: OnDemandPart;
  summary: React.ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [details, setDetails] = useState<Details | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open || details) return;
    setFailed(false);
    load(src).then(setDetails, () => setFailed(true));
  }, [open, details, src]);
  let body: React.ReactNode = null;
  if (open)
    body = details ? (
      <Part details={details} part={part} />
    ) : (
      <p className="mt-1 text-slate-600" role="status">
        {failed ? "Could not load; close and open again to retry." : "Loading…"}
      </p>
    );
  return (
    <details className={className} onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="on-demand">
      <summary className="cursor-pointer text-slate-700 hover:text-slate-900">{summary}</summary>
      <div className="mt-1">{body}</div>
    </details>
  );
}
