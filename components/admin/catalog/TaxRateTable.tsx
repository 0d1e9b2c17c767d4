"use client";
// The account's tax rates with edit and deactivate actions.
import { formatPercent } from "@/components/ui/format";
import { CatalogRecordTable, type CatalogTableSpec } from "./CatalogRecordTable";
import type { CatalogRow } from "./catalogNouns";
import { TaxRateForm } from "./TaxRateForm";

const taxRateTable: CatalogTableSpec<CatalogRow<"taxRates">> = {
  resource: "taxRates",
  columns: [
    {
      id: "percentage",
      header: "Percentage",
      meta: { align: "right" },
      accessorKey: "percentage",
      cell: ({ row }) => <span className="tabular-nums">{formatPercent(row.original.percentage)}</span>,
    },
  ],
  consequence: (rate) =>
    `“${rate.name}” (${formatPercent(rate.percentage)}) can no longer be chosen for products; products that use it keep it.`,
  editForm: (rate, onDone) => <TaxRateForm rate={rate} onDone={onDone} />,
};

export function TaxRateTable() {
  return <CatalogRecordTable {...taxRateTable} />;
}
