"use client";
// A customer's contracts and billing runs, each linking to its own page; one page of each, newest first,
// paged by its own parameter (?contracts_page=N, ?runs_page=N).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { runPath } from "@/components/admin/adminPaths";
import { PagedListTable, type PagedListTableSpec } from "@/components/admin/QueryTable";
import { dateColumn, linkColumn, moneyColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import type { ColumnDef } from "@/components/ui/DataTable";
import { DateRange } from "@/components/ui/DateTime";
import { StatusChip } from "@/components/ui/StatusChip";

type Contract = RouterOutputs["customers"]["contracts"]["results"][number];
type Run = RouterOutputs["customers"]["runs"]["results"][number];

const link = "text-blue-800 hover:underline";

/** A table of the customer page: one page of the customer's records of a kind, found by its reference. */
function customerRecords<T>(
  records: string,
  testId: string,
  pageParam: string,
  usePage: PagedListTableSpec<T, string>["usePage"],
  columns: ColumnDef<T>[],
): Omit<PagedListTableSpec<T, string>, "empty"> {
  return { label: `${records} of this customer`, testId, pageParam, usePage, columns };
}

const contractsTable = customerRecords<Contract>(
  "Contracts",
  "customer-contracts",
  "contracts_page",
  (reference, page) =>
    useQuery(useTRPC().customers.contracts.queryOptions({ reference, page }, { placeholderData: keepPreviousData })),
  [
    linkColumn(
      "id",
      "Contract",
      (c) => `/admin/contracts/${c.id}`,
      (c) => `Contract #${c.id}`,
      link,
    ),
    { id: "state", header: "State", cell: ({ row }) => <StatusChip status={row.original.state} /> },
    {
      id: "items",
      header: "Items",
      cell: ({ row }) => row.original.items.map((i) => i.product_name).join(", ") || "—",
    },
    dateColumn("next_billing_at", "Next billing", "next"),
    dateColumn("created_at", "Created", "created"),
  ],
);

const runsTable = customerRecords<Run>(
  "Billing runs",
  "customer-runs",
  "runs_page",
  (reference, page) =>
    useQuery(useTRPC().customers.runs.queryOptions({ reference, page }, { placeholderData: keepPreviousData })),
  [
    linkColumn(
      "id",
      "Run",
      (r) => runPath(r.id),
      (r) => `Run #${r.id}`,
      link,
    ),
    linkColumn(
      "contract",
      "Contract",
      (r) => `/admin/contracts/${r.contract_id}`,
      (r) => `#${r.contract_id}`,
      link,
    ),
    { id: "kind", header: "Kind", cell: ({ row }) => row.original.kind },
    { id: "state", header: "State", cell: ({ row }) => <StatusChip status={row.original.state} /> },
    {
      id: "period",
      header: "Period",
      cell: ({ row }) => <DateRange start={row.original.period_start_at} end={row.original.period_end_at} />,
    },
    moneyColumn("total_amount", "Total", "total"),
  ],
);

export function CustomerContracts({ reference }: { reference: string }) {
  const newContract = `/admin/contracts/new?customer=${encodeURIComponent(reference)}`;
  return (
    <PagedListTable
      {...contractsTable}
      input={reference}
      empty={{ message: "No contracts yet.", action: { href: newContract, label: "Create a contract" } }}
    />
  );
}

export function CustomerRuns({ reference }: { reference: string }) {
  return <PagedListTable {...runsTable} input={reference} empty="No billing runs yet." />;
}
