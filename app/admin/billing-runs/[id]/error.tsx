"use client";
import { ErrorState } from "@/components/ui/ErrorState";

export default function BillingRunError({ error, reset }: { error: Error; reset: () => void }) {
  return <ErrorState error={error} title="Could not load this billing run" onRetry={reset} />;
}
