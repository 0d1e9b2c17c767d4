"use client";
// All products of the account (active and inactive) with their active price count.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { activeStatusColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";

type Product = RouterOutputs["catalog"]["products"]["list"][number];

const columns: ColumnDef<Product>[] = [
  {
    id: "name",
    header: "Name",
    accessorKey: "name",
    cell: ({ row }) => (
      <Link href={`/admin/products/${row.original.id}`} className="font-medium text-blue-800 hover:underline">
        {row.original.name}
      </Link>
    ),
  },
  {
    id: "reference",
    header: "Reference",
    accessorFn: (p) => p.reference ?? "",
    cell: ({ row }) => <span className="font-mono text-xs text-slate-700">{row.original.reference ?? "—"}</span>,
  },
  { id: "tax_policy", header: "Tax policy", accessorFn: (p) => p.tax_policy ?? "untaxed" },
  {
    id: "active_prices",
    header: "Active prices",
    meta: { align: "right" },
    accessorKey: "active_price_count",
    cell: ({ row }) => (
      <span className="tabular-nums" data-testid="active-price-count">
        {row.original.active_price_count}
      </span>
    ),
  },
  activeStatusColumn(),
];

export function ProductTable() {
  const trpc = useTRPC();
  const products = useQuery(trpc.catalog.products.list.queryOptions({ active: "all" }));
  return (
    <DataTable
      label="Products"
      testId="products-table"
      columns={columns}
      {...rowsOf(products, products.data)}
      rowTestId={() => "product-row"}
      rowProps={(p) => ({ "data-product-id": p.id })}
      empty={{ message: "No products yet. Create the first one with the form below." }}
    />
  );
}
