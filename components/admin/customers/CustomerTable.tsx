"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../trpc/client";
import { formatDateTime } from "../../ui/format";
import { Loading, QueryError } from "../../ui/QueryState";

export function CustomerTable() {
  const trpc = useTRPC();
  const customers = useQuery(trpc.customers.list.queryOptions());
  if (customers.isPending) return <Loading what="customers" />;
  if (customers.isError) return <QueryError error={customers.error} />;
  if (!customers.data.length) return <p className="text-sm text-slate-500">No customers yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="customers-table">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr><th className="py-2 pr-4">Reference</th><th className="py-2 pr-4">Name</th><th className="py-2 pr-4">Email</th><th className="py-2">Created</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {customers.data.map((c) => (
            <tr key={c.id} data-testid="customer-row">
              <td className="py-2 pr-4 font-mono text-xs">{c.reference}</td>
              <td className="py-2 pr-4">{c.name ?? "—"}</td>
              <td className="py-2 pr-4">{c.email ?? "—"}</td>
              <td className="py-2">{formatDateTime(c.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
