"use client";
// The account's webhook endpoints (secret prefixes only; the full secret is shown once, at creation or rotation).
import { useQuery } from "@tanstack/react-query";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { activeStatusColumn, dateColumn, linkColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";

type Endpoint = RouterOutputs["webhooks"]["list"][number];

const events = (e: string[]) => (e.includes("*") ? "All events" : e.join(", "));

const endpointTable: ListTableSpec<Endpoint> = {
  label: "Webhook endpoints",
  useRows: () => useQuery(useTRPC().webhooks.list.queryOptions()),
  columns: [
    linkColumn(
      "url",
      "URL",
      (e) => `/admin/webhooks/${e.id}`,
      (e) => e.url,
      "break-all font-medium text-blue-800 underline",
    ),
    { id: "events", header: "Events", cell: ({ row }) => events(row.original.enabled_events) },
    {
      id: "secret",
      header: "Signing secret",
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.secret_prefix}…</span>,
    },
    activeStatusColumn("enabled"),
    dateColumn("created_at", "Created"),
  ],
  empty: {
    title: "No webhook endpoints yet",
    message: "Add an endpoint to be told about contract and billing events.",
  },
};

export function WebhookEndpointTable() {
  return <ListTable {...endpointTable} />;
}
