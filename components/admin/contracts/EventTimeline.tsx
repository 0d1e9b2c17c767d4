"use client";
// An event timeline card (newest first): when, the event type, and what a page adds (the contract page the
// actor, the customer page the contract and run each event is about); `paging` when it is one page of many.
import { Card } from "@/components/ui/Card";
import { type ColumnDef, DataTable, type DataTableProps } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";

export interface TimelineEvent {
  id: number | string;
  type: string;
  created_at: string;
}

export function EventTimeline<T extends TimelineEvent>({
  events,
  columns = [],
  testId,
  loading,
  error,
  empty = "No events yet.",
  paging,
}: {
  events: T[] | undefined;
  paging?: Pick<DataTableProps<T>, "total" | "page" | "pageSize" | "pageParam">;
  columns?: ColumnDef<T>[];
  testId: string;
  loading?: boolean;
  error?: unknown;
  empty?: string;
}) {
  const all: ColumnDef<T>[] = [
    { id: "when", header: "When", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
    { id: "event", header: "Event", cell: ({ row }) => <code className="text-xs">{row.original.type}</code> },
    ...columns,
  ];
  return (
    <Card title="Timeline" testId={testId}>
      <DataTable
        label="Timeline"
        columns={all}
        data={events}
        loading={loading}
        error={error}
        getRowId={(e) => String(e.id)}
        empty={{ message: empty }}
        {...paging}
      />
    </Card>
  );
}
