// The body of a 404 page: what happened in words and the way back.
//
//   <NotFoundPanel backHref="/admin" backLabel="Back to the dashboard" />
import Link from "next/link";
import { buttonClass } from "./buttonClass";

export function NotFoundPanel({
  backHref,
  backLabel,
  message = "This page does not exist, or it belongs to another account.",
}: {
  backHref: string;
  backLabel: string;
  message?: string;
}) {
  return (
    <section
      data-testid="not-found"
      aria-labelledby="not-found-title"
      className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <p className="text-sm font-semibold text-slate-700">Error 404</p>
      <h1 id="not-found-title" className="mt-2 text-2xl font-semibold text-slate-900">
        Page not found
      </h1>
      <p className="mt-2 text-sm text-slate-700">{message}</p>
      <Link href={backHref} className={`${buttonClass("primary")} mt-6 inline-block`}>
        {backLabel}
      </Link>
    </section>
  );
}
