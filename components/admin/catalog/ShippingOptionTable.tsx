"use client";
// The account's shipping options with edit and deactivate actions.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { Dialog } from "@/components/ui/Dialog";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";
import { toast } from "@/components/ui/Toaster";
import { ActiveToggle } from "./ActiveToggle";
import { CATALOG_PAGE_SIZE, CatalogListFilters, catalogEmpty, useCatalogListInput } from "./catalogList";
import { ShippingOptionForm } from "./ShippingOptionForm";

type ShippingOption = RouterOutputs["catalogAdmin"]["shippingOptions"]["list"]["results"][number];

function RowActions({ option }: { option: ShippingOption }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const toggle = useMutation(
    trpc.catalogAdmin.shippingOptions.update.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.active ? "Shipping option activated" : "Shipping option deactivated");
        await queryClient.invalidateQueries(trpc.catalogAdmin.shippingOptions.pathFilter());
      },
    }),
  );
  return (
    <div className="flex flex-wrap gap-2">
      <Dialog
        title={`Edit shipping option ${option.name}`}
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
        <ShippingOptionForm option={option} onDone={() => setEditing(false)} />
      </Dialog>
      <ActiveToggle
        active={option.active}
        what="shipping option"
        pending={toggle.isPending}
        error={toggle.error?.message}
        consequence={`“${option.name}” is no longer offered at checkout; orders already placed keep it.`}
        onChange={(active) => toggle.mutate({ id: option.id, active })}
      />
    </div>
  );
}

const columns: ColumnDef<ShippingOption>[] = [
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
  {
    id: "status",
    header: "Status",
    accessorFn: (r) => (r.active ? "active" : "inactive"),
    cell: ({ getValue }) => <StatusChip status={String(getValue())} />,
  },
  { id: "actions", header: "Actions", cell: ({ row }) => <RowActions option={row.original} /> },
];

export function ShippingOptionTable() {
  const trpc = useTRPC();
  const input = useCatalogListInput();
  const rows = useQuery({
    ...trpc.catalogAdmin.shippingOptions.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-4">
      <CatalogListFilters what="shipping options" />
      <DataTable
        label="Shipping options"
        testId="shipping-options-table"
        columns={columns}
        data={rows.data?.results}
        total={rows.data?.count}
        pageSize={CATALOG_PAGE_SIZE}
        loading={rows.isPending}
        error={rows.error}
        rowTestId={() => "shipping-option-row"}
        empty={catalogEmpty(
          input,
          "shipping options",
          "No shipping options yet. Create the first one with the form below.",
        )}
      />
    </div>
  );
}
