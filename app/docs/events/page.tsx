// Events reference: every event type the service emits (server/domain/events/outbox.ts EVENT_TYPES), when,
// its payload's fields and an example delivery body.
import type { Metadata } from "next";
import Link from "next/link";
import { CodeBlock } from "@/components/docs/CodeBlock";
import { eventViews } from "@/components/docs/events";
import { OnDemand } from "@/components/docs/OnDemand";

export const metadata: Metadata = { title: "Events · Subscription Contracts V2" };

const anchorOf = (type: string) => `event-${type.replace(/[^a-z0-9]+/g, "-")}`;

export default function EventsPage() {
  const events = eventViews();
  return (
    <main className="mx-auto max-w-4xl space-y-6 break-words px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold sm:text-3xl">Events</h1>
      <p className="text-slate-700">
        Every event is delivered to your webhook endpoints as <code>{"{id, type, created_at, data}"}</code>, signed (see
        the{" "}
        <Link href="/docs/guides/webhooks" className="text-blue-700 underline">
          webhooks guide
        </Link>
        ). Delivery is at least once and not ordered: deduplicate by <code>id</code> and read the current state with the
        API when order matters.
      </p>
      <nav aria-label="Event types">
        <ul className="flex flex-wrap gap-2 text-sm">
          {events.map((event) => (
            <li key={event.type}>
              <a
                href={`#${anchorOf(event.type)}`}
                className="rounded bg-white px-2 py-1 font-mono text-xs text-blue-700 shadow-sm hover:underline"
              >
                {event.type}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {events.map((event) => (
        <section
          key={event.type}
          id={anchorOf(event.type)}
          className="min-w-0 scroll-mt-6 space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="event-type"
        >
          <h2 className="break-all font-mono text-lg font-semibold">{event.type}</h2>
          <p className="text-slate-700">{event.when}</p>
          {event.dataNote ? <p className="text-sm text-slate-600">{event.dataNote}</p> : null}
          <OnDemand
            src="/docs/events/details.json"
            part={{ kind: "event", type: event.type }}
            summary={<span className="font-medium text-slate-800">Fields of data</span>}
            className="text-sm"
          />
          <CodeBlock code={JSON.stringify(event.example, null, 2)} label={`Example ${event.type} payload`} />
        </section>
      ))}
    </main>
  );
}
