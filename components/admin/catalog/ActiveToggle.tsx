"use client";
// Deactivate (with a confirmation saying what changes) or reactivate a catalog record.
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/Dialog";

export function ActiveToggle({
  active,
  what,
  consequence,
  pending,
  onChange,
  error,
}: {
  active: boolean;
  what: string;
  consequence: string;
  pending: boolean;
  onChange: (active: boolean) => void;
  error?: string;
}) {
  const [open, setOpen] = useState(false);
  if (!active) {
    return (
      <Button size="xs" disabled={pending} onClick={() => onChange(true)} writeAction={`activate ${what}s`}>
        Activate {what}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={`Deactivate ${what}?`}
      description={consequence}
      tone="danger"
      confirmLabel={`Deactivate ${what}`}
      pendingLabel="Deactivating…"
      pending={pending}
      error={error}
      onConfirm={() => onChange(false)}
      trigger={
        <Button size="xs" writeAction={`deactivate ${what}s`}>
          Deactivate {what}
        </Button>
      }
    />
  );
}
