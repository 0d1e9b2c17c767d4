"use client";
// The runs the last clock move brought due (scheduled in its window), newest first: the first page.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";

type Row = RouterOutputs["runs"]["list"]["results"][number];
const columns: ColumnDef<Row>[] = [
  {
    id: "id",
    header: "Run",
    cell: ({ row }) => (
      <Link href={`/admin/billing-runs/${row.original.id}`} className="font-medium text-blue-800 underline">
        Run {row.original.id}
      </Link>
    ),
  },
  { id: "customer", header: "Customer", cell: ({ row }) => row.original.customer_reference },
  { id: "scheduled", header: "Scheduled", cell: ({ row }) => <DateTime value={row.original.scheduled_at} /> },
  {
    id: "state",
    header: "State",
    cell: ({ row }) => <StatusChip status={row.original.state} label={row.original.state.replace("_", " ")} />,
  },
  {
    id: "total",
    header: "Total",
    meta: { align: "right" },
    cell: ({ row }) => <Money amount={row.original.total_amount} currency={row.original.currency} />,
  },
];

export function NewRuns({ from, to }: { from: string; to: string }) {
  const trpc = useTRPC();
  const q = useQuery(
    trpc.runs.list.queryOptions({ page: 1, pageSize: 10, filters: { scheduled_from: from, scheduled_to: to } }),
  );
  return (
    <DataTable
      label="Runs brought due by this move"
      columns={columns}
      {...rowsOf(q, q.data?.results)}
      testId="new-runs"
      rowTestId={() => "run-row"}
      empty={{ message: "Nothing came due in this window." }}
    />
  );
}
