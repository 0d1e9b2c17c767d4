"use client";
// Keys of the account by prefix: the full key is only ever shown when it is created.
import { useQuery } from "@tanstack/react-query";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { actionsColumn, dateColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { DateTime } from "@/components/ui/DateTime";
import { StatusChip } from "@/components/ui/StatusChip";
import { RevokeApiKeyButton } from "./RevokeApiKeyButton";

type ApiKey = RouterOutputs["apiKeys"]["list"][number];

const apiKeyTable: ListTableSpec<ApiKey> = {
  label: "API keys",
  useRows: () => useQuery(useTRPC().apiKeys.list.queryOptions()),
  columns: [
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
    dateColumn("created_at", "Created"),
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
    actionsColumn(
      (key) => (key.revoked_at ? null : <RevokeApiKeyButton id={key.id} prefix={key.prefix} name={key.name} />),
      { hiddenHeader: true, align: "right" },
    ),
  ],
  empty: "No API keys yet. Create the first one with the form below.",
};

export function ApiKeyTable() {
  return <ListTable {...apiKeyTable} />;
}
