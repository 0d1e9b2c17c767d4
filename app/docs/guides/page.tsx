// The guides' index.
import type { Metadata } from "next";
import Link from "next/link";
import { GUIDES } from "@/components/docs/guides/list";

export const metadata: Metadata = { title: "Guides · Subscription Contracts V2" };

export default function GuidesPage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold sm:text-3xl">Guides</h1>
      <p className="text-slate-700">
        Task by task, with code you can copy: every sample on these pages is executed by the service&apos;s test suite.
      </p>
      <ol className="space-y-3">
        {GUIDES.map((guide) => (
          <li key={guide.slug} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="guide-link">
            <Link href={`/docs/guides/${guide.slug}`} className="font-medium text-blue-700 hover:underline">
              {guide.title}
            </Link>
            <p className="text-sm text-slate-700">{guide.summary}</p>
          </li>
        ))}
      </ol>
    </main>
  );
}
