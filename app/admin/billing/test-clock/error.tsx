"use client";
import { ErrorState } from "@/components/ui/ErrorState";

export default function TestClockError({ error, reset }: { error: Error; reset: () => void }) {
  return <ErrorState error={error} title="Could not load the test clock" onRetry={reset} />;
}
