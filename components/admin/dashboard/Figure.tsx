// One dashboard number as a link to the list it counts: the link's name is the label and the value.
import Link from "next/link";

export function Figure({
  label,
  href,
  children,
  testId,
}: {
  label: string;
  href: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Link
      href={href}
      data-testid={testId}
      className="block rounded-md border border-slate-200 bg-white px-4 py-3 hover:border-blue-400 hover:shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-600"
    >
      <span className="block text-xs font-medium uppercase tracking-wide text-slate-700">{label}</span>
      <span className="mt-1 block text-xl font-semibold text-slate-900">{children}</span>
    </Link>
  );
}

/** A figure still loading (its group's query is in flight): the same box, no link yet. */
export function FigurePlaceholder({ label }: { label: string }) {
  return (
    <div className="rounded-md border border-slate-200 bg-white px-4 py-3" aria-busy="true">
      <span className="block text-xs font-medium uppercase tracking-wide text-slate-700">{label}</span>
      <span className="mt-2 block h-6 w-20 animate-pulse rounded bg-slate-200" />
    </div>
  );
}
