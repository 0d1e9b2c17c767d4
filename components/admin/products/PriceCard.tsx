// One price of a product: terms, versions and the form to schedule the next amount.
import type { Price } from "@/components/trpc/types";
import { DateTime } from "@/components/ui/DateTime";
import { StatusChip } from "@/components/ui/StatusChip";
import { PriceAmount, pricedByModel } from "./PriceAmount";
import { PriceVersionsTable } from "./PriceVersionsTable";
import { SchedulePriceVersionForm } from "./SchedulePriceVersionForm";

export function billingTerms(p: Price): string {
  if (p.billing_type === "one_time") return "one-time";
  if (p.billing_schedule_name) return `on schedule “${p.billing_schedule_name}”`;
  const n = p.interval_count ?? 1;
  const every = n === 1 ? `every ${p.interval}` : `every ${n} ${p.interval}s`;
  return p.billing_day_of_month ? `${every}, on day ${p.billing_day_of_month}` : every;
}

export function PriceCard({ price }: { price: Price }) {
  return (
    <article
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      data-testid="price-card"
      data-price-id={price.id}
    >
      <header className="flex flex-wrap items-baseline gap-3">
        <h3 className="font-semibold">{price.reference ?? `Price #${price.id}`}</h3>
        <PriceAmount price={price} testId="price-amount" className={pricedByModel(price) ? "font-medium" : "text-lg"} />
        <span className="text-sm text-slate-700">{billingTerms(price)}</span>
        {price.usage_type === "metered" ? (
          <span className="text-sm text-slate-700" data-testid="price-metric">
            metric {price.billable_metric_code}
            {price.usage_thresholds.length ? ` · thresholds ${price.usage_thresholds.join(", ")}` : ""}
          </span>
        ) : null}
        <StatusChip status={price.active ? "active" : "inactive"} />
        {!price.currently_effective ? <StatusChip status="attention" label="not effective now" /> : null}
        <span className="ml-auto font-mono text-xs text-slate-700">id {price.id}</span>
      </header>
      {price.next_occurrences.length ? (
        <p className="text-xs text-slate-700">
          Next billing dates:{" "}
          {price.next_occurrences.map((d, i) => (
            <span key={d}>
              {i ? " · " : ""}
              <DateTime value={d} />
            </span>
          ))}
        </p>
      ) : null}
      <PriceVersionsTable priceId={price.id} currency={price.currency} versions={price.versions} />
      <details className="rounded-md bg-slate-50 p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Schedule a price change</summary>
        <div className="mt-3">
          <SchedulePriceVersionForm
            priceId={price.id}
            metered={price.usage_type === "metered"}
            tiered={!!price.pricing_model}
          />
        </div>
      </details>
    </article>
  );
}
