"use client";
// "Explain <amount>": the chain behind a run line or a projected line (price version in effect, quantity,
// override or discount, proration factor with its dates, tax rule, rounding), read from the line's fields
// and its explanation text exactly as the API returns it (lines[].description, the pricing engine's words).
// The dialog; ExplainLine.tsx is its button, which loads it when pressed.
import { DateTime } from "@/components/ui/DateTime";
import { Dialog } from "@/components/ui/Dialog";
import { Money } from "@/components/ui/Money";
import type { ExplainableLine } from "./explainableLine";

const words = (s: string) => s.replaceAll("_", " ");

/** The parts of the engine's explanation that the line's fields do not carry (discount, tax rule). */
function parsed(description: string) {
  const discount = /x \(1 - ([\d.]+)% discount\)/.exec(description)?.[1] ?? null;
  const tax = /tax ([\d.]+)% (exclusive|inclusive)/.exec(description);
  return {
    override: description.includes("fixed unit amount override"),
    discount,
    taxRule: tax ? `${tax[1]}% ${tax[2]}` : null,
  };
}

export function ExplainDialog({
  line,
  currency,
  onOpenChange,
}: {
  line: ExplainableLine;
  currency: string;
  onOpenChange: (open: boolean) => void;
}) {
  const m = (amount: string) => <Money amount={amount} currency={currency} />;
  const p = parsed(line.description);
  const prorated = line.proration_factor !== "1.000000";
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`How ${line.product_name} is priced`}
      description="Each step of the amount, as the billing engine computed it."
      testId="explain-dialog"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="explain-chain">
        <dt className="font-medium">Price version</dt>
        <dd>
          {p.override
            ? `Fixed unit amount on the contract item (price ${line.price_id})`
            : line.price_version_id
              ? `Price ${line.price_id}, version ${line.price_version_id < 0 ? "proposed" : line.price_version_id} (in effect at the period's start)`
              : `Price ${line.price_id}`}
        </dd>
        <dt className="font-medium">Quantity</dt>
        <dd>
          {line.kind === "usage" ? (
            <>
              {line.usage_quantity ?? line.quantity} used in the period, billed in arrears by the price's pricing model
              (average {m(line.unit_amount)} per unit)
            </>
          ) : (
            <>
              {line.quantity} × {m(line.unit_amount)}
            </>
          )}
        </dd>
        <dt className="font-medium">Discount</dt>
        <dd>{p.discount ? `${p.discount}%` : "None"}</dd>
        <dt className="font-medium">Proration</dt>
        <dd>
          {prorated ? `× ${line.proration_factor}` : "Full period (× 1)"}
          {line.proration_reason ? ` · ${words(line.proration_reason)}` : ""} for{" "}
          <DateTime value={line.service_period_start_at} /> – <DateTime value={line.service_period_end_at} />
        </dd>
        <dt className="font-medium">Amount</dt>
        <dd>{m(line.line_subtotal_amount)} before tax</dd>
        <dt className="font-medium">Tax rule</dt>
        <dd>
          {p.taxRule ? (
            <>
              {p.taxRule}: {m(line.line_tax_amount)}
            </>
          ) : (
            "No tax"
          )}
        </dd>
        <dt className="font-medium">Rounding</dt>
        <dd>The line rounded half-up to 4 decimals once; tax computed on the rounded amount.</dd>
        <dt className="font-medium">Total</dt>
        <dd className="font-medium">{m(line.line_total_amount)}</dd>
      </dl>
      <h3 className="mt-4 text-sm font-medium text-slate-900">As the API explains it</h3>
      <p
        className="mt-1 break-words rounded bg-slate-50 p-2 font-mono text-xs text-slate-800"
        data-testid="explain-text"
      >
        {line.description}
      </p>
    </Dialog>
  );
}
