"use client";
import { ErrorState } from "@/components/ui/ErrorState";

export default function DashboardError({ error, reset }: { error: Error; reset: () => void }) {
  return <ErrorState error={error} title="Could not load the dashboard" onRetry={reset} />;
}
