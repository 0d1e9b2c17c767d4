"use client";
// The run's two actions: retry a failed or exhausted payment now, and apply the contract's credit to a
// run still waiting for its charge (never automatic, spec 4.6). Both confirm first and say what happens.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { ButtonVariant } from "@/components/ui/buttonClass";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { DialogTriggerButton } from "@/components/ui/DialogTriggerButton";
import { formErrorOf } from "@/components/ui/errors";
import { Money } from "@/components/ui/Money";
import { toast } from "@/components/ui/Toaster";

// the dialog (Radix Dialog) loads when one opens, not with the page (bench:admin's JS per page)
const ConfirmDialog = dynamic(() => import("@/components/ui/Dialog").then((m) => m.ConfirmDialog), {
  ssr: false,
  loading: DialogLoading,
});

const RETRYABLE = new Set(["failed", "exhausted"]);
const CREDITABLE = new Set(["scheduled", "failed", "exhausted"]);

type RunMutation = { reset(): void; isPending: boolean; error: unknown; mutate(input: { id: number }): void };

export function RunActions({
  run,
}: {
  run: { id: number; state: string; currency: string; amount_due: string; customer_reference: string | null };
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [open, setOpen] = useState<"retry" | "credit" | null>(null);
  const done = () => {
    setOpen(null);
    qc.invalidateQueries();
  };
  const retry = useMutation(
    trpc.runs.retry.mutationOptions({
      onSuccess: (r) => {
        done();
        if (r.state === "succeeded") toast.success(`Run ${r.id}: payment succeeded`);
        else toast.error(`Run ${r.id}: payment ${r.state.replace("_", " ")}`);
      },
    }),
  );
  const credit = useMutation(
    trpc.billing.applyCredit.mutationOptions({
      onSuccess: () => {
        done();
        toast.success("Credit applied to the run");
      },
    }),
  );
  // open one dialog at a time; opening or closing it forgets the last error. The button is named for the action
  // and says, as a dialog trigger does, that it opens a dialog and whether it is open.
  const toggle = (kind: "retry" | "credit", mutation: RunMutation) => (o: boolean) => {
    setOpen(o ? kind : null);
    mutation.reset();
  };
  const trigger = (kind: "retry" | "credit", mutation: RunMutation, button: string, variant: ButtonVariant) => (
    <DialogTriggerButton
      variant={variant}
      writeAction={button.toLowerCase()}
      open={open === kind}
      onOpen={() => toggle(kind, mutation)(true)}
    >
      {button}
    </DialogTriggerButton>
  );
  const dialogProps = (kind: "retry" | "credit", mutation: RunMutation) => ({
    open: open === kind,
    onOpenChange: toggle(kind, mutation),
    pending: mutation.isPending,
    error: formErrorOf(mutation.error, []),
    onConfirm: () => mutation.mutate({ id: run.id }),
    testId: `${kind}-dialog`,
  });
  return (
    <>
      {RETRYABLE.has(run.state) ? trigger("retry", retry, "Retry payment", "primary") : null}
      {CREDITABLE.has(run.state) ? trigger("credit", credit, "Apply credit", "secondary") : null}
      {open === "retry" ? (
        <ConfirmDialog
          title="Retry this payment now?"
          {...dialogProps("retry", retry)}
          description={
            <>
              Charges <Money amount={run.amount_due} currency={run.currency} /> to{" "}
              {run.customer_reference ?? "the customer"}&apos;s payment method on file, right away.
            </>
          }
          confirmLabel="Retry payment now"
          pendingLabel="Charging…"
        />
      ) : null}
      {open === "credit" ? (
        <ConfirmDialog
          title="Apply the contract's credit?"
          {...dialogProps("credit", credit)}
          description={
            <>
              Uses the contract&apos;s available credit balance, up to the{" "}
              <Money amount={run.amount_due} currency={run.currency} /> still due on this run; the next charge asks only
              for the rest.
            </>
          }
          confirmLabel="Apply credit"
          pendingLabel="Applying…"
        />
      ) : null}
    </>
  );
}
