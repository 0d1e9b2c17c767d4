"use client";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("usage");
  const qty = (v: string) => formatQuantity(v, locale);
  const cur = usage.currency;
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="usage-items">
      {usage.items.map((item) => (
        <li key={item.contract_item_id} className="space-y-1 py-3" data-testid="usage-item">
          <p className="font-medium">{item.product_name}</p>
          <p data-testid="usage-used">
            {t("usedSoFar", { quantity: qty(item.quantity), metric: item.billable_metric_name })}
          </p>
          <p data-testid="usage-so-far">
            {t.rich("soFar", { amount: () => <Money amount={item.amount} currency={cur} /> })}
          </p>
          <p className="text-slate-700" data-testid="usage-estimate">
            {t.rich("estimate", {
              date: () => <DateTime value={item.period_end_at} dateOnly />,
              quantity: qty(item.estimated_quantity),
              metric: item.billable_metric_name,
              amount: () => <Money amount={item.estimated_amount} currency={cur} />,
            })}
          </p>
          <details className="text-xs text-slate-700">
            <summary className="cursor-pointer">{t("howPriced")}</summary>
            <p className="mt-1">
              {t.rich("pricing", {
                pricing: item.pricing_description,
                currency: cur,
                metric: item.billable_metric_name,
                date: () => <DateTime value={item.period_end_at} dateOnly />,
              })}
            </p>
          </details>
        </li>
      ))}
    </ul>
  );
}
