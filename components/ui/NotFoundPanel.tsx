// The body of a 404 page: what happened in words and the way back.
//
//   <NotFoundPanel backHref="/admin" backLabel="Back to the dashboard" />
import Link from "next/link";
import { buttonClass } from "./buttonClass";

export function NotFoundPanel({
  backHref,
  backLabel,
  message = "This page does not exist, or it belongs to another account.",
  title = "Page not found",
  error = "Error 404",
}: {
  backHref: string;
  backLabel: string;
  message?: string;
  /** the heading and the line above it, in the page's language (a customer's 404: app/not-found.tsx) */
  title?: string;
  error?: string;
}) {
  return (
    <section
      data-testid="not-found"
      aria-labelledby="not-found-title"
      className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <p className="text-sm font-semibold text-slate-700">{error}</p>
      <h1 id="not-found-title" className="mt-2 text-2xl font-semibold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-sm text-slate-700">{message}</p>
      <Link href={backHref} className={`${buttonClass("primary")} mt-6 inline-block`}>
        {backLabel}
      </Link>
    </section>
  );
}
