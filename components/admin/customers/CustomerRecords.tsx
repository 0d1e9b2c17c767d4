"use client";
// A customer's contracts and billing runs, each linking to its own page.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";
import { DateRange, DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";

type Contract = RouterOutputs["customers"]["contracts"]["results"][number];
type Run = RouterOutputs["customers"]["runs"]["results"][number];

const link = "text-blue-800 hover:underline";

const contractColumns: ColumnDef<Contract>[] = [
  {
    id: "id",
    header: "Contract",
    cell: ({ row }) => (
      <Link href={`/admin/contracts/${row.original.id}`} className={link}>
        Contract #{row.original.id}
      </Link>
    ),
  },
  { id: "state", header: "State", cell: ({ row }) => <StatusChip status={row.original.state} /> },
  { id: "items", header: "Items", cell: ({ row }) => row.original.items.map((i) => i.product_name).join(", ") || "—" },
  { id: "next", header: "Next billing", cell: ({ row }) => <DateTime value={row.original.next_billing_at} /> },
  { id: "created", header: "Created", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
];

const runColumns: ColumnDef<Run>[] = [
  {
    id: "id",
    header: "Run",
    cell: ({ row }) => (
      <Link href={`/admin/billing-runs/${row.original.id}`} className={link}>
        Run #{row.original.id}
      </Link>
    ),
  },
  {
    id: "contract",
    header: "Contract",
    cell: ({ row }) => (
      <Link href={`/admin/contracts/${row.original.contract_id}`} className={link}>
        #{row.original.contract_id}
      </Link>
    ),
  },
  { id: "kind", header: "Kind", cell: ({ row }) => row.original.kind },
  { id: "state", header: "State", cell: ({ row }) => <StatusChip status={row.original.state} /> },
  {
    id: "period",
    header: "Period",
    cell: ({ row }) => <DateRange start={row.original.period_start_at} end={row.original.period_end_at} />,
  },
  {
    id: "total",
    header: "Total",
    meta: { align: "right" },
    cell: ({ row }) => <Money amount={row.original.total_amount} currency={row.original.currency} />,
  },
];

export function CustomerContracts({ reference }: { reference: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.customers.contracts.queryOptions({ reference }));
  return (
    <DataTable
      label="Contracts of this customer"
      testId="customer-contracts"
      columns={contractColumns}
      {...rowsOf(q, q.data?.results)}
      empty={{
        message: "No contracts yet.",
        action: { href: `/admin/contracts/new?customer=${encodeURIComponent(reference)}`, label: "Create a contract" },
      }}
    />
  );
}

export function CustomerRuns({ reference }: { reference: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.customers.runs.queryOptions({ reference }));
  return (
    <DataTable
      label="Billing runs of this customer"
      testId="customer-runs"
      columns={runColumns}
      {...rowsOf(q, q.data?.results)}
      empty={{ message: "No billing runs yet." }}
    />
  );
}
