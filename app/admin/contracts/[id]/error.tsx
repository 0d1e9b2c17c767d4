"use client";
import { ErrorState } from "@/components/ui/ErrorState";

export default function ContractError({ error, reset }: { error: Error; reset: () => void }) {
  return <ErrorState error={error} title="Could not load this contract" onRetry={reset} />;
}
