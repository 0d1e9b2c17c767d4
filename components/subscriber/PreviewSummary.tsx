"use client";
// A plan change's proration preview for the customer, line by line and in words: what is charged now,
// what goes on the next invoice, what is credited. Stacked (not a table) so it reads on a phone.
import { DateTime } from "@/components/ui/DateTime";
import { LineAmount } from "@/components/ui/LineAmount";
import { Money } from "@/components/ui/Money";
import type { ProrationPreviewOut } from "@/server/schemas/contracts";

const ZERO = "0.0000";

export function PreviewSummary({
  preview,
  currency,
  direction,
  periodDelta,
  nextBillingAt,
  scheduledFor = null,
}: {
  preview: ProrationPreviewOut;
  currency: string;
  direction: "upgrade" | "downgrade";
  periodDelta: string;
  nextBillingAt: string | null;
  /** a downgrade waiting for the renewal: the instant it applies */
  scheduledFor?: string | null;
}) {
  const nothingNow =
    preview.invoice_now_amount === ZERO && preview.next_invoice_amount === ZERO && preview.credit_amount === ZERO;
  return (
    <div className="space-y-3 text-sm" data-testid="change-preview">
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {preview.lines.map((l, i) => (
          <li key={i} className="p-3" data-testid="preview-line">
            <div className="flex justify-between gap-3">
              <span className="font-medium">
                {/* plain words, as Stripe's invoices read; the engine's explanation is the seller's (console "Explain") */}
                {l.line_total_amount.startsWith("-") ? "Unused time on" : "Remaining time on"} {l.quantity} ×{" "}
                {l.product_name}
              </span>
              <LineAmount amount={l.line_total_amount} currency={currency} explanation={l.description} />
            </div>
            <p className="mt-1 break-words text-xs text-slate-700">
              From <DateTime value={l.service_period_start_at} dateOnly /> to{" "}
              <DateTime value={l.service_period_end_at} dateOnly />, tax included:{" "}
              <Money amount={l.line_tax_amount} currency={currency} />
            </p>
          </li>
        ))}
        {!preview.lines.length ? <li className="p-3 text-slate-700">No prorated lines for this change.</li> : null}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="font-semibold">Charged now</dt>
        <dd className="text-right font-semibold">
          <Money amount={preview.invoice_now_amount} currency={currency} testId="preview-charge-now" />
        </dd>
        {preview.next_invoice_amount !== ZERO ? (
          <>
            <dt>Added to your next invoice</dt>
            <dd className="text-right">
              <Money amount={preview.next_invoice_amount} currency={currency} testId="preview-next-invoice" />
            </dd>
          </>
        ) : null}
        {preview.credit_amount !== ZERO ? (
          <>
            <dt>Credited to you</dt>
            <dd className="text-right">
              <Money amount={preview.credit_amount} currency={currency} testId="preview-credit" />
            </dd>
          </>
        ) : null}
        <dt>Change per billing period</dt>
        <dd className="text-right">
          <Money amount={periodDelta} currency={currency} testId="preview-period-delta" />
        </dd>
      </dl>
      {scheduledFor ? (
        <p className="rounded-md bg-slate-50 p-3" data-testid="preview-at-renewal">
          Nothing is charged or credited now. You keep your current plan until{" "}
          <DateTime value={scheduledFor} dateOnly />; the new amount applies from then.
        </p>
      ) : direction === "downgrade" && nothingNow ? (
        <p className="rounded-md bg-slate-50 p-3" data-testid="preview-at-renewal">
          Nothing is charged or credited now. Your next bill
          {nextBillingAt ? (
            <>
              {" "}
              on <DateTime value={nextBillingAt} dateOnly />
            </>
          ) : null}{" "}
          is at the new price.
        </p>
      ) : null}
    </div>
  );
}
