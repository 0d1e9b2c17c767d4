"use client";
// "Create this contract?": what will be charged now and each period (or after the free trial), line by
// line, before the contract is created.
import type { RouterOutputs } from "@/components/trpc/types";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { formatMoney } from "@/components/ui/money";
import { mutationProgress } from "@/components/ui/mutationDialog";
import type { Draft } from "./draft";

type Quote = RouterOutputs["quoteBuilder"]["quote"];

/** The dialog's sentence: the trial and its first charge, or the charge now (or none) and each period's. */
function whatIsCharged(quote: Quote, draft: Draft): string {
  const money = (amount: string) => formatMoney(amount, quote.currency);
  if (quote.trial_end_at && quote.first_charge_amount)
    return `For ${draft.customer}: a free trial, then ${money(quote.first_charge_amount)} at its end and ${money(quote.recurring_total_amount)} each period.`;
  const start =
    draft.initialMode === "create_initial_run"
      ? `${money(quote.total_amount)} is scheduled to be charged now, then`
      : "billing starts at the first billing date:";
  return `For ${draft.customer}: ${start} ${money(quote.recurring_total_amount)} each period.`;
}

export function CreateContractDialog({
  open,
  onOpenChange,
  create,
  draft,
  quote,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  create: { isPending: boolean; error: { message: string } | null };
  draft: Draft;
  quote: Quote | null;
  onConfirm: () => void;
}) {
  const lines: { key: string; product_name: string; quantity: number; line_total_amount: string }[] = quote
    ? [...quote.recurring_items, ...quote.initial_lines]
    : [];
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create this contract?"
      testId="create-contract-dialog"
      confirmLabel="Create contract"
      {...mutationProgress(create, "Creating…")}
      onConfirm={onConfirm}
      description={quote ? whatIsCharged(quote, draft) : undefined}
    >
      {quote ? (
        <ul className="list-inside list-disc text-sm text-slate-800">
          {lines.map((l) => (
            <li key={l.key}>
              {l.product_name} × {l.quantity}: {formatMoney(l.line_total_amount, quote.currency)}
            </li>
          ))}
        </ul>
      ) : null}
    </ConfirmDialog>
  );
}
