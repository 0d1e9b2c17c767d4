"use client";
// "Request a card": a secure link for the customer to add or replace a card (the hosted card form, open a
// week), to copy and send; e-mailed to the customer when notice mails are configured.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { DateTime } from "@/components/ui/DateTime";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { formErrorOf } from "@/components/ui/errors";

export function RequestCard({ reference }: { reference: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const request = useMutation(
    trpc.customers.requestCard.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.customers.activity.queryFilter({ reference })),
    }),
  );
  const link = request.data;
  return (
    <>
      <Button
        onClick={() => {
          request.reset();
          setOpen(true);
        }}
        size="sm"
        writeAction="request cards from customers"
      >
        Request a card
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Request a card from the customer"
        testId="request-card-dialog"
        description="A secure page where the customer adds a card (it replaces their card at that processor). Nothing is charged; the card is checked with a zero-amount authorisation."
        confirmLabel={link ? "Create another link" : "Create link"}
        pendingLabel="Creating…"
        cancelLabel="Close"
        pending={request.isPending}
        error={request.error ? formErrorOf(request.error, []) : null}
        onConfirm={() => request.mutate({ reference })}
      >
        {link ? (
          <div className="space-y-2 text-sm" data-testid="card-request-link">
            <label className="block font-medium" htmlFor="card-request-url">
              Link for the customer
            </label>
            <div className="flex items-center gap-2">
              <input
                id="card-request-url"
                readOnly
                value={link.url}
                className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={link.url} what="card link" />
            </div>
            <p className="text-slate-700">
              Works until <DateTime value={link.expires_at} />.{" "}
              {link.emailed_to
                ? `E-mailed to ${link.emailed_to}.`
                : "Not e-mailed (no e-mail sender is configured, or the customer has no e-mail): send it yourself."}
            </p>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
