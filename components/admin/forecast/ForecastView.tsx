"use client";
import { useQuery } from "@tanstack/react-query";
// /admin/forecast: what the account will bill per month and currency over the next 12 months, from every
// live contract's upcoming runs (forecast.account, the domain function behind GET /v2/forecast/), with
// the contracts that end, renew or first pay a new price version in each month.
import dynamic from "next/dynamic";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { HeaderRow } from "@/components/ui/HeaderRow";
import { Loading } from "@/components/ui/QueryState";
import { ForecastCell } from "./ForecastCell";

const ForecastChart = dynamic(() => import("./ForecastChart"), {
  ssr: false,
  loading: () => <div className="h-60 animate-pulse rounded bg-slate-100" aria-busy="true" />,
});

function Contracts({ of }: { of: { count: number; contract_ids: number[] } }) {
  if (!of.count) return <span className="text-slate-500">0</span>;
  return (
    <span>
      {of.count}
      <span className="ml-1 text-xs">
        (
        {of.contract_ids.map((id, i) => (
          <span key={id}>
            {i ? ", " : ""}
            <Link className="text-blue-700 underline" href={`/admin/contracts/${id}`}>
              #{id}
            </Link>
          </span>
        ))}
        {of.count > of.contract_ids.length ? ", …" : ""})
      </span>
    </span>
  );
}

export function ForecastView() {
  const trpc = useTRPC();
  const q = useQuery(trpc.forecast.account.queryOptions({ months: 12 }));
  if (q.error) return <ErrorState error={q.error} title="Could not load the forecast" onRetry={() => q.refetch()} />;
  if (!q.data) return <Loading what="the forecast" />;
  if (!q.data.currencies.length)
    return <EmptyState title="Nothing to forecast" message="The forecast appears once a contract is active." />;
  return (
    <div className="space-y-6" data-testid="forecast">
      {q.data.currencies.map((c) => (
        <Card key={c.currency} title={`Billed per month (${c.currency})`} testId={`forecast-${c.currency}`}>
          <ForecastChart currency={c.currency} months={c.months} />
          {/* a phone scrolls the table sideways; the page itself never overflows */}
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-sm [&_td]:px-2 [&_th]:px-2 sm:[&_td]:px-3 sm:[&_th]:px-3">
              <caption className="sr-only">Forecast per month in {c.currency}</caption>
              <thead>
                <HeaderRow
                  className="text-left text-slate-700"
                  cells={["Month", ["Billed", "text-right"], ["Runs", "text-right"], "Ending", "Renewing", "New price"]}
                />
              </thead>
              <tbody>
                {c.months.map((m) => (
                  <tr key={m.month} className="border-t border-slate-100">
                    <th scope="row" className="whitespace-nowrap py-1 text-left font-normal">
                      {m.month}
                    </th>
                    <td className="text-right">
                      <ForecastCell month={m.month} currency={c.currency} amount={m.billed_amount} />
                    </td>
                    <td className="text-right">{m.runs}</td>
                    <td>
                      <Contracts of={m.ending} />
                    </td>
                    <td>
                      <Contracts of={m.renewing} />
                    </td>
                    <td>
                      <Contracts of={m.price_changes} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ))}
    </div>
  );
}
