"use client";
// The account's shipping options with edit and deactivate actions.
import { moneyColumn } from "@/components/admin/recordColumns";
import { Money } from "@/components/ui/Money";
import { CatalogRecordTable, type CatalogTableSpec } from "./CatalogRecordTable";
import type { CatalogRow } from "./catalogNouns";
import { ShippingOptionForm } from "./ShippingOptionForm";

const shippingOptionTable: CatalogTableSpec<CatalogRow<"shippingOptions">> = {
  resource: "shippingOptions",
  columns: [
    {
      id: "service_code",
      header: "Service code",
      accessorKey: "service_code",
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.service_code}</span>,
    },
    moneyColumn("price_amount", "Price", "price"),
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
  ],
  consequence: (option) => `“${option.name}” is no longer offered at checkout; orders already placed keep it.`,
  editForm: (option, onDone) => <ShippingOptionForm option={option} onDone={onDone} />,
};

export function ShippingOptionTable() {
  return <CatalogRecordTable {...shippingOptionTable} />;
}
