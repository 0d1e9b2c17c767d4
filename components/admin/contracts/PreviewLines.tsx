"use client";
import { DateTime } from "@/components/ui/DateTime";
import { HeaderRow } from "@/components/ui/HeaderRow";
import { Money } from "@/components/ui/Money";
// What a change will charge or credit, line by line (spec 4.6 preview): product, service period, factor,
// amount and tax; credits carry a minus sign and say so in words; totals say when they are settled.
import type { ProrationPreviewOut } from "@/server/schemas/contracts";

const isCredit = (amount: string) => amount.startsWith("-");
const WHEN: Record<string, string> = {
  invoice_now: "Charged now",
  next_invoice: "On the next invoice",
  credit_balance: "Recorded as contract credit",
};

// the lines' column classes, shared by each header and its cells (numbers align right; the last has no gap)
const CELL = "py-1 pr-2";
const NUMBER_CELL = `${CELL} text-right`;
const LAST_CELL = "py-1 text-right";

export function PreviewLines({ preview, currency }: { preview: ProrationPreviewOut; currency: string }) {
  const when = WHEN[preview.settlement_behavior] ?? preview.settlement_behavior;
  return (
    <div data-testid="proration-preview" className="space-y-3 text-sm">
      <p>
        Effective <DateTime value={preview.effective_at} />. Resulting state: <strong>{preview.resulting_state}</strong>
        .
      </p>
      {preview.lines.length ? (
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Preview lines</caption>
          <thead>
            <HeaderRow
              className="border-b border-slate-200 text-xs uppercase text-slate-700"
              cells={[
                ["Line", CELL],
                ["Period", CELL],
                ["Factor", NUMBER_CELL],
                ["Tax", NUMBER_CELL],
                ["Amount", LAST_CELL],
              ]}
            />
          </thead>
          <tbody>
            {preview.lines.map((l, i) => (
              <tr key={i} className="border-b border-slate-100 align-top" data-testid="preview-line">
                <td className={CELL}>
                  <span className="font-medium">{l.product_name}</span> × {l.quantity}
                  <span className="block text-xs text-slate-700">
                    {isCredit(l.line_total_amount) ? "Credit" : "Charge"} · {l.description}
                  </span>
                </td>
                <td className={`${CELL} text-xs`}>
                  <DateTime value={l.service_period_start_at} dateOnly /> →{" "}
                  <DateTime value={l.service_period_end_at} dateOnly />
                </td>
                <td className={`${NUMBER_CELL} tabular-nums`}>{l.proration_factor}</td>
                <td className={NUMBER_CELL}>
                  <Money amount={l.line_tax_amount} currency={currency} />
                </td>
                <td className={LAST_CELL}>
                  <Money amount={l.line_total_amount} currency={currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-slate-700">Nothing is charged or credited by this change.</p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1" data-testid="preview-totals">
        <dt>Subtotal</dt>
        <dd className="text-right">
          <Money amount={preview.subtotal_amount} currency={currency} />
        </dd>
        <dt>Tax</dt>
        <dd className="text-right">
          <Money amount={preview.tax_amount} currency={currency} />
        </dd>
        <dt className="font-semibold">
          Total ({isCredit(preview.total_amount) ? "credit to the customer" : "charge"})
        </dt>
        <dd className="text-right font-semibold">
          <Money amount={preview.total_amount} currency={currency} testId="preview-total" />
        </dd>
        <dt>When</dt>
        <dd className="text-right">{when}</dd>
        <NonZeroRow label="Charged now" amount={preview.invoice_now_amount} currency={currency} />
        <NonZeroRow label="On the next invoice" amount={preview.next_invoice_amount} currency={currency} />
        <NonZeroRow label="Contract credit" amount={preview.credit_amount} currency={currency} />
      </dl>
    </div>
  );
}

/** A summary row shown only when its amount is not zero. */
function NonZeroRow({ label, amount, currency }: { label: string; amount: string; currency: string }) {
  if (amount === "0.0000") return null;
  return (
    <>
      <dt>{label}</dt>
      <dd className="text-right">
        <Money amount={amount} currency={currency} />
      </dd>
    </>
  );
}
