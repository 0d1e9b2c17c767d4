"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../trpc/client";
import type { RouterOutputs } from "../../trpc/types";
import { DataTable, type ColumnDef } from "../../ui/DataTable";
import { DateTime } from "../../ui/DateTime";
import { Money } from "../../ui/Money";
import { StatusChip } from "../../ui/StatusChip";

type Run = RouterOutputs["billing"]["runs"][number];

/** Runs still waiting for a charge can take contract credit (never applied automatically, spec 4.6). */
const CREDITABLE = new Set(["scheduled", "failed", "exhausted"]);

export function BillingRunTable() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const runs = useQuery(trpc.billing.runs.queryOptions());
  const applyCredit = useMutation(trpc.billing.applyCredit.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  const money = (testId: string | undefined, pick: (r: Run) => string | null) =>
    ({ row }: { row: { original: Run } }) => <Money amount={pick(row.original)} currency={row.original.currency} testId={testId} />;
  const columns: ColumnDef<Run>[] = [
    { id: "id", header: "Run", cell: ({ row }) => <span className="font-mono text-xs">{row.original.id}</span> },
    { id: "contract", header: "Contract", cell: ({ row }) => `${row.original.contract_id} · ${row.original.customer_reference}` },
    { id: "kind", header: "Kind", cell: ({ row }) => row.original.kind },
    { id: "state", header: "State", cell: ({ row }) => <StatusChip status={row.original.state} label={row.original.state} /> },
    { id: "period", header: "Period", cell: ({ row }) => <><DateTime value={row.original.period_start_at} /> → <DateTime value={row.original.period_end_at} /></> },
    { id: "total", header: "Total", meta: { align: "right" }, cell: money(undefined, (r) => r.total_amount) },
    { id: "credit", header: "Credit applied", meta: { align: "right" }, cell: money("run-credit", (r) => r.credit_applied_amount) },
    { id: "rounding", header: "Rounding", meta: { align: "right" }, cell: money("run-rounding", (r) => r.rounding_adjustment_amount) },
    { id: "charged", header: "Charged", meta: { align: "right" }, cell: money("run-charged", (r) => r.charged_amount) },
    { id: "attempts", header: "Attempts", cell: ({ row }) => `${row.original.attempt_count}${row.original.attempts.at(-1)?.fail_code ? ` (${row.original.attempts.at(-1)!.fail_code})` : ""}` },
    {
      id: "actions", header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => CREDITABLE.has(row.original.state) ? (
        <button type="button" disabled={applyCredit.isPending} onClick={() => applyCredit.mutate({ id: row.original.id })}
          className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-800 hover:bg-slate-50 disabled:cursor-wait">
          Apply credit
        </button>
      ) : null,
    },
  ];
  return (
    <div className="space-y-2">
      {applyCredit.error && <p className="text-sm text-red-800" role="alert">{applyCredit.error.message}</p>}
      <DataTable label="Billing runs" testId="runs-table" columns={columns} data={runs.data} loading={runs.isPending} error={runs.error}
        rowTestId={() => "run-row"} empty={{ message: "No billing runs yet. They appear when a contract bills (advance the test clock to bill now)." }} />
    </div>
  );
}
