"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../trpc/client";
import { formatDateTime } from "../../ui/format";
import { Loading, QueryError } from "../../ui/QueryState";

export function BillingRunTable() {
  const trpc = useTRPC();
  const runs = useQuery(trpc.billing.runs.queryOptions());
  if (runs.isPending) return <Loading what="billing runs" />;
  if (runs.isError) return <QueryError error={runs.error} />;
  if (!runs.data.length) return <p className="text-sm text-slate-500">No billing runs yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="runs-table">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr><th className="py-2 pr-4">Run</th><th className="py-2 pr-4">Contract</th><th className="py-2 pr-4">Kind</th><th className="py-2 pr-4">State</th><th className="py-2 pr-4">Period</th><th className="py-2 pr-4 text-right">Total</th><th className="py-2">Attempts</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.data.map((r) => (
            <tr key={r.id} data-testid="run-row">
              <td className="py-2 pr-4 font-mono text-xs">{r.id}</td>
              <td className="py-2 pr-4">{r.contract_id} · {r.customer_reference}</td>
              <td className="py-2 pr-4">{r.kind}</td>
              <td className="py-2 pr-4">{r.state}</td>
              <td className="py-2 pr-4">{formatDateTime(r.period_start_at)} → {formatDateTime(r.period_end_at)}</td>
              <td className="py-2 pr-4 text-right font-mono">{r.total_amount} {r.currency}</td>
              <td className="py-2">{r.attempt_count}{r.attempts.at(-1)?.fail_code ? ` (${r.attempts.at(-1)!.fail_code})` : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
