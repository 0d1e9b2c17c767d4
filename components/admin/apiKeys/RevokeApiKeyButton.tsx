"use client";
// Revoking a key: a dialog says exactly what stops working, then one explicit confirmation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { formErrorOf } from "@/components/ui/errors";
import { toast } from "@/components/ui/Toaster";

export function RevokeApiKeyButton({ id, prefix, name }: { id: number; prefix: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast.success(`API key ${prefix}… revoked`);
        await queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
      },
    }),
  );
  const label = name ? `${name} (${prefix}…)` : `${prefix}…`;
  return (
    <>
      <Button
        onClick={() => {
          revoke.reset();
          setOpen(true);
        }}
        aria-label={`Revoke API key ${label}`}
        variant="dangerSecondary"
        size="xs"
        writeAction="revoke API keys"
      >
        Revoke
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Revoke API key ${label}?`}
        tone="danger"
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        description="Every request sent with this key is refused (401) from now on. This cannot be undone: create a new key to replace it."
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate({ id })}
        error={formErrorOf(revoke.error, [])}
      />
    </>
  );
}
