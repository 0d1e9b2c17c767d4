"use client";
// The account's customers (by reference, as the API addresses them).
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../trpc/client";
import type { RouterOutputs } from "../../trpc/types";
import { DataTable, type ColumnDef } from "../../ui/DataTable";
import { DateTime } from "../../ui/DateTime";

type Customer = RouterOutputs["customers"]["list"][number];

const columns: ColumnDef<Customer>[] = [
  { id: "reference", header: "Reference", cell: ({ row }) => <span className="font-mono text-xs">{row.original.reference}</span> },
  { id: "name", header: "Name", cell: ({ row }) => row.original.name ?? "—" },
  { id: "email", header: "Email", cell: ({ row }) => row.original.email ?? "—" },
  { id: "created_at", header: "Created", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
];

export function CustomerTable() {
  const trpc = useTRPC();
  const customers = useQuery(trpc.customers.list.queryOptions());
  return (
    <DataTable label="Customers" testId="customers-table" columns={columns} data={customers.data} loading={customers.isPending} error={customers.error}
      rowTestId={() => "customer-row"} empty={{ message: "No customers yet. Create the first one with the form below, or through the API." }} />
  );
}
