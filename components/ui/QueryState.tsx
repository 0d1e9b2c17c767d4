// Loading and error placeholders for React Query results.
import { trpcErrorCode } from "./errors";

export function Loading({ what }: { what: string }) {
  return <p className="text-sm text-slate-700">Loading {what}…</p>;
}

export function QueryError({ error }: { error: unknown }) {
  const message = trpcErrorCode(error) === "NOT_FOUND" ? "Not found." : (error as Error)?.message || "Could not load.";
  return (
    <p role="alert" data-testid="query-error" className="text-sm text-red-700">
      {message}
    </p>
  );
}
