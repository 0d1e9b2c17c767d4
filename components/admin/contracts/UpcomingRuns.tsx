"use client";
// "Upcoming runs" of a contract: the runs the billing worker would create from the contract as it is now
// (forecast.upcoming, the domain function behind GET /v2/subscription-contracts/{id}/upcoming/). Each
// run opens to its lines with the explanation the API returns (price version, quantity, discount,
// proration, tax). Nothing is written.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/Card";
import { DateTime } from "@/components/ui/DateTime";
import { LineAmount } from "@/components/ui/LineAmount";
import { Money } from "@/components/ui/Money";
import { Options } from "@/components/ui/Options";
import { Loading, QueryError } from "@/components/ui/QueryState";

const HORIZONS = [
  { label: "Next run", months: 0 },
  { label: "12 months", months: 12 },
  { label: "24 months", months: 24 },
] as const;

/** `until` for a horizon, from the browser's day (the server caps it at 24 months from the account clock). */
function untilFor(months: number): string | undefined {
  if (!months) return undefined;
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export function UpcomingRuns({ contractId, currency }: { contractId: number; currency: string }) {
  const trpc = useTRPC();
  const [months, setMonths] = useState<number>(0);
  const q = useQuery(trpc.forecast.upcoming.queryOptions({ id: contractId, until: untilFor(months) }));
  return (
    <Card
      title="Upcoming runs"
      testId="contract-upcoming-runs"
      actions={
        <label className="flex items-center gap-2 text-sm">
          Show
          <select
            className="rounded border border-slate-300 px-2 py-1"
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
          >
            <Options of={HORIZONS} value={(h) => h.months} label={(h) => h.label} />
          </select>
        </label>
      }
    >
      {q.error ? (
        <QueryError error={q.error} />
      ) : !q.data ? (
        <Loading what="upcoming runs" />
      ) : q.data.results.length === 0 ? (
        <p className="text-sm text-slate-700">No regular run is due in this period.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {q.data.results.map((r) => (
            <li key={r.period_key} className="py-2">
              <details>
                <summary className="flex cursor-pointer justify-between gap-4">
                  <span>
                    <DateTime value={r.scheduled_at} dateOnly /> · <DateTime value={r.period_start_at} dateOnly /> to{" "}
                    <DateTime value={r.period_end_at} dateOnly />
                  </span>
                  <span>
                    <Money amount={r.total_amount} currency={currency} testId="upcoming-run-total" />
                    {r.credit_applied_amount !== "0.0000" ? (
                      <span className="ml-2 text-xs text-slate-700">
                        credit <Money amount={r.credit_applied_amount} currency={currency} />
                      </span>
                    ) : null}
                  </span>
                </summary>
                <ul className="mt-2 space-y-1 pl-4">
                  {r.lines.map((l, i) => (
                    <li key={i} className="flex justify-between gap-4">
                      <span>
                        {l.product_name} × {l.quantity}
                        <span className="block text-xs text-slate-700" data-testid="upcoming-line-explanation">
                          {l.description}
                        </span>
                      </span>
                      <span className="text-right">
                        <LineAmount amount={l.line_total_amount} currency={currency} explanation={l.description} />
                        <span className="block text-xs text-slate-700">
                          tax <Money amount={l.line_tax_amount} currency={currency} />
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
