"use client";
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
// /admin/analytics: MRR movements (stacked bars and a table whose cells open the customers and contracts
// behind them), retention and value per month with their formulas, and the cohort heat map. Month range and
// currency live in the URL (?currency=EUR&from=2026-01&to=2026-12, drill-down ?drill=kind&month=…).
import { ExportLinks } from "@/components/admin/exports/ExportLinks";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/Card";
import { useConsole } from "@/components/ui/ConsoleContext";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { HeaderRow } from "@/components/ui/HeaderRow";
import { formatMoney } from "@/components/ui/money";
import { Loading } from "@/components/ui/QueryState";
import { useUrlState } from "@/components/ui/useUrlState";

const chartBox = () => <div className="h-60 animate-pulse rounded bg-slate-100" aria-busy="true" />;
const MovementsChart = dynamic(() => import("./AnalyticsCharts").then((m) => m.MovementsChart), {
  ssr: false,
  loading: chartBox,
});
const RetentionCurves = dynamic(() => import("./AnalyticsCharts").then((m) => m.RetentionCurves), {
  ssr: false,
  loading: chartBox,
});

const KINDS = ["new", "expansion", "contraction", "churn", "reactivation"] as const;
const LABEL: Record<string, string> = {
  new: "New",
  expansion: "Expansion",
  contraction: "Contraction",
  churn: "Churn",
  reactivation: "Reactivation",
  paying: "Paying",
};
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const pct = (v: string | null) => (v === null ? "—" : `${(Number(v) * 100).toFixed(1)} %`);
const tableClass = "w-full text-sm [&_td]:px-2 [&_th]:px-2 [&_td]:py-1 sm:[&_td]:px-3 sm:[&_th]:px-3";

function useRange() {
  const [params, set] = useUrlState();
  const month = (name: string) => {
    const v = params.get(name);
    return v && MONTH.test(v) ? v : undefined;
  };
  const currency = params.get("currency")?.toUpperCase();
  return {
    input: {
      from: month("from"),
      to: month("to"),
      currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    },
    drill: { kind: params.get("drill"), month: month("month"), cohort: month("cohort") },
    params,
    set,
  };
}

function RangeForm({
  from,
  to,
  currency,
  currencies,
}: {
  from: string;
  to: string;
  currency?: string;
  currencies: string[];
}) {
  const { set } = useRange();
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        set({
          from: String(f.get("from")),
          to: String(f.get("to")),
          currency: String(f.get("currency")) || null,
          drill: null,
        });
      }}
      aria-label="Month range and currency"
    >
      <label className="text-sm">
        <span className="block text-slate-700">From</span>
        <input
          name="from"
          type="month"
          defaultValue={from}
          key={`f${from}`}
          className="rounded border border-slate-300 px-2 py-1"
        />
      </label>
      <label className="text-sm">
        <span className="block text-slate-700">To</span>
        <input
          name="to"
          type="month"
          defaultValue={to}
          key={`t${to}`}
          className="rounded border border-slate-300 px-2 py-1"
        />
      </label>
      <label className="text-sm">
        <span className="block text-slate-700">Currency</span>
        <select
          name="currency"
          defaultValue={currency ?? ""}
          key={`c${currency}`}
          className="rounded border border-slate-300 px-2 py-1"
        >
          <option value="">All</option>
          {currencies.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded bg-blue-700 px-3 py-1.5 text-sm font-medium text-white">
        Show
      </button>
    </form>
  );
}

function DrillLink({
  currency,
  month,
  kind,
  cohort,
  children,
  className = "text-blue-700 underline",
}: {
  currency: string;
  month: string;
  kind: string;
  cohort?: string;
  children: React.ReactNode;
  className?: string;
}) {
  const { params } = useRange();
  const next = new URLSearchParams(params.toString());
  next.set("currency", currency);
  next.set("drill", kind);
  next.set("month", month);
  if (cohort) next.set("cohort", cohort);
  else next.delete("cohort");
  return (
    <Link className={className} href={`/admin/analytics?${next}#contracts`} scroll={false}>
      {children}
    </Link>
  );
}

