"use client";
// /admin: the account's figures per currency, what needs attention, renewals due, and two charts. Five
// small queries side by side (server/trpc/routers/dashboard.ts), each rendering as soon as it answers.
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTRPC } from "@/components/trpc/client";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { AttentionAndRenewals } from "./AttentionAndRenewals";
import { CurrencyFigures } from "./CurrencyFigures";

// recharts is most of this page's JavaScript: the charts load after the figures (bench:admin measures the
// first load), in a placeholder of their size meanwhile
const chartPlaceholder = () => <div className="h-72 animate-pulse rounded bg-slate-100" aria-busy="true" />;
const MrrChart = dynamic(() => import("./Charts").then((m) => m.MrrChart), { ssr: false, loading: chartPlaceholder });
const OutcomesChart = dynamic(() => import("./Charts").then((m) => m.OutcomesChart), {
  ssr: false,
  loading: chartPlaceholder,
});

export function Dashboard() {
  const trpc = useTRPC();
  const mrr = useQuery(trpc.dashboard.mrr.queryOptions());
  const figures = useQuery(trpc.dashboard.figures.queryOptions());
  const money = useQuery(trpc.dashboard.money.queryOptions());
  const mrrByMonth = useQuery(trpc.dashboard.mrrByMonth.queryOptions());
  const outcomes = useQuery(trpc.dashboard.outcomes.queryOptions());
  const failed = [mrr, figures, money, mrrByMonth, outcomes].find((q) => q.error);
  if (failed)
    return <ErrorState error={failed.error} title="Could not load the dashboard" onRetry={() => failed.refetch()} />;
  const f = figures.data,
    m = money.data;
  const currencies = [
    ...new Set([
      ...(mrr.data ?? []).map((x) => x.currency),
      ...(f?.active_contracts ?? []).map((x) => x.currency),
      ...(f?.new_contracts ?? []).map((x) => x.currency),
      ...(f?.churned_contracts ?? []).map((x) => x.currency),
      ...(m?.billed ?? []).map((x) => x.currency),
      ...(m?.collected ?? []).map((x) => x.currency),
      ...(m?.written_off ?? []).map((x) => x.currency),
      ...(m?.disputed ?? []).map((x) => x.currency),
    ]),
  ].sort();
  const loaded = mrr.data && f && m;
  return (
    <div className="space-y-8" data-testid="dashboard">
      {loaded && currencies.length === 0 ? (
        <EmptyState
          title="No contracts yet"
          message="Figures appear once a contract is active."
          action={{ href: "/admin/contracts/new", label: "Create a contract" }}
        />
      ) : (
        (currencies.length ? currencies : ["…"]).map((c) =>
          c === "…" ? (
            <p key={c} className="text-sm text-slate-700" aria-busy="true">
              Loading figures…
            </p>
          ) : (
            <CurrencyFigures key={c} currency={c} mrr={mrr.data} figures={f} money={m} />
          ),
        )
      )}
      <AttentionAndRenewals figures={f} />
      <div className="grid gap-6 xl:grid-cols-2">
        <MrrChart data={mrrByMonth.data} />
        <OutcomesChart data={outcomes.data} />
      </div>
    </div>
  );
}
