"use client";
// All contracts: filters (state, service state, currency, billing attention), search by customer reference
// or contract id, sort by created or next billing, pagination; everything in the URL (useUrlState), the
// server reads it and loads the page.
import Link from "next/link";
import type { ContractOut } from "@/server/schemas/contracts";
import { DataTable, type ColumnDef } from "../../ui/DataTable";
import { DateTime } from "../../ui/DateTime";
import { FilterBar } from "../../ui/FilterBar";
import { StatusChip } from "../../ui/StatusChip";

const opts = (values: string[]) => values.map((v) => ({ value: v, label: v.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase()) }));

const columns: ColumnDef<ContractOut>[] = [
  { id: "id", header: "Contract", cell: ({ row: { original: c } }) => <Link className="font-medium text-blue-800 underline" href={`/admin/contracts/${c.id}`}>Contract {c.id}</Link> },
  { id: "customer", header: "Customer", cell: ({ row: { original: c } }) => <span>{c.customer.name ?? c.customer.reference}<span className="block text-xs text-slate-700">{c.customer.reference}</span></span> },
  { id: "state", header: "State", cell: ({ row: { original: c } }) => (
    <span className="flex flex-wrap gap-1">
      <StatusChip status={c.state} />
      {c.billing_attention_required ? <StatusChip status="attention" label="Billing attention" /> : null}
      {c.cancel_at ? <StatusChip status="pending" label="Cancel pending" /> : null}
    </span>
  ) },
  { id: "service", header: "Service", cell: ({ row }) => <StatusChip status={row.original.service_state} /> },
  { id: "items", header: "Items", cell: ({ row }) => row.original.items.filter((i) => i.status === "active").map((i) => `${i.product_name}${i.quantity > 1 ? ` × ${i.quantity}` : ""}`).join(", ") || "—" },
  { id: "currency", header: "Currency", cell: ({ row }) => row.original.currency },
  { id: "next_billing_at", header: "Next billing", enableSorting: true, cell: ({ row }) => <DateTime value={row.original.next_billing_at} dateOnly empty="—" /> },
  { id: "created_at", header: "Created", enableSorting: true, cell: ({ row }) => <DateTime value={row.original.created_at} dateOnly /> },
];

export function ContractList({ results, count, pageSize, currencies }: { results: ContractOut[]; count: number; pageSize: number; currencies: string[] }) {
  return (
    <div className="space-y-4">
      <FilterBar
        search={{ label: "Search contracts", placeholder: "Customer reference or contract id" }}
        filters={[
          { name: "state", label: "State", options: opts(["active", "paused", "inactive", "canceled", "ended"]) },
          { name: "service_state", label: "Service state", options: opts(["active", "partial", "past_due", "inactive"]) },
          { name: "currency", label: "Currency", options: currencies.map((c) => ({ value: c, label: c })) },
          { name: "attention", label: "Billing attention", allLabel: "Any", options: [{ value: "true", label: "Needs attention" }, { value: "false", label: "No attention needed" }] },
        ]} />
      <DataTable label="Contracts" columns={columns} data={results} total={count} pageSize={pageSize} getRowId={(c) => String(c.id)} rowTestId={(c) => `contract-row-${c.id}`}
        empty={{ title: "No contracts match", message: "Contracts appear here when a customer subscribes through a checkout, or when you create one through the API (POST /v2/subscription-contracts/).", action: { href: "/admin/customers", label: "Go to customers" } }} />
    </div>
  );
}
