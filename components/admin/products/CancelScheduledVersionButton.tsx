"use client";
// "Cancel scheduled version" for a version that has not started: a confirmation saying what stays in effect.
import { useMutation } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTRPC } from "@/components/trpc/client";
import type { PriceVersion } from "@/components/trpc/types";
import { DateTime } from "@/components/ui/DateTime";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { DialogTriggerButton } from "@/components/ui/DialogTriggerButton";
import { Money } from "@/components/ui/Money";
import { mutationProgress, useCloseOnSuccess } from "@/components/ui/mutationDialog";

// the dialog (Radix Dialog) loads when it opens, not with the product page (bench:admin's JS per page)
const ConfirmDialog = dynamic(() => import("@/components/ui/Dialog").then((m) => m.ConfirmDialog), {
  ssr: false,
  loading: DialogLoading,
});

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
    <>
      <DialogTriggerButton
        size="xs"
        writeAction="cancel scheduled price versions"
        open={dialog.open}
        onOpen={() => dialog.onOpenChange(true)}
      >
        Cancel scheduled version
      </DialogTriggerButton>
      {dialog.open ? (
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
        />
      ) : null}
    </>
  );
}
