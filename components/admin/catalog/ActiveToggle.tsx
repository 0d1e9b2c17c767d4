"use client";
// Deactivate (with a confirmation saying what changes) or reactivate a catalog record.
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/Dialog";

/** The small buttons of a catalog row's actions. */
export const rowButtonClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50";

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
      <button type="button" className={rowButtonClass} disabled={pending} onClick={() => onChange(true)}>
        Activate {what}
      </button>
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
        <button type="button" className={rowButtonClass}>
          Deactivate {what}
        </button>
      }
    />
  );
}
