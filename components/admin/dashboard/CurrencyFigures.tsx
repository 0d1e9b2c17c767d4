"use client";
import { listHref } from "@/components/admin/billingRuns/runListQuery";
// Per currency: MRR, active, new and churned contracts, billed and collected in the last 30 days. Each
// group (dashboard.mrr / .figures / .money) loads on its own, so no figure waits for the slowest.
import type { RouterOutputs } from "@/components/trpc/types";
import { Money } from "@/components/ui/Money";
import { Figure, FigurePlaceholder } from "./Figure";

type Out = RouterOutputs["dashboard"];
const contracts = (f: Record<string, string | string[] | boolean>) => listHref("/admin/contracts", f);
const runs = (f: Record<string, string | string[] | boolean>) => listHref("/admin/billing-runs", f);

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
  const count = (
    list: { currency: string; count: number; filter: Record<string, string | string[] | boolean> }[],
    label: string,
    testId: string,
    fallback: Record<string, string | string[] | boolean>,
  ) => {
    if (!figures) return <FigurePlaceholder label={label} />;
    const f = list.find((x) => x.currency === currency);
    return (
      <Figure label={label} href={contracts(f?.filter ?? { ...fallback, currency })} testId={`${testId}-${slug}`}>
        {f?.count ?? 0}
      </Figure>
    );
  };
  const amount = (
    list: { currency: string; amount: string; filter: Record<string, string | string[] | boolean> }[] | undefined,
    label: string,
    testId: string,
    fallback: Record<string, string | string[] | boolean>,
  ) => {
    if (!list) return <FigurePlaceholder label={label} />;
    const f = list.find((x) => x.currency === currency);
    return (
      <Figure label={label} href={runs(f?.filter ?? fallback)} testId={`${testId}-${slug}`}>
        <Money amount={f?.amount ?? "0.0000"} currency={currency} />
      </Figure>
    );
  };
  const m = mrr?.find((x) => x.currency === currency);
  return (
    <section aria-labelledby={`figures-${slug}`} className="space-y-3" data-testid={`currency-${slug}`}>
      <h2 id={`figures-${slug}`} className="text-lg font-semibold text-slate-900">
        {currency}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        {mrr ? (
          <Figure label="MRR" href={contracts(m?.filter ?? { state: "active", currency })} testId={`mrr-${slug}`}>
            <Money amount={m?.mrr ?? "0.0000"} currency={currency} />
          </Figure>
        ) : (
          <FigurePlaceholder label="MRR" />
        )}
        {count(figures?.active_contracts ?? [], "Active contracts", "active", { state: "active" })}
        {count(figures?.new_contracts ?? [], "New (30 days)", "new", {})}
        {count(figures?.churned_contracts ?? [], "Churned (30 days)", "churned", { state: "canceled" })}
        {amount(money?.billed, "Billed (30 days)", "billed", { currency })}
        {amount(money?.collected, "Collected (30 days)", "collected", { currency })}
      </div>
    </section>
  );
}
