"use client";
import { ErrorState } from "@/components/ui/ErrorState";

export default function AnalyticsError({ error, reset }: { error: Error; reset: () => void }) {
  return <ErrorState error={error} title="Could not load analytics" onRetry={reset} />;
}
