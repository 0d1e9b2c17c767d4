"use client";
// The account's customers: search (reference, name, email) and page kept in the URL, newest first.
import { useQuery } from "@tanstack/react-query";
import { ExportLinks } from "@/components/admin/exports/ExportLinks";
import { PageTable } from "@/components/admin/QueryTable";
import { dateColumn, linkColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import type { ColumnDef } from "@/components/ui/DataTable";
import { FilterBar } from "@/components/ui/FilterBar";
import { pageOf, useUrlState } from "@/components/ui/useUrlState";

type Customer = RouterOutputs["customers"]["search"]["results"][number];
const PAGE_SIZE = 20; // the router's CUSTOMER_PAGE_SIZE

export const customerHref = (c: { reference: string }) => `/admin/customers/${encodeURIComponent(c.reference)}`;

const columns: ColumnDef<Customer>[] = [
  linkColumn<Customer>(
    "reference",
    "Reference",
    customerHref,
    (c) => c.reference,
    "font-mono text-xs text-blue-800 hover:underline",
  ),
  { id: "name", header: "Name", cell: ({ row }) => row.original.name ?? "—" },
  { id: "email", header: "Email", cell: ({ row }) => row.original.email ?? "—" },
  dateColumn("created_at", "Created"),
];

export function CustomerList() {
  const trpc = useTRPC();
  const [params] = useUrlState();
  const q = params.get("q") ?? undefined;
  const customers = useQuery(trpc.customers.search.queryOptions({ q, page: pageOf(params) }));
  return (
    <div className="space-y-3">
      <FilterBar search={{ label: "Search customers", placeholder: "Reference, name or email" }} />
      <ExportLinks kind="customers" what="customers" filters={{ q }} />
      <PageTable
        label="Customers"
        columns={columns}
        query={customers}
        pageSize={PAGE_SIZE}
        empty={
          q
            ? { message: `No customer matches “${q}”.`, testId: "customers-empty" }
            : {
                title: "No customers yet",
                message: "Create the first one with the form below, or through the API (POST /v2/customers/).",
                testId: "customers-empty",
              }
        }
      />
    </div>
  );
}
