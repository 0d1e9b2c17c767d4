"use client";
// All products of the account (active and inactive) with their active price count.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "../../trpc/client";
import { Badge } from "../../ui/Badge";
import { Loading, QueryError } from "../../ui/QueryState";

export function ProductTable() {
  const trpc = useTRPC();
  const products = useQuery(trpc.catalog.products.list.queryOptions({ active: "all" }));
  if (products.isPending) return <Loading what="products" />;
  if (products.isError) return <QueryError error={products.error} />;
  if (!products.data.length) return <p className="text-sm text-slate-500">No products yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="products-table">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr><th className="py-2 pr-4">Name</th><th className="py-2 pr-4">Reference</th><th className="py-2 pr-4">Tax policy</th><th className="py-2 pr-4 text-right">Active prices</th><th className="py-2">Status</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {products.data.map((p) => (
            <tr key={p.id} data-testid="product-row" data-product-id={p.id}>
              <td className="py-2 pr-4"><Link href={`/admin/products/${p.id}`} className="font-medium text-blue-700 hover:underline">{p.name}</Link></td>
              <td className="py-2 pr-4 font-mono text-xs text-slate-600">{p.reference ?? "—"}</td>
              <td className="py-2 pr-4">{p.tax_policy ?? "untaxed"}</td>
              <td className="py-2 pr-4 text-right tabular-nums" data-testid="active-price-count">{p.active_price_count}</td>
              <td className="py-2">{p.active ? <Badge tone="green">active</Badge> : <Badge>inactive</Badge>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
