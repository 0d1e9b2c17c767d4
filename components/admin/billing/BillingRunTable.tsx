"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../trpc/client";
import { formatDateTime } from "../../ui/format";
import { Loading, QueryError } from "../../ui/QueryState";

/** Runs still waiting for a charge can take contract credit (never applied automatically, spec 4.6). */
const CREDITABLE = new Set(["scheduled", "failed", "exhausted"]);

export function BillingRunTable() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const runs = useQuery(trpc.billing.runs.queryOptions());
  const applyCredit = useMutation(trpc.billing.applyCredit.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  if (runs.isPending) return <Loading what="billing runs" />;
  if (runs.isError) return <QueryError error={runs.error} />;
  if (!runs.data.length) return <p className="text-sm text-slate-500">No billing runs yet.</p>;
  const th = "py-2 pr-4";
  return (
    <div className="overflow-x-auto">
      {applyCredit.error && <p className="mb-2 text-sm text-red-700" role="alert">{applyCredit.error.message}</p>}
      <table className="w-full text-left text-sm" data-testid="runs-table">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th className={th}>Run</th><th className={th}>Contract</th><th className={th}>Kind</th><th className={th}>State</th><th className={th}>Period</th>
            <th className={`${th} text-right`}>Total</th><th className={`${th} text-right`}>Credit applied</th><th className={`${th} text-right`}>Rounding</th>
            <th className={`${th} text-right`}>Charged</th><th className={th}>Attempts</th><th className="py-2" />
          </tr>
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
              <td className="py-2 pr-4 text-right font-mono" data-testid="run-credit">{r.credit_applied_amount}</td>
              <td className="py-2 pr-4 text-right font-mono" data-testid="run-rounding">{r.rounding_adjustment_amount}</td>
              <td className="py-2 pr-4 text-right font-mono" data-testid="run-charged">{r.charged_amount}</td>
              <td className="py-2 pr-4">{r.attempt_count}{r.attempts.at(-1)?.fail_code ? ` (${r.attempts.at(-1)!.fail_code})` : ""}</td>
              <td className="py-2">
                {CREDITABLE.has(r.state) && (
                  <button
                    type="button" disabled={applyCredit.isPending} onClick={() => applyCredit.mutate({ id: r.id })}
                    className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50 disabled:opacity-50"
                  >
                    Apply credit
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
