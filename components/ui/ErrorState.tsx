"use client";
// A failed load: what went wrong, in words, and a retry when the caller can offer one.
//
//   if (q.error) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
import { Button } from "./Button";
import { trpcErrorCode } from "./errors";

export function ErrorState({
  error,
  title = "Could not load this",
  onRetry,
  testId = "query-error",
}: {
  error?: unknown;
  title?: string;
  onRetry?: () => void;
  testId?: string;
}) {
  const code = trpcErrorCode(error);
  const message =
    code === "NOT_FOUND"
      ? "Not found."
      : code === "FORBIDDEN"
        ? "Your role does not allow this."
        : (error as Error)?.message || "Something went wrong.";
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1">{message}</p>
      {onRetry ? (
        <Button onClick={onRetry} variant="dangerSecondary" size="sm" className="mt-2">
          Try again
        </Button>
      ) : null}
    </div>
  );
}
