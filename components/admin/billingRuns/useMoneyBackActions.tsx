"use client";
// What a seller can do about the money of a run, by its state (docs/decisions.md, "Money going back"):
//  - paid (succeeded): "Refund" and "Issue credit note", while anything can still go back;
//  - unpaid (scheduled, failed, exhausted, written off): "Mark as paid" as a button, "Void run" in the menu;
//  - failed or exhausted: also "Write off" in the menu.
// The header shows the buttons and the menu; each opens its dialog (mounted only while open).
import dynamic from "next/dynamic";
import { useState } from "react";
import type { ActionItem } from "@/components/ui/ActionsMenu";
import { Button } from "@/components/ui/Button";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { remainingOf } from "./remaining";
import type { Run } from "./runDetailColumns";

// the dialogs load when one is opened, not with the page (bench:admin's JavaScript per page)
const CreditDialog = dynamic(() => import("./CreditDialog").then((m) => m.CreditDialog), {
  ssr: false,
  loading: DialogLoading,
});
const MarkPaidDialog = dynamic(() => import("./UnpaidRunDialogs").then((m) => m.MarkPaidDialog), {
  ssr: false,
  loading: DialogLoading,
});
const VoidRunDialog = dynamic(() => import("./UnpaidRunDialogs").then((m) => m.VoidRunDialog), {
  ssr: false,
  loading: DialogLoading,
});
const WriteOffDialog = dynamic(() => import("./UnpaidRunDialogs").then((m) => m.WriteOffDialog), {
  ssr: false,
  loading: DialogLoading,
});

type DialogName = "refund" | "credit" | "void" | "markPaid" | "writeOff";

const UNPAID = new Set(["scheduled", "failed", "exhausted", "written_off"]);
const WRITABLE_OFF = new Set(["failed", "exhausted"]);

export function useMoneyBackActions(run: Run) {
  const [open, setOpen] = useState<DialogName | null>(null);
  const props = (name: DialogName) => ({
    run,
    open: open === name,
    onOpenChange: (o: boolean) => setOpen(o ? name : null),
  });
  const paid = run.state === "succeeded" && Number(remainingOf(run)) > 0;
  const unpaid = UNPAID.has(run.state);
  const actions = (
    <>
      {paid ? (
        <>
          <Button variant="primary" onClick={() => setOpen("refund")} writeAction="refund payments">
            Refund
          </Button>
          <Button onClick={() => setOpen("credit")} writeAction="issue credit notes">
            Issue credit note
          </Button>
        </>
      ) : null}
      {unpaid ? (
        <Button onClick={() => setOpen("markPaid")} writeAction="record payments">
          Mark as paid
        </Button>
      ) : null}
    </>
  );
  const menu: ActionItem[] = [
    ...(unpaid ? [{ label: "Void run", onSelect: () => setOpen("void"), danger: true, writeAction: "void runs" }] : []),
    ...(WRITABLE_OFF.has(run.state)
      ? [{ label: "Write off", onSelect: () => setOpen("writeOff"), danger: true, writeAction: "write off runs" }]
      : []),
  ];
  const dialogs = (
    <>
      {open === "refund" ? <CreditDialog {...props("refund")} mode="refund" /> : null}
      {open === "credit" ? <CreditDialog {...props("credit")} mode="credit" /> : null}
      {open === "markPaid" ? <MarkPaidDialog {...props("markPaid")} /> : null}
      {open === "void" ? <VoidRunDialog {...props("void")} /> : null}
      {open === "writeOff" ? <WriteOffDialog {...props("writeOff")} /> : null}
    </>
  );
  return { actions, menu, dialogs };
}
