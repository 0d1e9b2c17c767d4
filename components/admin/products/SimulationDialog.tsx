"use client";
import type { RouterOutputs } from "@/components/trpc/types";
// What a price change does (SchedulePriceVersionForm's Simulate): the billing engine's simulation in a
// dialog that schedules the version on confirm. Its own module so that it loads when shown.
import { ConfirmDialog } from "@/components/ui/Dialog";
import { PriceSimulation } from "./PriceSimulation";

export function SimulationDialog({
  simulation,
  onClose,
  pending,
  error,
  onConfirm,
}: {
  simulation: RouterOutputs["catalog"]["prices"]["simulateVersion"];
  onClose: () => void;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="What this price change does"
      description="Computed by the billing engine from the contracts on this price as they are now. Nothing is changed until you schedule the version."
      confirmLabel="Schedule version"
      writeAction="schedule price versions"
      cancelLabel="Not now"
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      testId="simulation-dialog"
    >
      <PriceSimulation simulation={simulation} />
    </ConfirmDialog>
  );
}
