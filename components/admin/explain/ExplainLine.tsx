"use client";
// "Explain <amount>": the chain behind a run line or a projected line (price version in effect, quantity,
// override or discount, proration factor with its dates, tax rule, rounding), read from the line's fields
// and its explanation text exactly as the API returns it (lines[].description, the pricing engine's words).
// This is the button; the dialog (ExplainDialog.tsx) loads when it is pressed, not with the page.
import dynamic from "next/dynamic";
import { useState } from "react";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { DialogTriggerButton } from "@/components/ui/DialogTriggerButton";
import { Money } from "@/components/ui/Money";
import type { ExplainableLine } from "./explainableLine";

const ExplainDialog = dynamic(() => import("./ExplainDialog").then((m) => m.ExplainDialog), {
  ssr: false,
  loading: DialogLoading,
});

export function ExplainLine({ line, currency }: { line: ExplainableLine; currency: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DialogTriggerButton variant="link" className="text-sm" open={open} onOpen={() => setOpen(true)}>
        Explain <Money amount={line.line_total_amount} currency={currency} />
      </DialogTriggerButton>
      {open ? <ExplainDialog line={line} currency={currency} onOpenChange={setOpen} /> : null}
    </>
  );
}
