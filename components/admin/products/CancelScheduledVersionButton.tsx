"use client";
// "Cancel scheduled version" for a version that has not started: a confirmation saying what stays in effect.
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { PriceVersion } from "@/components/trpc/types";
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { Money } from "@/components/ui/Money";
import { mutationProgress, useCloseOnSuccess } from "@/components/ui/mutationDialog";

export function CancelScheduledVersionButton({
  priceId,
  currency,
  version,
}: {
  priceId: number;
  currency: string;
  version: PriceVersion;
}) {
  const trpc = useTRPC();
  const { dialog, onSuccess } = useCloseOnSuccess({
    toast: "Scheduled price version cancelled",
    refresh: trpc.catalog.pathFilter(),
  });
  const cancel = useMutation(trpc.catalog.prices.cancelScheduledVersion.mutationOptions({ onSuccess }));
  return (
    <ConfirmDialog
      {...dialog}
      {...mutationProgress(cancel, "Cancelling…")}
      title="Cancel scheduled version?"
      tone="danger"
      confirmLabel="Cancel scheduled version"
      onConfirm={() => cancel.mutate({ price_id: priceId, version_id: version.id })}
      description={
        <>
          The change to <Money amount={version.unit_amount} currency={currency} /> from{" "}
          <DateTime value={version.effective_from} /> will not happen; the amount before it stays in effect.
        </>
      }
      trigger={
        <Button size="xs" writeAction="cancel scheduled price versions">
          Cancel scheduled version
        </Button>
      }
    />
  );
}
