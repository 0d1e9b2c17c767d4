"use client";
import { listHref } from "@/components/admin/billingRuns/runListQuery";
// Per currency: MRR, active, new and churned contracts, billed, collected and refunded in the last 30 days,
// written off and disputed. Each
// group (dashboard.mrr / .figures / .money) loads on its own, so no figure waits for the slowest.
import type { RouterOutputs } from "@/components/trpc/types";
import { Money } from "@/components/ui/Money";
import { Figure, FigurePlaceholder } from "./Figure";

type Out = RouterOutputs["dashboard"];
type Filter = Record<string, string | string[] | boolean>;
/** A per-currency row of a dashboard group, with the list filter that shows what it counts. */
type CurrencyRow = { currency: string; filter: Filter };
const contracts = (f: Filter) => listHref("/admin/contracts", f);
const runs = (f: Filter) => listHref("/admin/billing-runs", f);

export function CurrencyFigures({
  currency,
  mrr,
  figures,
  money,
}: {
  currency: string;
  mrr?: Out["mrr"];
  figures?: Out["figures"];
  money?: Out["money"];
}) {
  const slug = currency.toLowerCase();
  /** This currency's row of a group's list: a placeholder while the group loads; zero (and the list filtered
   * by the fallback) when the currency has no row. */
  const figure = <Row extends CurrencyRow>(
    list: Row[] | undefined,
    label: string,
    testId: string,
    link: { to: (f: Filter) => string; fallback: Filter },
    value: (row: Row | undefined) => React.ReactNode,
  ) => {
    if (!list) return <FigurePlaceholder label={label} />;
    const row = list.find((x) => x.currency === currency);
    return (
      <Figure label={label} href={link.to(row?.filter ?? link.fallback)} testId={`${testId}-${slug}`}>
        {value(row)}
      </Figure>
    );
  };
  const moneyOf = (amount: string | undefined) => <Money amount={amount ?? "0.0000"} currency={currency} />;
  // a figure of 0 links to its list in the same window (the server's filter for it), never an unfiltered list
  const count = (
    list: (CurrencyRow & { count: number })[] | undefined,
    label: string,
    testId: string,
    empty: Filter | undefined,
  ) => figure(list, label, testId, { to: contracts, fallback: { ...empty, currency } }, (row) => row?.count ?? 0);
  const amount = (
    list: (CurrencyRow & { amount: string })[] | undefined,
    label: string,
    testId: string,
    empty: Filter | undefined,
  ) => figure(list, label, testId, { to: runs, fallback: { ...empty, currency } }, (row) => moneyOf(row?.amount));
  const empty = figures?.empty_filters;
  return (
    <section aria-labelledby={`figures-${slug}`} className="space-y-3" data-testid={`currency-${slug}`}>
      <h2 id={`figures-${slug}`} className="text-lg font-semibold text-slate-900">
        {currency}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        {figure(mrr, "MRR", "mrr", { to: contracts, fallback: { state: "active", currency } }, (row) =>
          moneyOf(row?.mrr),
        )}
        {count(figures?.active_contracts, "Active contracts", "active", empty?.active_contracts)}
        {count(figures?.new_contracts, "New (30 days)", "new", empty?.new_contracts)}
        {count(figures?.churned_contracts, "Churned (30 days)", "churned", empty?.churned_contracts)}
        {amount(money?.billed, "Billed (30 days)", "billed", money?.empty_filters.billed)}
        {amount(money?.collected, "Collected (30 days, net of refunds)", "collected", money?.empty_filters.collected)}
        {amount(money?.refunded, "Refunded (30 days)", "refunded", money?.empty_filters.refunded)}
        {amount(money?.written_off, "Written off (unpaid)", "written-off", money?.empty_filters.written_off)}
        {amount(money?.disputed, "Disputed (open)", "disputed", money?.empty_filters.disputed)}
      </div>
    </section>
  );
}
