"use client";
// Keys of the account by prefix: the full key is only ever shown when it is created.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { StatusChip } from "@/components/ui/StatusChip";
import { RevokeApiKeyButton } from "./RevokeApiKeyButton";

type ApiKey = RouterOutputs["apiKeys"]["list"][number];

const columns: ColumnDef<ApiKey>[] = [
  { id: "name", header: "Name", cell: ({ row }) => row.original.name || "—" },
  { id: "kind", header: "Kind", cell: ({ row }) => row.original.kind },
  {
    id: "prefix",
    header: "Prefix",
    cell: ({ row }) => (
      <span className="font-mono text-xs" data-testid="api-key-prefix">
        {row.original.prefix}…
      </span>
    ),
  },
  { id: "created_at", header: "Created", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) =>
      row.original.revoked_at ? (
        <span className="inline-flex flex-wrap items-center gap-1">
          <StatusChip status="revoked" /> <DateTime value={row.original.revoked_at} />
        </span>
      ) : (
        <StatusChip status="active" />
      ),
  },
  {
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    meta: { align: "right" },
    cell: ({ row }) =>
      row.original.revoked_at ? null : (
        <RevokeApiKeyButton id={row.original.id} prefix={row.original.prefix} name={row.original.name} />
      ),
  },
];

export function ApiKeyTable() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  return (
    <DataTable
      label="API keys"
      testId="api-keys-table"
      columns={columns}
      {...rowsOf(keys, keys.data)}
      rowTestId={() => "api-key-row"}
      empty={{ message: "No API keys yet. Create the first one with the form below." }}
    />
  );
}
