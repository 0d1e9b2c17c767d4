"use client";
// The account's billable metrics (in use and archived): code, name, how events add up, filters, state, and
// an archive action behind a confirmation.
import { useMutation, useQuery } from "@tanstack/react-query";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { actionsColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { mutationProgress, useCloseOnSuccess } from "@/components/ui/mutationDialog";
import { StatusChip } from "@/components/ui/StatusChip";
import { metricFiltersText } from "./metricFilters";

type Metric = RouterOutputs["usage"]["metrics"]["list"][number];

function ArchiveMetric({ metric }: { metric: Metric }) {
  const trpc = useTRPC();
  const { dialog, onSuccess } = useCloseOnSuccess({
    toast: "Billable metric archived",
    refresh: trpc.usage.metrics.pathFilter(),
  });
  const archive = useMutation(trpc.usage.metrics.archive.mutationOptions({ onSuccess }));
  if (metric.archived) return null;
  return (
    <ConfirmDialog
      {...dialog}
      {...mutationProgress(archive, "Archiving…")}
      title={`Archive billable metric ${metric.code}?`}
      description="Events sent with this code are refused from now on; the events, usage and bills so far stay. Archiving cannot be undone."
      tone="danger"
      confirmLabel="Archive"
      writeAction="archive billable metrics"
      onConfirm={() => archive.mutate({ id: metric.id })}
      trigger={
        <Button
          size="xs"
          variant="dangerSecondary"
          aria-label={`Archive ${metric.code}`}
          writeAction="archive billable metrics"
          onClick={() => archive.reset()}
        >
          Archive
        </Button>
      }
    />
  );
}

const metricTable: ListTableSpec<Metric> = {
  label: "Billable metrics",
  useRows: () => useQuery(useTRPC().usage.metrics.list.queryOptions()),
  columns: [
    {
      id: "code",
      header: "Code",
      accessorKey: "code",
      cell: ({ row }) => <span className="font-mono text-xs text-slate-800">{row.original.code}</span>,
    },
    { id: "name", header: "Name", accessorKey: "name" },
    {
      id: "aggregation",
      header: "Aggregation",
      accessorFn: (m) => (m.field_name ? `${m.aggregation} of ${m.field_name}` : m.aggregation),
    },
    { id: "filters", header: "Filters", accessorFn: (m) => metricFiltersText(m.filters) || "—" },
    {
      id: "state",
      header: "State",
      accessorFn: (m) => (m.archived ? "archived" : "active"),
      cell: ({ getValue }) => <StatusChip status={String(getValue())} />,
    },
    actionsColumn((metric) => <ArchiveMetric metric={metric} />),
  ],
  empty: "No billable metrics yet. Create the first one with the form below.",
};

export function BillableMetricTable() {
  return <ListTable {...metricTable} />;
}
