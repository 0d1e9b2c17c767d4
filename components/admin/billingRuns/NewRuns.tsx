"use client";
// The runs the last clock move brought due (scheduled in its window), newest first: the first page.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";
import { type RunRow, runLinkColumn, runScheduledColumn, runStateColumn, runTotalColumn } from "./runColumns";

const columns: ColumnDef<RunRow>[] = [
  runLinkColumn,
  { id: "customer", header: "Customer", cell: ({ row }) => row.original.customer_reference },
  runScheduledColumn,
  runStateColumn,
  runTotalColumn,
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
