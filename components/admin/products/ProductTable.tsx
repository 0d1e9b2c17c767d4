"use client";
// All products of the account (active and inactive) with their active price count.
import { useQuery } from "@tanstack/react-query";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { activeStatusColumn, nameLinkColumn, referenceColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";

type Product = RouterOutputs["catalog"]["products"]["list"][number];

const productTable: ListTableSpec<Product> = {
  label: "Products",
  useRows: () => useQuery(useTRPC().catalog.products.list.queryOptions({ active: "all" })),
  rowProps: (p) => ({ "data-product-id": p.id }),
  columns: [
    nameLinkColumn("/admin/products"),
    referenceColumn(),
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
  ],
  empty: "No products yet. Create the first one with the form below.",
};

export function ProductTable() {
  return <ListTable {...productTable} />;
}
