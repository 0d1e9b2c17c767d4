"use client";
// The account's webhook endpoints (secret prefixes only; the full secret is shown once, at creation or rotation).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { StatusChip } from "@/components/ui/StatusChip";

type Endpoint = RouterOutputs["webhooks"]["list"][number];

const events = (e: string[]) => (e.includes("*") ? "All events" : e.join(", "));

const columns: ColumnDef<Endpoint>[] = [
  {
    id: "url",
    header: "URL",
    cell: ({ row }) => (
      <Link href={`/admin/webhooks/${row.original.id}`} className="break-all font-medium text-blue-800 underline">
        {row.original.url}
      </Link>
    ),
  },
  { id: "events", header: "Events", cell: ({ row }) => events(row.original.enabled_events) },
  {
    id: "secret",
    header: "Signing secret",
    cell: ({ row }) => <span className="font-mono text-xs">{row.original.secret_prefix}…</span>,
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => <StatusChip status={row.original.active ? "enabled" : "inactive"} />,
  },
  { id: "created_at", header: "Created", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
];

export function WebhookEndpointTable() {
  const trpc = useTRPC();
  const q = useQuery(trpc.webhooks.list.queryOptions());
  return (
    <DataTable
      label="Webhook endpoints"
      testId="webhook-endpoints-table"
      columns={columns}
      {...rowsOf(q, q.data)}
      rowTestId={() => "webhook-endpoint-row"}
      empty={{
        title: "No webhook endpoints yet",
        message: "Add an endpoint to be told about contract and billing events.",
      }}
    />
  );
}
