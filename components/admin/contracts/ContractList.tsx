"use client";
// All contracts: filters (state, service state, currency, billing attention, customer), search by customer
// reference or contract id, sort by created or next billing, pagination, all in the URL (useUrlState);
// contracts.list filters, sorts and pages on the server.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ExportLinks } from "@/components/admin/exports/ExportLinks";
import { linkColumn, moneyColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import { type ColumnDef, DataTable, pageRowsOf } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { FilterBar } from "@/components/ui/FilterBar";
import { StatusChip } from "@/components/ui/StatusChip";
import { pageOf, sortOf, useUrlState } from "@/components/ui/useUrlState";
import { type ContractRow, contractListQuery } from "./listQuery";
import { RangeFilterNote } from "./RangeFilterNote";

const PAGE_SIZE = 25;
const opts = (values: string[]) =>
  values.map((v) => ({ value: v, label: v.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase()) }));

const columns: ColumnDef<ContractRow>[] = [
  linkColumn(
    "id",
    "Contract",
    (c) => `/admin/contracts/${c.id}`,
    (c) => `Contract ${c.id}`,
    "font-medium text-blue-800 underline",
  ),
  {
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: c } }) => (
      <span>
        {c.customer_name ?? c.customer_reference}
        <span className="block text-xs text-slate-700">{c.customer_reference}</span>
      </span>
    ),
  },
  {
    id: "state",
    header: "State",
    cell: ({ row: { original: c } }) => (
      <span className="flex flex-wrap gap-1">
        <StatusChip status={c.state} />
        {c.billing_attention_required ? <StatusChip status="attention" label="Billing attention" /> : null}
      </span>
    ),
  },
  { id: "service", header: "Service", cell: ({ row }) => <StatusChip status={row.original.service_state} /> },
  { id: "currency", header: "Currency", cell: ({ row }) => row.original.currency },
  {
    id: "next_billing_at",
    header: "Next billing",
    enableSorting: true,
    cell: ({ row }) => <DateTime value={row.original.next_billing_at} dateOnly empty="—" />,
  },
  moneyColumn("next_charge_amount", "Next charge", "next_amount"),
  {
    id: "created_at",
    header: "Created",
    enableSorting: true,
    cell: ({ row }) => <DateTime value={row.original.created_at} dateOnly />,
  },
];

export function ContractList({ currencies }: { currencies: string[] }) {
  const trpc = useTRPC();
  const [params] = useUrlState();
  const input = contractListQuery(params, pageOf(params), sortOf(params), PAGE_SIZE);
  const list = useQuery({ ...trpc.contracts.list.queryOptions(input), placeholderData: keepPreviousData });
  return (
    <div className="space-y-4">
      <FilterBar
        search={{ label: "Search contracts", placeholder: "Customer reference or contract id" }}
        filters={[
          { name: "state", label: "State", options: opts(["active", "paused", "inactive", "canceled", "ended"]) },
          {
            name: "service_state",
            label: "Service state",
            options: opts(["active", "partial", "past_due", "inactive"]),
          },
          { name: "currency", label: "Currency", options: currencies.map((c) => ({ value: c, label: c })) },
          {
            name: "attention",
            label: "Billing attention",
            allLabel: "Any",
            options: [
              { value: "true", label: "Needs attention" },
              { value: "false", label: "No attention needed" },
            ],
          },
        ]}
      >
        <CustomerFilter />
      </FilterBar>
      <RangeFilterNote />
      <ExportLinks
        kind="contracts"
        what="contracts"
        filters={{ ...input.filters, q: input.search }}
        more={[{ kind: "contract-items", label: "Items CSV" }]}
      />
      <DataTable
        label="Contracts"
        columns={columns}
        {...pageRowsOf(list, PAGE_SIZE)}
        getRowId={(c) => String(c.id)}
        rowTestId={(c) => `contract-row-${c.id}`}
        empty={{
          title: "No contracts match",
          message:
            "Contracts appear here when a customer subscribes through a checkout, or when you create one through the API (POST /v2/subscription-contracts/).",
          action: { href: "/admin/customers", label: "Go to customers" },
        }}
      />
    </div>
  );
}

/** The customer filter: a customer reference or id, applied on Enter. */
function CustomerFilter() {
  const [params, set] = useUrlState();
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        set({ customer: String(new FormData(e.currentTarget).get("customer") ?? "").trim() || null });
      }}
    >
      <label htmlFor="contract-customer-filter" className="text-sm font-medium text-slate-700">
        Customer
      </label>
      <input
        id="contract-customer-filter"
        name="customer"
        key={params.get("customer") ?? ""}
        defaultValue={params.get("customer") ?? ""}
        placeholder="Reference or id"
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
      />
    </form>
  );
}
