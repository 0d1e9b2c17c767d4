"use client";
// The account's billing schedules: dates, zone, next billing dates, prices using them, status, and the
// edit dialog and deactivate/activate actions; search, status filter and page are in the URL.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Dialog } from "@/components/ui/Dialog";
import { StatusChip } from "@/components/ui/StatusChip";
import { toast } from "@/components/ui/Toaster";
import { ActiveToggle } from "./ActiveToggle";
import { BillingScheduleForm } from "./BillingScheduleForm";
import { CATALOG_PAGE_SIZE, CatalogListFilters, catalogEmpty, useCatalogListInput } from "./catalogList";

type Schedule = RouterOutputs["catalogAdmin"]["billingSchedules"]["list"]["results"][number];
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

function ToggleSchedule({ schedule }: { schedule: Schedule }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toggle = useMutation(
    trpc.catalogAdmin.billingSchedules.update.mutationOptions({
      onSuccess: async (s) => {
        toast.success(s.active ? "Billing schedule activated" : "Billing schedule deactivated");
        await queryClient.invalidateQueries(trpc.catalogAdmin.billingSchedules.pathFilter());
      },
    }),
  );
  return (
    <ActiveToggle
      active={schedule.active}
      what="billing schedule"
      pending={toggle.isPending}
      error={toggle.error?.message}
      consequence={`“${schedule.name}” can no longer be chosen for new prices, and its prices cannot be sold in new quotes or contracts; contracts already on it keep billing on its dates.`}
      onChange={(active) => toggle.mutate({ id: schedule.id, active })}
    />
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
  {
    id: "status",
    header: "Status",
    accessorFn: (r) => (r.active ? "active" : "inactive"),
    cell: ({ getValue }) => <StatusChip status={String(getValue())} />,
  },
  {
    id: "actions",
    header: "Actions",
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-2">
        <EditSchedule schedule={row.original} />
        <ToggleSchedule schedule={row.original} />
      </div>
    ),
  },
];

export function BillingScheduleTable() {
  const trpc = useTRPC();
  const input = useCatalogListInput();
  const rows = useQuery({
    ...trpc.catalogAdmin.billingSchedules.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-4">
      <CatalogListFilters what="billing schedules" />
      <DataTable
        label="Billing schedules"
        testId="billing-schedules-table"
        columns={columns}
        data={rows.data?.results}
        total={rows.data?.count}
        pageSize={CATALOG_PAGE_SIZE}
        loading={rows.isPending}
        error={rows.error}
        rowTestId={() => "billing-schedule-row"}
        empty={catalogEmpty(
          input,
          "billing schedules",
          "No billing schedules yet. Create the first one with the form below.",
        )}
      />
    </div>
  );
}
