"use client";
// A customer's personal data on request: "Export personal data" downloads everything held about them as JSON
// (any console user: it shows what the pages already show); "Erase personal data" erases it after the reference
// is typed as confirmation (not for read-only users). What erasure changes: docs/api-notes.md.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { formErrorOf } from "@/components/ui/errors";

export function PersonalDataActions({ reference }: { reference: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [exporting, setExporting] = useState(false);
  const erase = useMutation(
    trpc.customers.erasePersonalData.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        await queryClient.invalidateQueries();
      },
    }),
  );
  const download = async () => {
    setExporting(true);
    try {
      const data = await queryClient.fetchQuery(trpc.customers.personalData.queryOptions({ reference }));
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const a = Object.assign(document.createElement("a"), { href: url, download: `personal-data-${reference}.json` });
      a.click();
      URL.revokeObjectURL(url);
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button onClick={download} disabled={exporting} aria-busy={exporting || undefined}>
        {exporting ? "Exporting…" : "Export personal data"}
      </Button>
      <Button
        variant="dangerSecondary"
        onClick={() => {
          erase.reset();
          setTyped("");
          setOpen(true);
        }}
        writeAction="erase customers' personal data"
      >
        Erase personal data
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Erase this customer's personal data?"
        testId="erase-personal-data-dialog"
        description="Name, e-mail, addresses, metadata values and card details are replaced, payment methods are detached and stored event payloads are scrubbed. Runs and receipts keep their numbers and amounts. This cannot be undone."
        confirmLabel="Erase personal data"
        pendingLabel="Erasing…"
        tone="danger"
        pending={erase.isPending}
        confirmDisabled={typed !== reference}
        error={erase.error ? formErrorOf(erase.error, []) : null}
        writeAction="erase customers' personal data"
        onConfirm={() => erase.mutate({ reference })}
      >
        <label className="block text-sm font-medium" htmlFor="erase-confirmation">
          Type the customer reference <span className="font-mono">{reference}</span> to confirm
        </label>
        <input
          id="erase-confirmation"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          className="mt-1 w-full rounded border border-slate-300 px-2 py-1 font-mono text-sm"
        />
      </ConfirmDialog>
    </>
  );
}
