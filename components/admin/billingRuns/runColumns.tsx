// Columns both run tables show (the account's run list and the runs a clock move brought due).
import Link from "next/link";
import { runPath } from "@/components/admin/adminPaths";
import type { RouterOutputs } from "@/components/trpc/types";
import type { ColumnDef } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";

export type RunRow = RouterOutputs["runs"]["list"]["results"][number];

export const runStateWords = (state: string) => state.replace("_", " ");

export const runLinkColumn: ColumnDef<RunRow> = {
  id: "id",
  header: "Run",
  cell: ({ row }) => (
    <Link href={runPath(row.original.id)} className="font-medium text-blue-800 underline">
      Run {row.original.id}
    </Link>
  ),
};

export const runStateColumn: ColumnDef<RunRow> = {
  id: "state",
  header: "State",
  cell: ({ row }) => <StatusChip status={row.original.state} label={runStateWords(row.original.state)} />,
};

export const runScheduledColumn: ColumnDef<RunRow> = {
  id: "scheduled",
  header: "Scheduled",
  cell: ({ row }) => <DateTime value={row.original.scheduled_at} />,
};

export const runTotalColumn: ColumnDef<RunRow> = {
  id: "total",
  header: "Total",
  meta: { align: "right" },
  cell: ({ row }) => <Money amount={row.original.total_amount} currency={row.original.currency} />,
};
