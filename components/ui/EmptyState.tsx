// What an empty list says, and how to create the first one.
//
//   <EmptyState title="No contracts yet" message="Contracts appear here once a customer subscribes."
//     action={{ href: "/admin/contracts/new", label: "Create the first contract" }} />
import Link from "next/link";
import { buttonClass } from "./buttonClass";

export function EmptyState({
  title,
  message,
  action,
  testId = "empty-state",
}: {
  title?: string;
  message: string;
  action?: { href: string; label: string };
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-5 text-center sm:px-6 sm:py-10"
    >
      {title ? <p className="font-medium text-slate-900">{title}</p> : null}
      <p className="mt-1 text-sm text-slate-700">{message}</p>
      {action ? (
        <Link href={action.href} className={`${buttonClass("primary")} mt-4 inline-block`}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
