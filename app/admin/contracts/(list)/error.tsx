"use client";
import { ErrorState } from "@/components/ui/ErrorState";

export default function ContractsError({ error, reset }: { error: Error; reset: () => void }) {
  return <ErrorState error={error} title="Could not load contracts" onRetry={reset} />;
}
