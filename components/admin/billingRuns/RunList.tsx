"use client";
// /admin/billing-runs: the account's runs, newest first, filtered by state, period, customer and contract
// (all in the URL), paginated on the server by runs.list.
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { ExportLinks } from "@/components/admin/exports/ExportLinks";
import { PageTable } from "@/components/admin/QueryTable";
import { linkColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import type { ColumnDef } from "@/components/ui/DataTable";
import { DateRange } from "@/components/ui/DateTime";
import { inputClass } from "@/components/ui/Field";
import { FilterBar } from "@/components/ui/FilterBar";
import { pageOf, useUrlState } from "@/components/ui/useUrlState";
import {
  type RunRow,
  runLinkColumn,
  runScheduledColumn,
  runStateColumn,
  runStateWords,
  runTotalColumn,
} from "./runColumns";
import { PAGE_SIZE, RUN_STATES, runListQuery } from "./runListQuery";

const columns: ColumnDef<RunRow>[] = [
  runLinkColumn,
  linkColumn(
    "customer",
    "Customer",
    (r) => `/admin/customers/${r.customer_id}`,
    (r) => r.customer_reference,
  ),
  linkColumn(
    "contract",
    "Contract",
    (r) => `/admin/contracts/${r.contract_id}`,
    (r) => `Contract ${r.contract_id}`,
  ),
  runStateColumn,
  {
    id: "period",
    header: "Period",
    cell: ({ row }) => <DateRange start={row.original.period_start_at} end={row.original.period_end_at} />,
  },
  runScheduledColumn,
  { id: "attempts", header: "Attempts", meta: { align: "right" }, cell: ({ row }) => row.original.attempt_count },
  runTotalColumn,
];

/** Text filters that apply on change (blur or Enter), kept in the URL like the selects. */
function TextFilter({ name, label: text, type = "text" }: { name: string; label: string; type?: "text" | "date" }) {
  const [params, set] = useUrlState();
  const id = useId();
  const value = params.get(name) ?? "";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {text}
      </label>
      <input
        id={id}
        type={type}
        defaultValue={type === "date" ? value.slice(0, 10) : value}
        key={value}
        className={`${inputClass} ${type === "text" ? "w-32" : ""}`}
        onBlur={(e) => {
          if (e.target.value !== value) set({ [name]: e.target.value.trim() || null });
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") set({ [name]: e.currentTarget.value.trim() || null });
        }}
      />
    </div>
  );
}

export function RunList() {
  const trpc = useTRPC();
  const [params, set] = useUrlState();
  const input = runListQuery(params, pageOf(params));
  const runs = useQuery(trpc.runs.list.queryOptions(input));
  const hidden = ["scheduled_from", "scheduled_to", "paid_from", "paid_to"].filter((k) => params.get(k));
  return (
    <div className="space-y-4">
      <FilterBar
        search={{ label: "Customer", placeholder: "Reference or id", param: "customer" }}
        filters={[
          {
            name: "state",
            label: "State",
            allLabel: "All states",
            options: [
              ...RUN_STATES.map((s) => ({ value: s, label: runStateWords(s) })),
              { value: "failed,exhausted,pending_external", label: "needs attention" },
            ],
          },
        ]}
      >
        <TextFilter name="contract" label="Contract id" />
        <TextFilter name="period_from" label="Period from" type="date" />
        <TextFilter name="period_to" label="Period to" type="date" />
      </FilterBar>
      {hidden.length || params.get("currency") ? (
        <p className="text-sm text-slate-700" data-testid="extra-filters">
          Also filtered by{" "}
          {[
            params.get("currency") && `currency ${params.get("currency")}`,
            (params.get("scheduled_from") || params.get("scheduled_to")) && "scheduled in the dashboard's window",
            (params.get("paid_from") || params.get("paid_to")) && "paid in the dashboard's window",
          ]
            .filter(Boolean)
            .join(", ")}
          .{" "}
          <Button variant="link" onClick={() => set(Object.fromEntries([...hidden, "currency"].map((k) => [k, null])))}>
            Show all
          </Button>
        </p>
      ) : null}
      <ExportLinks
        kind="billing-runs"
        what="billing runs"
        filters={input.filters}
        more={[
          { kind: "billing-run-lines", label: "Lines CSV" },
          { kind: "receipts", label: "Receipts CSV" },
        ]}
      />
      <PageTable
        label="Billing runs"
        testId="runs-table"
        columns={columns}
        query={runs}
        pageSize={PAGE_SIZE}
        getRowId={(r) => String(r.id)}
        empty={{
          title: "No billing runs",
          message: params.toString()
            ? "No run matches these filters."
            : "Runs appear when a contract bills (in test mode, advance the test clock).",
          action: { href: "/admin/billing/test-clock", label: "Open the test clock" },
        }}
      />
    </div>
  );
}
