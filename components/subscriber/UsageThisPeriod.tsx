"use client";
import { useConsole } from "@/components/ui/ConsoleContext";
// "Usage this period" on the subscriber page: per metered item, in plain words, what was used so far, what it
// costs so far and an estimate at the period's end (the same read as the console's Usage tab:
// server/domain/usage/contractUsage.ts). Amounts before tax, billed at the end of the period.
import { DateTime } from "@/components/ui/DateTime";
import { formatQuantity } from "@/components/ui/format";
import { Money } from "@/components/ui/Money";
import type { ContractUsageOut } from "@/server/schemas/usage";

export function UsageThisPeriod({ usage }: { usage: ContractUsageOut }) {
  const { locale } = useConsole();
  const qty = (v: string) => formatQuantity(v, locale);
  const cur = usage.currency;
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="usage-items">
      {usage.items.map((item) => (
        <li key={item.contract_item_id} className="space-y-1 py-3" data-testid="usage-item">
          <p className="font-medium">{item.product_name}</p>
          <p data-testid="usage-used">
            Used so far: {qty(item.quantity)} {item.billable_metric_name}
          </p>
          <p data-testid="usage-so-far">
            <Money amount={item.amount} currency={cur} /> so far this period
          </p>
          <p className="text-slate-700" data-testid="usage-estimate">
            Estimate by <DateTime value={item.period_end_at} dateOnly />: about {qty(item.estimated_quantity)}{" "}
            {item.billable_metric_name}, <Money amount={item.estimated_amount} currency={cur} />
          </p>
          <details className="text-xs text-slate-700">
            <summary className="cursor-pointer">How it is priced</summary>
            <p className="mt-1">
              {item.pricing_description} {cur} per {item.billable_metric_name}, before tax, charged after{" "}
              <DateTime value={item.period_end_at} dateOnly />.
            </p>
          </details>
        </li>
      ))}
    </ul>
  );
}
