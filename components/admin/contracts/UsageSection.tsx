"use client";
// The contract's Usage tab: per metered item the metric's usage this period so far, what it costs so far (the
// amount the period's run will bill for it), the tiers reached, an estimate at the period's end, the usage
// thresholds reached and a chart by day. Read through usage.contract (the domain function behind
// GET /v2/subscription-contracts/{id}/usage/); nothing is written.
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Card } from "@/components/ui/Card";
import { useConsole } from "@/components/ui/ConsoleContext";
import { DateTime } from "@/components/ui/DateTime";
import { EmptyState } from "@/components/ui/EmptyState";
import { formatQuantity } from "@/components/ui/format";
import { Money } from "@/components/ui/Money";
import { Loading, QueryError } from "@/components/ui/QueryState";
import { Fact } from "@/components/ui/TermList";

type Usage = RouterOutputs["usage"]["contract"];
type UsageItem = Usage["items"][number];

const UsageChart = dynamic(() => import("./UsageChart").then((m) => m.UsageChart), {
  ssr: false,
  loading: () => <div className="h-60 animate-pulse rounded bg-slate-100" aria-busy="true" />,
});

export function UsageSection({ contractId }: { contractId: number }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.usage.contract.queryOptions({ id: contractId }));
  if (q.error) return <QueryError error={q.error} />;
  if (!q.data) return <Loading what="usage" />;
  const usage = q.data;
  if (!usage.items.length)
    return (
      <EmptyState
        title="No metered items"
        message="This contract has no metered price: usage appears here once an item bills a billable metric."
        testId="usage-empty"
      />
    );
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="usage-as-of">
        Usage so far this period, as of <DateTime value={usage.as_of} />:{" "}
        <Money amount={usage.amount} currency={usage.currency} /> before tax (estimate at period end{" "}
        <Money amount={usage.estimated_amount} currency={usage.currency} />
        ).
      </p>
      {usage.items.map((item) => (
        <UsageItemCard
          key={item.contract_item_id}
          item={item}
          currency={usage.currency}
          method={usage.estimate_method}
        />
      ))}
    </>
  );
}

function UsageItemCard({ item, currency, method }: { item: UsageItem; currency: string; method: string }) {
  const { locale } = useConsole();
  const qty = (v: string) => formatQuantity(v, locale);
  const metric = item.billable_metric_name;
  return (
    <Card title={`${metric} · ${item.product_name}`} testId="usage-item">
      <p className="mb-3 text-sm text-slate-700">
        <DateTime value={item.period_start_at} dateOnly /> to <DateTime value={item.period_end_at} dateOnly /> ·{" "}
        {item.pricing_description} · metric <code>{item.billable_metric_code}</code> ({item.aggregation})
      </p>
      <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-4" data-testid="usage-facts">
        <Fact
          label="Used so far"
          value={
            <span data-testid="usage-quantity">
              {qty(item.quantity)} {metric}
            </span>
          }
        />
        <Fact label="So far" value={<Money amount={item.amount} currency={currency} testId="usage-amount" />} />
        <Fact
          label="Estimate at period end"
          value={
            <span data-testid="usage-estimate" title={method}>
              {qty(item.estimated_quantity)} {metric} · <Money amount={item.estimated_amount} currency={currency} />{" "}
              <span className="text-xs font-normal text-slate-700">(estimate)</span>
            </span>
          }
        />
        <Fact
          label="Thresholds reached"
          value={
            <span data-testid="usage-thresholds">
              {item.thresholds_reached.length ? item.thresholds_reached.map(qty).join(", ") : "None"}
            </span>
          }
        />
      </dl>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-800">Tiers reached</h3>
          {item.tiers.length ? (
            <table className="w-full text-sm" data-testid="usage-tiers">
              <caption className="sr-only">Tiers reached by {metric} so far</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-700">
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Units
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    Quantity
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    Unit amount
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    Flat amount
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {item.tiers.map((t) => (
                  <tr key={`${t.from}-${t.to}`} className="border-b border-slate-100">
                    <th scope="row" className="py-1 pr-2 text-left font-normal">
                      {t.from === t.to ? qty(t.from) : `${qty(t.from)}–${qty(t.to)}`}
                    </th>
                    <td className="py-1 pr-2 text-right tabular-nums">{qty(t.quantity)}</td>
                    <td className="py-1 pr-2 text-right">
                      <Money amount={t.unit_amount} currency={currency} />
                    </td>
                    <td className="py-1 pr-2 text-right">
                      <Money amount={t.flat_amount} currency={currency} />
                    </td>
                    <td className="py-1 text-right">
                      <Money amount={t.amount} currency={currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-slate-700">No usage yet this period.</p>
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-800">By day</h3>
          {item.daily.length ? (
            <UsageChart metric={metric} daily={item.daily} />
          ) : (
            <p className="text-sm text-slate-700">No day of this period has started yet.</p>
          )}
        </div>
      </div>
    </Card>
  );
}
