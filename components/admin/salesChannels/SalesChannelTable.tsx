"use client";
// The account's sales channels, active and inactive.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { StatusChip } from "@/components/ui/StatusChip";

type Channel = RouterOutputs["settings"]["salesChannels"]["list"][number];

const columns: ColumnDef<Channel>[] = [
  {
    id: "name",
    header: "Name",
    cell: ({ row }) => (
      <Link href={`/admin/sales-channels/${row.original.id}`} className="font-medium text-blue-800 underline">
        {row.original.name}
      </Link>
    ),
  },
  {
    id: "origins",
    header: "Allowed origins",
    cell: ({ row }) => <span className="break-all font-mono text-xs">{row.original.allowed_origins.join(", ")}</span>,
  },
  {
    id: "processors",
    header: "Processors",
    meta: { align: "right" },
    cell: ({ row }) => row.original.processor_ids.length,
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => <StatusChip status={row.original.active ? "active" : "inactive"} />,
  },
  { id: "updated_at", header: "Updated", cell: ({ row }) => <DateTime value={row.original.updated_at} /> },
];

export function SalesChannelTable() {
  const trpc = useTRPC();
  const q = useQuery(trpc.settings.salesChannels.list.queryOptions());
  return (
    <DataTable
      label="Sales channels"
      testId="sales-channels-table"
      columns={columns}
      {...rowsOf(q, q.data)}
      rowTestId={() => "sales-channel-row"}
      empty={{
        title: "No sales channels yet",
        message: "A sales channel is an offer your website sells through the embedded checkout.",
        action: { href: "/admin/sales-channels/new", label: "Create the first sales channel" },
      }}
    />
  );
}
