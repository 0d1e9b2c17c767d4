"use client";
// Runs needing attention (failed, exhausted, waiting on the processor, disputed) and renewals due in the next 7
// days with what they will bill, per currency; each number links to its rows.
import Link from "next/link";
import { listHref } from "@/components/admin/billingRuns/runListQuery";
import type { RouterOutputs } from "@/components/trpc/types";
import { Card } from "@/components/ui/Card";
import { Money } from "@/components/ui/Money";
import { Figure, FigurePlaceholder } from "./Figure";

type Figures = RouterOutputs["dashboard"]["figures"];
const STATE_LABEL: Record<string, string> = {
  failed: "Failed runs",
  exhausted: "Exhausted runs",
  pending_external: "Pending external",
  disputed: "Open disputes",
};

export function AttentionAndRenewals({ figures }: { figures?: Figures }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Runs needing attention" testId="runs-attention">
        {!figures ? (
          <FigurePlaceholder label="Runs needing attention" />
        ) : figures.runs_needing_attention.length === 0 ? (
          <p className="text-sm text-slate-700">
            No failed, exhausted or pending run and no open dispute.{" "}
            <Link className="text-blue-800 underline" href="/admin/billing-runs">
              All billing runs
            </Link>
          </p>
        ) : (
          <div className="grid grid-cols-2 gap-3">
            {figures.runs_needing_attention.map((r) => (
              <Figure
                key={`${r.currency}-${r.state}`}
                label={`${STATE_LABEL[r.state] ?? r.state} · ${r.currency}`}
                href={listHref("/admin/billing-runs", r.filter)}
                testId={`attention-${r.state}-${r.currency.toLowerCase()}`}
              >
                {r.count}
              </Figure>
            ))}
          </div>
        )}
      </Card>
      <Card title="Renewals in the next 7 days" testId="renewals-due">
        {!figures ? (
          <FigurePlaceholder label="Renewals due" />
        ) : figures.renewals_due.length === 0 ? (
          <p className="text-sm text-slate-700">No contract renews in the next 7 days.</p>
        ) : (
          <div className="grid grid-cols-2 gap-3">
            {figures.renewals_due.map((r) => (
              <Figure
                key={r.currency}
                label={`${r.count} renewal${r.count === 1 ? "" : "s"} · ${r.currency}`}
                href={listHref("/admin/contracts", r.filter)}
                testId={`renewals-${r.currency.toLowerCase()}`}
              >
                <Money amount={r.amount} currency={r.currency} />
              </Figure>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
