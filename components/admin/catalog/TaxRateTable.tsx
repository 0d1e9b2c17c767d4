"use client";
// The account's tax rates with edit and deactivate actions.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { Dialog } from "@/components/ui/Dialog";
import { StatusChip } from "@/components/ui/StatusChip";
import { toast } from "@/components/ui/Toaster";
import { ActiveToggle } from "./ActiveToggle";
import { CATALOG_PAGE_SIZE, CatalogListFilters, catalogEmpty, useCatalogListInput } from "./catalogList";
import { TaxRateForm } from "./TaxRateForm";

type TaxRate = RouterOutputs["catalogAdmin"]["taxRates"]["list"]["results"][number];

function RowActions({ rate }: { rate: TaxRate }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const toggle = useMutation(
    trpc.catalogAdmin.taxRates.update.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.active ? "Tax rate activated" : "Tax rate deactivated");
        await queryClient.invalidateQueries(trpc.catalogAdmin.taxRates.pathFilter());
      },
    }),
  );
  return (
    <div className="flex flex-wrap gap-2">
      <Dialog
        title={`Edit tax rate ${rate.name}`}
        open={editing}
        onOpenChange={setEditing}
        trigger={
          <button
            type="button"
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50"
          >
            Edit
          </button>
        }
      >
        <TaxRateForm rate={rate} onDone={() => setEditing(false)} />
      </Dialog>
      <ActiveToggle
        active={rate.active}
        what="tax rate"
        pending={toggle.isPending}
        error={toggle.error?.message}
        consequence={`“${rate.name}” (${rate.percentage} %) can no longer be chosen for products; products that use it keep it.`}
        onChange={(active) => toggle.mutate({ id: rate.id, active })}
      />
    </div>
  );
}

const columns: ColumnDef<TaxRate>[] = [
  { id: "name", header: "Name", accessorKey: "name" },
  {
    id: "percentage",
    header: "Percentage",
    meta: { align: "right" },
    accessorKey: "percentage",
    cell: ({ row }) => <span className="tabular-nums">{row.original.percentage} %</span>,
  },
  {
    id: "status",
    header: "Status",
    accessorFn: (r) => (r.active ? "active" : "inactive"),
    cell: ({ getValue }) => <StatusChip status={String(getValue())} />,
  },
  { id: "actions", header: "Actions", cell: ({ row }) => <RowActions rate={row.original} /> },
];

export function TaxRateTable() {
  const trpc = useTRPC();
  const input = useCatalogListInput();
  const rates = useQuery({
    ...trpc.catalogAdmin.taxRates.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-4">
      <CatalogListFilters what="tax rates" />
      <DataTable
        label="Tax rates"
        testId="tax-rates-table"
        columns={columns}
        data={rates.data?.results}
        total={rates.data?.count}
        pageSize={CATALOG_PAGE_SIZE}
        loading={rates.isPending}
        error={rates.error}
        rowTestId={() => "tax-rate-row"}
        empty={catalogEmpty(input, "tax rates", "No tax rates yet. Create the first one with the form below.")}
      />
    </div>
  );
}
