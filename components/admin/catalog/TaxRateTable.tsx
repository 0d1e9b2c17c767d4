"use client";
// The account's tax rates with edit and deactivate actions.
import type { ColumnDef } from "@/components/ui/DataTable";
import { formatPercent } from "@/components/ui/format";
import { CatalogRecordTable } from "./CatalogRecordTable";
import type { CatalogRow } from "./catalogNouns";
import { TaxRateForm } from "./TaxRateForm";

const columns: ColumnDef<CatalogRow<"taxRates">>[] = [
  { id: "name", header: "Name", accessorKey: "name" },
  {
    id: "percentage",
    header: "Percentage",
    meta: { align: "right" },
    accessorKey: "percentage",
    cell: ({ row }) => <span className="tabular-nums">{formatPercent(row.original.percentage)}</span>,
  },
];

export function TaxRateTable() {
  return (
    <CatalogRecordTable
      resource="taxRates"
      columns={columns}
      consequence={(rate) =>
        `“${rate.name}” (${formatPercent(rate.percentage)}) can no longer be chosen for products; products that use it keep it.`
      }
      editForm={(rate, onDone) => <TaxRateForm rate={rate} onDone={onDone} />}
    />
  );
}
