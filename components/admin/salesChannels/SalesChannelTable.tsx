"use client";
// The account's sales channels, active and inactive.
import { useQuery } from "@tanstack/react-query";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { activeStatusColumn, dateColumn, linkColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";

type Channel = RouterOutputs["settings"]["salesChannels"]["list"][number];

const salesChannelTable: ListTableSpec<Channel> = {
  label: "Sales channels",
  useRows: () => useQuery(useTRPC().settings.salesChannels.list.queryOptions()),
  columns: [
    linkColumn(
      "name",
      "Name",
      (c) => `/admin/sales-channels/${c.id}`,
      (c) => c.name,
      "font-medium text-blue-800 underline",
    ),
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
    activeStatusColumn(),
    dateColumn("updated_at", "Updated"),
  ],
  empty: {
    title: "No sales channels yet",
    message: "A sales channel is an offer your website sells through the embedded checkout.",
    action: { href: "/admin/sales-channels/new", label: "Create the first sales channel" },
  },
};

export function SalesChannelTable() {
  return <ListTable {...salesChannelTable} />;
}
