"use client";
// A plan change's proration preview for the customer, line by line and in words: what is charged now,
// what goes on the next invoice, what is credited. Stacked (not a table) so it reads on a phone.
import { useTranslations } from "next-intl";
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
  const t = useTranslations("preview");
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
                {t(l.line_total_amount.startsWith("-") ? "unusedTime" : "remainingTime", {
                  quantity: l.quantity,
                  product: l.product_name,
                })}
              </span>
              <LineAmount amount={l.line_total_amount} currency={currency} explanation={l.description} />
            </div>
            <p className="mt-1 break-words text-xs text-slate-700">
              {t.rich("period", {
                start: () => <DateTime value={l.service_period_start_at} dateOnly />,
                end: () => <DateTime value={l.service_period_end_at} dateOnly />,
                tax: () => <Money amount={l.line_tax_amount} currency={currency} />,
              })}
            </p>
          </li>
        ))}
        {!preview.lines.length ? <li className="p-3 text-slate-700">{t("noLines")}</li> : null}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t("chargedNow")}</dt>
        <dd className="text-right font-semibold">
          <Money amount={preview.invoice_now_amount} currency={currency} testId="preview-charge-now" />
        </dd>
        {preview.next_invoice_amount !== ZERO ? (
          <>
            <dt>{t("nextInvoice")}</dt>
            <dd className="text-right">
              <Money amount={preview.next_invoice_amount} currency={currency} testId="preview-next-invoice" />
            </dd>
          </>
        ) : null}
        {preview.credit_amount !== ZERO ? (
          <>
            <dt>{t("credited")}</dt>
            <dd className="text-right">
              <Money amount={preview.credit_amount} currency={currency} testId="preview-credit" />
            </dd>
          </>
        ) : null}
        <dt>{t("perPeriod")}</dt>
        <dd className="text-right">
          <Money amount={periodDelta} currency={currency} testId="preview-period-delta" />
        </dd>
      </dl>
      {scheduledFor ? (
        <p className="rounded-md bg-slate-50 p-3" data-testid="preview-at-renewal">
          {t.rich("atRenewal", { date: () => <DateTime value={scheduledFor} dateOnly /> })}
        </p>
      ) : direction === "downgrade" && nothingNow ? (
        <p className="rounded-md bg-slate-50 p-3" data-testid="preview-at-renewal">
          {nextBillingAt
            ? t.rich("nextBillOn", { date: () => <DateTime value={nextBillingAt} dateOnly /> })
            : t("nextBill")}
        </p>
      ) : null}
    </div>
  );
}
