"use client";
// The contract page's header: name and id, state chip, the one or two actions that fit the state as
// buttons, the rest in the actions menu; each opens its dialog (preview pattern where it applies).
import dynamic from "next/dynamic";
import { useState } from "react";
import type { ActionItem } from "@/components/ui/ActionsMenu";
import { Button } from "@/components/ui/Button";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { PageHeader } from "@/components/ui/PageHeader";
import type { ContractOut } from "@/server/schemas/contracts";

// every dialog loads when it opens, not with the page (bench:admin's JS per page): Radix Dialog, the
// operation preview and the forms
const AddItemDialog = dynamic(() => import("./ItemDialogs").then((m) => m.AddItemDialog), {
  ssr: false,
  loading: DialogLoading,
});
const CancelDialog = dynamic(() => import("./LifecycleDialogs").then((m) => m.CancelDialog), {
  ssr: false,
  loading: DialogLoading,
});
const PauseDialog = dynamic(() => import("./LifecycleDialogs").then((m) => m.PauseDialog), {
  ssr: false,
  loading: DialogLoading,
});
const ResumeDialog = dynamic(() => import("./LifecycleDialogs").then((m) => m.ResumeDialog), {
  ssr: false,
  loading: DialogLoading,
});
const RestartDialog = dynamic(() => import("./LifecycleDialogs").then((m) => m.RestartDialog), {
  ssr: false,
  loading: DialogLoading,
});
const ActivateDialog = dynamic(() => import("./SimpleDialogs").then((m) => m.ActivateDialog), {
  ssr: false,
  loading: DialogLoading,
});
const AddCreditDialog = dynamic(() => import("./SimpleDialogs").then((m) => m.AddCreditDialog), {
  ssr: false,
  loading: DialogLoading,
});
const EditMetadataDialog = dynamic(() => import("./SimpleDialogs").then((m) => m.EditMetadataDialog), {
  ssr: false,
  loading: DialogLoading,
});
const RotateSubscriberLinkDialog = dynamic(() => import("./SimpleDialogs").then((m) => m.RotateSubscriberLinkDialog), {
  ssr: false,
  loading: DialogLoading,
});

type DialogName =
  | "add"
  | "cancel"
  | "pause"
  | "resume"
  | "restart"
  | "activate"
  | "credit"
  | "metadata"
  | "rotate"
  | null;

export function ContractHeader({ contract: c }: { contract: ContractOut }) {
  const [open, setOpen] = useState<DialogName>(null);
  const props = (name: Exclude<DialogName, null>) => ({
    open: open === name,
    onOpenChange: (o: boolean) => setOpen(o ? name : null),
    contractId: c.id,
    currency: c.currency,
  });
  const pendingCancel = c.state === "active" && (c.cancel_at_period_end || !!c.cancel_at);
  const can = {
    activate: c.state === "inactive",
    add: c.state === "active" || c.state === "paused",
    cancel: c.state === "active" && !pendingCancel,
    restart: c.state === "canceled" || pendingCancel,
    pause: c.state === "active",
    resume: c.state === "paused",
  };
  // writeAction: what a read-only user is told they cannot do (the button or item is disabled for them)
  const primary: { name: Exclude<DialogName, null>; label: string; writeAction: string }[] = [];
  if (can.activate) primary.push({ name: "activate", label: "Activate contract", writeAction: "activate contracts" });
  if (can.restart) primary.push({ name: "restart", label: "Restart contract", writeAction: "restart contracts" });
  if (can.resume) primary.push({ name: "resume", label: "Resume contract", writeAction: "resume contracts" });
  if (can.add) primary.push({ name: "add", label: "Add item", writeAction: "add items" });
  const menu: ActionItem[] = [
    ...primary.slice(2).map((a) => ({ label: a.label, onSelect: () => setOpen(a.name), writeAction: a.writeAction })),
    ...(can.pause
      ? [{ label: "Pause contract", onSelect: () => setOpen("pause"), writeAction: "pause contracts" }]
      : []),
    { label: "Add credit", onSelect: () => setOpen("credit"), writeAction: "add credit" },
    { label: "Edit metadata", onSelect: () => setOpen("metadata"), writeAction: "edit metadata" },
    { label: "Open subscriber page", href: c.subscriber_page },
    { label: "Rotate subscriber link", onSelect: () => setOpen("rotate"), writeAction: "rotate subscriber links" },
    ...(can.cancel
      ? [{ label: "Cancel contract", onSelect: () => setOpen("cancel"), danger: true, writeAction: "cancel contracts" }]
      : []),
  ];
  const name = c.customer.name ?? c.customer.reference;
  return (
    <>
      <PageHeader
        title={`${name} — contract ${c.id}`}
        id={String(c.id)}
        idLabel="contract id"
        status={c.state}
        description={`${c.currency} · ${c.recurring ? "recurring" : "one-time"} · version ${c.contract_version}${pendingCancel ? " · cancellation pending" : ""}`}
        actions={primary.slice(0, 2).map((a, i) => (
          <Button
            key={a.name}
            variant={i === 0 ? "primary" : "secondary"}
            onClick={() => setOpen(a.name)}
            writeAction={a.writeAction}
          >
            {a.label}
          </Button>
        ))}
        menu={menu}
      />
      {open === "add" ? <AddItemDialog {...props("add")} /> : null}
      {open === "cancel" ? <CancelDialog {...props("cancel")} /> : null}
      {open === "pause" ? <PauseDialog {...props("pause")} /> : null}
      {open === "resume" ? <ResumeDialog {...props("resume")} /> : null}
      {open === "restart" ? <RestartDialog {...props("restart")} /> : null}
      {open === "activate" ? <ActivateDialog {...props("activate")} /> : null}
      {open === "credit" ? <AddCreditDialog {...props("credit")} /> : null}
      {open === "metadata" ? <EditMetadataDialog {...props("metadata")} metadata={c.metadata} /> : null}
      {open === "rotate" ? <RotateSubscriberLinkDialog {...props("rotate")} /> : null}
    </>
  );
}
