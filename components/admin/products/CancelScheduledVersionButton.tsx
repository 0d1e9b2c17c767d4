"use client";
// "Cancel scheduled version" for a version that has not started: a confirmation saying what stays in effect.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { PriceVersion } from "@/components/trpc/types";
import { DateTime } from "@/components/ui/DateTime";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { Money } from "@/components/ui/Money";
import { toast } from "@/components/ui/Toaster";

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
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation(
    trpc.catalog.prices.cancelScheduledVersion.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast.success("Scheduled price version cancelled");
        await queryClient.invalidateQueries(trpc.catalog.pathFilter());
      },
    }),
  );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Cancel scheduled version?"
      tone="danger"
      confirmLabel="Cancel scheduled version"
      pendingLabel="Cancelling…"
      pending={cancel.isPending}
      error={cancel.error?.message}
      onConfirm={() => cancel.mutate({ price_id: priceId, version_id: version.id })}
      description={
        <>
          The change to <Money amount={version.unit_amount} currency={currency} /> from{" "}
          <DateTime value={version.effective_from} /> will not happen; the amount before it stays in effect.
        </>
      }
      trigger={
        <button
          type="button"
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50"
        >
          Cancel scheduled version
        </button>
      }
    />
  );
}
