"use client";
// Keys of the account by prefix: the full key is only ever shown when it is created.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../trpc/client";
import { Badge } from "../../ui/Badge";
import { formatDateTime } from "../../ui/format";
import { Loading, QueryError } from "../../ui/QueryState";

const KIND_TONE = { secret: "red", public: "blue", token: "purple" } as const;

export function ApiKeyTable() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  if (keys.isPending) return <Loading what="API keys" />;
  if (keys.isError) return <QueryError error={keys.error} />;
  if (!keys.data.length) return <p className="text-sm text-slate-500">No API keys.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="api-keys-table">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr><th className="py-2 pr-4">Name</th><th className="py-2 pr-4">Kind</th><th className="py-2 pr-4">Prefix</th><th className="py-2 pr-4">Created</th><th className="py-2">Status</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {keys.data.map((k) => (
            <tr key={k.id} data-testid="api-key-row">
              <td className="py-2 pr-4">{k.name || "—"}</td>
              <td className="py-2 pr-4"><Badge tone={KIND_TONE[k.kind as keyof typeof KIND_TONE] ?? "slate"}>{k.kind}</Badge></td>
              <td className="py-2 pr-4 font-mono text-xs" data-testid="api-key-prefix">{k.prefix}…</td>
              <td className="py-2 pr-4">{formatDateTime(k.created_at)}</td>
              <td className="py-2">{k.revoked_at ? <Badge>revoked {formatDateTime(k.revoked_at)}</Badge> : <Badge tone="green">active</Badge>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
