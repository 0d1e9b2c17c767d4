"use client";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
// The audit log's rows: when (account zone, UTC on hover), who, what, target (with the ids before/after), request id.
import type { AuditRow } from "@/server/domain/audit/audit";

const ACTOR_LABEL: Record<string, string> = {
  user: "user",
  api_key: "API key",
  subscriber: "subscriber",
  customer: "customer",
  system: "system",
};

function ids(r: AuditRow) {
  const parts = [];
  if (r.before_id && r.before_id !== r.target_id) parts.push(`before ${r.before_id}`);
  if (r.after_id && r.after_id !== r.target_id) parts.push(`after ${r.after_id}`);
  return parts.join(" · ");
}

const columns: ColumnDef<AuditRow>[] = [
  {
    id: "at",
    header: "When",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        <DateTime value={row.original.at} />
      </span>
    ),
  },
  {
    id: "who",
    header: "Who",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="font-medium">{ACTOR_LABEL[r.actor_type] ?? r.actor_type}</span>{" "}
        <span className="font-mono text-xs">{r.actor_label || r.actor_id || "—"}</span>
      </>
    ),
  },
  { id: "what", header: "What", cell: ({ row }) => <span className="font-mono text-xs">{row.original.action}</span> },
  {
    id: "target",
    header: "Target",
    cell: ({ row: { original: r } }) => (
      <>
        {r.target_type ?? "—"}
        {r.target_id ? <span className="font-mono text-xs"> #{r.target_id}</span> : null}
        {ids(r) ? <div className="text-xs text-slate-700">{ids(r)}</div> : null}
      </>
    ),
  },
  {
    id: "request_id",
    header: "Request id",
    cell: ({ row }) => <span className="font-mono text-xs">{row.original.request_id ?? "—"}</span>,
  },
];

export function AuditLogTable({ rows, total, pageSize }: { rows: AuditRow[]; total: number; pageSize: number }) {
  return (
    <DataTable
      label="Changes to this account, newest first"
      testId="audit-table"
      columns={columns}
      data={rows}
      total={total}
      pageSize={pageSize}
      rowTestId={() => "audit-row"}
      empty={{
        testId: "audit-empty",
        message: "No changes recorded yet. Changes through the console, the API or a public page appear here.",
      }}
    />
  );
}
