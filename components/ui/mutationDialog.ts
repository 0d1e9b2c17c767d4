"use client";
// Wiring a ConfirmDialog to the mutation it confirms:
//
//   const { dialog, onSuccess } = useCloseOnSuccess({ toast: "Version cancelled", refresh: trpc.catalog.pathFilter() });
//   const cancel = useMutation(trpc.catalog.prices.cancelScheduledVersion.mutationOptions({ onSuccess }));
//   <ConfirmDialog {...dialog} {...mutationProgress(cancel, "Cancelling…")} title=… confirmLabel=… onConfirm=… />
import type { InvalidateQueryFilters } from "@tanstack/react-query";
import { useState } from "react";
import { useSuccessFeedback } from "./useResetOnSuccess";

/** The dialog's open state (`dialog`, for its props) and the mutation's `onSuccess`: close the dialog, say
 * `toast`, refresh the queries the answer changes. */
export function useCloseOnSuccess(options: { toast: string; refresh: InvalidateQueryFilters }) {
  const [open, setOpen] = useState(false);
  const feedback = useSuccessFeedback(options.toast, options.refresh);
  const onSuccess = async () => {
    setOpen(false);
    await feedback(undefined);
  };
  return { dialog: { open, onOpenChange: setOpen }, onSuccess };
}

/** What the dialog shows of the running mutation: its confirm button pending (saying `pendingLabel`), its error. */
export const mutationProgress = (
  mutation: { isPending: boolean; error: { message: string } | null },
  pendingLabel: string,
) => ({ pending: mutation.isPending, pendingLabel, error: mutation.error?.message });
