"use client";
// "Explain <amount>": the chain behind a run line or a projected line (price version in effect, quantity,
// override or discount, proration factor with its dates, tax rule, rounding), read from the line's fields
// and its explanation text exactly as the API returns it (lines[].description, the pricing engine's words).
// This is the button; the dialog (ExplainDialog.tsx) loads when it is pressed, not with the page.
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { DialogLoading } from "@/components/ui/DialogLoading";
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
      {/* what a dialog trigger says: it opens a dialog, and whether that is open */}
      <Button
        variant="link"
        className="text-sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Explain <Money amount={line.line_total_amount} currency={currency} />
      </Button>
      {open ? <ExplainDialog line={line} currency={currency} onOpenChange={setOpen} /> : null}
    </>
  );
}