function Drilldown({
  currency,
  month,
  kind,
  cohort,
}: {
  currency: string;
  month: string;
  kind: string;
  cohort?: string;
}) {
  const trpc = useTRPC();
  const { locale } = useConsole();
  const q = useQuery(trpc.analytics.contracts.queryOptions({ currency, month, kind: kind as "new", cohort }));
  const title = `${LABEL[kind] ?? kind} in ${month}${cohort ? `, cohort ${cohort}` : ""} (${currency})`;
  return (
    <Card title={title} testId="analytics-contracts">
      <div id="contracts" />
      {q.error ? (
        <ErrorState error={q.error} title="Could not load the contracts" onRetry={() => q.refetch()} />
      ) : !q.data ? (
        <Loading what="the contracts" />
      ) : q.data.count === 0 ? (
        <p className="text-sm text-slate-700">No customer in this figure.</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={title} tabIndex={0}>
          <table className={tableClass}>
            <caption className="sr-only">Customers and contracts: {title}</caption>
            <thead>
              <HeaderRow
                className="text-left text-slate-700"
                cells={[
                  "Customer",
                  "Contracts",
                  ["Start", "text-right"],
                  ["End", "text-right"],
                  ["Change", "text-right"],
                ]}
              />
            </thead>
            <tbody>
              {q.data.results.map((r) => (
                <tr key={r.customer_id} className="border-t border-slate-100">
                  <th scope="row" className="text-left font-normal">
                    {r.customer_name || r.customer_reference}
                  </th>
                  <td>
                    {r.contract_ids.map((id, i) => (
                      <span key={id}>
                        {i ? ", " : ""}
                        <Link className="text-blue-700 underline" href={`/admin/contracts/${id}`}>
                          Contract #{id}
                        </Link>
                      </span>
                    ))}
                  </td>
                  <td className="text-right">
                    {r.opening_mrr === null ? "—" : formatMoney(r.opening_mrr, currency, locale)}
                  </td>
                  <td className="text-right">{formatMoney(r.closing_mrr, currency, locale)}</td>
                  <td className="text-right">{formatMoney(r.amount, currency, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {q.data.count > q.data.results.length ? (
            <p className="text-sm text-slate-700">
              The largest {q.data.results.length} of {q.data.count}.
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}

type MovementsOut = ReturnType<typeof useMovements>["data"];
function useMovements(input: ReturnType<typeof useRange>["input"]) {
  const trpc = useTRPC();
  return useQuery(trpc.analytics.movements.queryOptions(input));
}

function MovementsCard({ data }: { data: NonNullable<MovementsOut>["currencies"][number] }) {
  const { locale } = useConsole();
  const money = (v: string) => formatMoney(v, data.currency, locale);
  return (
    <Card title={`MRR movements (${data.currency})`} testId={`movements-${data.currency}`}>
      <p className="mb-3 text-sm text-slate-700">
        Per customer, MRR at the month’s end against its start: from zero it is new (or reactivation if they paid
        before), to zero churn, otherwise expansion or contraction. Opening + movements = closing.
      </p>
      <MovementsChart data={data} />
      <div
        className="mt-4 overflow-x-auto"
        role="region"
        aria-label={`MRR movements table ${data.currency}`}
        tabIndex={0}
      >
        <table className={tableClass}>
          <caption className="sr-only">MRR movements per month in {data.currency}</caption>
          <thead>
            <HeaderRow
              className="text-left text-slate-700"
              cells={[
                "Month",
                ["Opening", "text-right"],
                ...KINDS.map((k) => [LABEL[k], "text-right"] as [string, string]),
                ["Closing", "text-right"],
              ]}
            />
          </thead>
          <tbody>
            {data.months.map((m) => (
              <tr key={m.month} className="border-t border-slate-100">
                <th scope="row" className="whitespace-nowrap text-left font-normal">
                  {m.month}
                </th>
                <td className="text-right">{money(m.opening_mrr)}</td>
                {m.movements.map((x) => (
                  <td key={x.kind} className="text-right" data-testid={`movement-${m.month}-${x.kind}`}>
                    {x.customers ? (
                      <DrillLink currency={data.currency} month={m.month} kind={x.kind}>
                        {money(x.amount)}
                      </DrillLink>
                    ) : (
                      money(x.amount)
                    )}
                  </td>
                ))}
                <td className="text-right">{money(m.closing_mrr)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function RetentionSection({ input, currency }: { input: ReturnType<typeof useRange>["input"]; currency: string }) {
  const trpc = useTRPC();
  const { locale } = useConsole();
  const q = useQuery(trpc.analytics.retention.queryOptions({ ...input, currency }));
  if (q.error) return <ErrorState error={q.error} title="Could not load retention" onRetry={() => q.refetch()} />;
  if (!q.data) return <Loading what="retention" />;
  const data = q.data.currencies[0];
  if (!data) return null;
  const money = (v: string | null) => (v === null ? "—" : formatMoney(v, currency, locale));
  return (
    <>
      <Card title={`Retention and value (${currency})`} testId={`retention-${currency}`}>
        <ul className="mb-3 list-disc pl-5 text-sm text-slate-700">
          <li>Logo churn = churned customers ÷ customers paying at the month’s start</li>
          <li>Revenue churn = (churn + contraction MRR) ÷ opening MRR</li>
          <li>Net revenue retention = (opening + expansion − contraction − churn) ÷ opening MRR</li>
          <li>ARPA = closing MRR ÷ paying customers; LTV = ARPA ÷ logo churn rate</li>
        </ul>
        <div className="overflow-x-auto" role="region" aria-label={`Retention table ${currency}`} tabIndex={0}>
          <table className={tableClass}>
            <caption className="sr-only">Retention and value per month in {currency}</caption>
            <thead>
              <HeaderRow
                className="text-left text-slate-700"
                cells={[
                  "Month",
                  ["Customers", "text-right"],
                  ["Churned", "text-right"],
                  ["Logo churn", "text-right"],
                  ["Revenue churn", "text-right"],
                  ["NRR", "text-right"],
                  ["ARPA", "text-right"],
                  ["LTV", "text-right"],
                ]}
              />
            </thead>
            <tbody>
              {data.months.map((m) => (
                <tr key={m.month} className="border-t border-slate-100">
                  <th scope="row" className="whitespace-nowrap text-left font-normal">
                    {m.month}
                  </th>
                  <td className="text-right">
                    <DrillLink currency={currency} month={m.month} kind="paying">
                      {m.closing_customers}
                    </DrillLink>
                  </td>
                  <td className="text-right">
                    {m.churned_customers ? (
                      <DrillLink currency={currency} month={m.month} kind="churn">
                        {m.churned_customers}
                      </DrillLink>
                    ) : (
                      0
                    )}
                  </td>
                  <td className="text-right">{pct(m.logo_churn_rate)}</td>
                  <td className="text-right">{pct(m.revenue_churn_rate)}</td>
                  <td className="text-right">{pct(m.net_revenue_retention)}</td>
                  <td className="text-right">{money(m.arpa)}</td>
                  <td className="text-right">{money(m.ltv)}</td>
                </tr>
              ))}
              <tr className="border-t border-slate-300 font-medium">
                <th scope="row" className="text-left">
                  Range
                </th>
                <td />
                <td />
                <td className="text-right">{pct(data.summary.logo_churn_rate)}</td>
                <td className="text-right">{pct(data.summary.revenue_churn_rate)}</td>
                <td className="text-right">{pct(data.summary.net_revenue_retention)}</td>
                <td className="text-right">{money(data.summary.arpa)}</td>
                <td className="text-right">{money(data.summary.ltv)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </Card>
      <Card title={`Cohorts (${currency})`} testId={`cohorts-${currency}`}>
        {data.cohorts.length === 0 ? (
          <p className="text-sm text-slate-700">No customer started paying in this range.</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700">
              Customers by the month they first paid × months since: share still paying (revenue retained below).
            </p>
            <RetentionCurves cohorts={data.cohorts} currency={currency} />
            <div className="mt-4 overflow-x-auto" role="region" aria-label={`Cohort table ${currency}`} tabIndex={0}>
              <table className="text-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2">
                <caption className="sr-only">
                  Cohorts in {currency}: share still paying and revenue retained by months since start
                </caption>
                <thead>
                  <HeaderRow
                    className="text-left text-slate-700"
                    cells={[
                      "Cohort",
                      "Customers",
                      ...Array.from({ length: data.cohorts[0].cells.length }, (_, i) => `+${i}`),
                    ]}
                  />
                </thead>
                <tbody>
                  {data.cohorts.map((c) => (
                    <tr key={c.cohort}>
                      <th scope="row" className="whitespace-nowrap text-left font-normal">
                        {c.cohort}
                      </th>
                      <td className="text-right">{c.customers}</td>
                      {c.cells.map((cell) => {
                        const share = Number(cell.share_paying ?? 0);
                        return (
                          <td
                            key={cell.months_since}
                            className="whitespace-nowrap text-center"
                            style={{ backgroundColor: `rgba(29, 78, 216, ${(share * 0.2).toFixed(2)})` }}
                          >
                            <DrillLink
                              currency={currency}
                              month={cell.month}
                              kind="paying"
                              cohort={c.cohort}
                              className="font-medium text-slate-900 underline"
                            >
                              {pct(cell.share_paying)}
                            </DrillLink>
                            <span className="block text-xs text-slate-800">{pct(cell.revenue_retained)}</span>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>
    </>
  );
}

export function AnalyticsView() {
  const { input, drill } = useRange();
  const q = useMovements(input);
  if (q.error) return <ErrorState error={q.error} title="Could not load analytics" onRetry={() => q.refetch()} />;
  if (!q.data) return <Loading what="analytics" />;
  const shown = q.data.currencies;
  const drillCurrency = input.currency ?? shown[0]?.currency;
  return (
    <div className="space-y-6" data-testid="analytics">
      <RangeForm
        from={q.data.from}
        to={q.data.to}
        currency={input.currency}
        currencies={shown.map((c) => c.currency)}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {q.data.from} to {q.data.to}, months in {q.data.time_zone}.
        </p>
        <ExportLinks
          kind="mrr-movements"
          filters={{ from: q.data.from, to: q.data.to, currency: input.currency }}
          what="MRR movements"
        />
      </div>
      {drill.kind && drill.month && drillCurrency ? (
        <Drilldown currency={drillCurrency} month={drill.month} kind={drill.kind} cohort={drill.cohort} />
      ) : null}
      {shown.length === 0 ? (
        <EmptyState
          title="No recurring revenue in this range"
          message="Movements appear once a contract with a recurring price is active."
        />
      ) : (
        shown.map((c) => (
          <div key={c.currency} className="space-y-6">
            <MovementsCard data={c} />
            <RetentionSection input={input} currency={c.currency} />
          </div>
        ))
      )}
    </div>
  );
}
