"use client";
// The account's billing schedules: dates, zone, next billing dates, prices using them, and an edit dialog.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Dialog } from "@/components/ui/Dialog";
import { BillingScheduleForm } from "./BillingScheduleForm";

type Schedule = RouterOutputs["catalogAdmin"]["billingSchedules"]["list"][number];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const ruleText = (r: Schedule["rules"][number]) =>
  (r.month ? `${r.day} ${MONTHS[r.month - 1]}` : `day ${r.day} monthly`) + (r.label ? ` (${r.label})` : "");

function EditSchedule({ schedule }: { schedule: Schedule }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      title={`Edit billing schedule ${schedule.name}`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50"
        >
          Edit
        </button>
      }
    >
      <BillingScheduleForm schedule={schedule} onDone={() => setOpen(false)} />
    </Dialog>
  );
}

const columns: ColumnDef<Schedule>[] = [
  { id: "name", header: "Name", accessorKey: "name" },
  { id: "dates", header: "Billing dates", cell: ({ row }) => row.original.rules.map(ruleText).join(", ") },
  { id: "timezone", header: "Time zone", accessorKey: "timezone" },
  {
    id: "next",
    header: "Next billing dates",
    cell: ({ row }) =>
      row.original.next_occurrences.length
        ? row.original.next_occurrences.map((d, i) => (
            <span key={d}>
              {i ? " · " : ""}
              <DateTime value={d} dateOnly />
            </span>
          ))
        : "—",
  },
  { id: "prices", header: "Prices", meta: { align: "right" }, accessorKey: "price_count" },
  { id: "actions", header: "Actions", cell: ({ row }) => <EditSchedule schedule={row.original} /> },
];

export function BillingScheduleTable() {
  const trpc = useTRPC();
  const rows = useQuery(trpc.catalogAdmin.billingSchedules.list.queryOptions());
  return (
    <DataTable
      label="Billing schedules"
      testId="billing-schedules-table"
      columns={columns}
      data={rows.data}
      loading={rows.isPending}
      error={rows.error}
      rowTestId={() => "billing-schedule-row"}
      empty={{ message: "No billing schedules yet. Create the first one with the form below." }}
    />
  );
}
