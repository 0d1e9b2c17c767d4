// The documentation's front page: where to start.
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Documentation · Subscription Contracts V2" };

const SECTIONS = [
  {
    href: "/docs/guides/quickstart",
    title: "Quickstart",
    text: "A contract billed on the test clock in five minutes.",
  },
  { href: "/docs/guides", title: "Guides", text: "Checkout, proration, billing runs, webhooks, test clocks, errors." },
  { href: "/docs/api", title: "API reference", text: "Every operation, by resource, with curl and SDK calls." },
  { href: "/docs/events", title: "Events", text: "Every webhook event type with an example payload." },
  { href: "/docs/versioning", title: "Versioning", text: "How the API evolves, and the changelog." },
];

export default function DocsHome() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold sm:text-3xl">Subscription Contracts V2 documentation</h1>
      <ul className="grid gap-3 sm:grid-cols-2">
        {SECTIONS.map((section) => (
          <li key={section.href} className="rounded-lg border border-slate-200 bg-white p-4">
            <Link href={section.href} className="font-medium text-blue-700 hover:underline">
              {section.title}
            </Link>
            <p className="text-sm text-slate-700">{section.text}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
