"use client";
// The live quote: each line with its explanation, the first charge and the recurring totals, and the
// billing schedule preview (next billing dates).
import type { RouterOutputs } from "@/components/trpc/types";
import { DateRange, DateTime } from "@/components/ui/DateTime";
import { formatPercent } from "@/components/ui/format";
import { LineAmount } from "@/components/ui/LineAmount";
import { Money } from "@/components/ui/Money";

type Quote = RouterOutputs["quoteBuilder"]["quote"];
type Line = Quote["initial_lines"][number] & {
  service_period_start_at?: string;
  service_period_end_at?: string;
  renewal_line_total_amount?: string;
  renewal_explanation?: string;
};

function LineRow({ line, currency, recurring }: { line: Line; currency: string; recurring: boolean }) {
  return (
    <li className="py-3" data-testid="quote-line">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {line.product_name} × {line.quantity}
            {line.discount_percent && Number(line.discount_percent) > 0
              ? ` (−${formatPercent(line.discount_percent)})`
              : ""}
          </p>
          <p className="text-sm text-slate-700" data-testid="quote-line-explanation">
            {line.explanation}
          </p>
          {recurring && line.service_period_start_at ? (
            <p className="text-xs text-slate-700">
              Service <DateRange start={line.service_period_start_at} end={line.service_period_end_at} />
            </p>
          ) : null}
          {recurring && line.renewal_explanation ? (
            <p className="text-xs text-slate-700">Then: {line.renewal_explanation}</p>
          ) : null}
        </div>
        <LineAmount
          amount={line.line_total_amount}
          currency={currency}
          explanation={line.explanation}
          className="shrink-0 font-medium"
        />
      </div>
    </li>
  );
}

function Total({
  label,
  amount,
  currency,
  testId,
  strong,
}: {
  label: string;
  amount: string;
  currency: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-semibold text-slate-900" : "text-slate-800"}`}>
      <dt>{label}</dt>
      <dd>
        <Money amount={amount} currency={currency} testId={testId} />
      </dd>
    </div>
  );
}

export function QuotePreview({ quote }: { quote: Quote }) {
  const c = quote.currency;
  const s = quote.billing_schedule_preview;
  return (
    <div className="space-y-4" data-testid="quote-preview">
      <section aria-labelledby="qp-lines">
        <h3 id="qp-lines" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          First billing
        </h3>
        <ul className="divide-y divide-slate-200">
          {quote.recurring_items.map((l) => (
            <LineRow key={l.key} line={l} currency={c} recurring />
          ))}
          {quote.initial_lines.map((l) => (
            <LineRow key={l.key} line={l} currency={c} recurring={false} />
          ))}
        </ul>
      </section>
      {quote.trial_end_at && quote.first_charge_at && quote.first_charge_amount ? (
        <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="quote-trial">
          Free trial until <DateTime value={quote.trial_end_at} />; first charge{" "}
          <Money amount={quote.first_charge_amount} currency={c} testId="quote-first-charge" /> on{" "}
          <DateTime value={quote.first_charge_at} dateOnly />.
        </p>
      ) : null}
      <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm">
        <Total label="Subtotal" amount={quote.subtotal_amount} currency={c} testId="quote-subtotal" />
        <Total label="Tax" amount={quote.tax_amount} currency={c} testId="quote-tax" />
        <Total
          label={quote.trial_end_at ? "Due now" : "First charge total"}
          amount={quote.total_amount}
          currency={c}
          testId="quote-total"
          strong
        />
        <Total
          label="Then each period"
          amount={quote.recurring_total_amount}
          currency={c}
          testId="quote-recurring-total"
        />
      </dl>
      <section aria-labelledby="qp-schedule" data-testid="quote-schedule">
        <h3 id="qp-schedule" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          Billing schedule
        </h3>
        <p className="text-sm text-slate-800">
          First period <DateRange start={quote.period_start_at} end={quote.period_end_at} />;{" "}
          {s.kind === "one_time"
            ? "one-time charge."
            : s.interval
              ? `every ${s.interval_count && s.interval_count > 1 ? `${s.interval_count} ${s.interval}s` : s.interval}`
              : s.kind === "fixed_day_of_month"
                ? `on day ${s.billing_day_of_month} of each month`
                : "on the billing schedule"}
          {s.kind === "one_time" ? null : (
            // the time the dates below show (the account's zone): an interval bills at the start's time of
            // day, whatever the offer's billing_time
            <>
              {" at "}
              <DateTime value={s.next_billing_dates[0] ?? quote.period_end_at} timeOnly testId="quote-billing-time" />.
            </>
          )}
        </p>
        {s.next_billing_dates.length ? (
          <ol className="mt-1 list-inside list-decimal text-sm text-slate-800">
            {s.next_billing_dates.map((d) => (
              <li key={d}>
                <DateTime value={d} />
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </div>
  );
}
