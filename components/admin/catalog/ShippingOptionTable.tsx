"use client";
// The account's shipping options with edit and deactivate actions.
import type { ColumnDef } from "@/components/ui/DataTable";
import { Money } from "@/components/ui/Money";
import { CatalogRecordTable } from "./CatalogRecordTable";
import type { CatalogRow } from "./catalogNouns";
import { ShippingOptionForm } from "./ShippingOptionForm";

const columns: ColumnDef<CatalogRow<"shippingOptions">>[] = [
  { id: "name", header: "Name", accessorKey: "name" },
  {
    id: "service_code",
    header: "Service code",
    accessorKey: "service_code",
    cell: ({ row }) => <span className="font-mono text-xs">{row.original.service_code}</span>,
  },
  {
    id: "price",
    header: "Price",
    meta: { align: "right" },
    cell: ({ row }) => <Money amount={row.original.price_amount} currency={row.original.currency} />,
  },
  {
    id: "free_above",
    header: "Free above",
    meta: { align: "right" },
    cell: ({ row }) =>
      row.original.free_above_amount ? (
        <Money amount={row.original.free_above_amount} currency={row.original.currency} />
      ) : (
        "—"
      ),
  },
];

export function ShippingOptionTable() {
  return (
    <CatalogRecordTable
      resource="shippingOptions"
      columns={columns}
      consequence={(option) => `“${option.name}” is no longer offered at checkout; orders already placed keep it.`}
      editForm={(option, onDone) => <ShippingOptionForm option={option} onDone={onDone} />}
    />
  );
}
