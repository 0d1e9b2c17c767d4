"use client";
import { ErrorState } from "@/components/ui/ErrorState";

export default function BillingRunsError({ error, reset }: { error: Error; reset: () => void }) {
  return <ErrorState error={error} title="Could not load billing runs" onRetry={reset} />;
}
