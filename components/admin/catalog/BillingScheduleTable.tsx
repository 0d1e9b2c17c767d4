"use client";
// The account's billing schedules: dates, zone, next billing dates, prices using them, status, and the
// edit dialog and deactivate/activate actions; search, status filter and page are in the URL.
import { DateTime } from "@/components/ui/DateTime";
import { BillingScheduleForm } from "./BillingScheduleForm";
import { CatalogRecordTable, type CatalogTableSpec } from "./CatalogRecordTable";
import type { CatalogRow } from "./catalogNouns";

type Schedule = CatalogRow<"billingSchedules">;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const ruleText = (r: Schedule["rules"][number]) =>
  (r.month ? `${r.day} ${MONTHS[r.month - 1]}` : `day ${r.day} monthly`) + (r.label ? ` (${r.label})` : "");

const scheduleTable: CatalogTableSpec<Schedule> = {
  resource: "billingSchedules",
  columns: [
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
  ],
  consequence: (schedule) =>
    `“${schedule.name}” can no longer be chosen for new prices, and its prices cannot be sold in new quotes or contracts; contracts already on it keep billing on its dates.`,
  editForm: (schedule, onDone) => <BillingScheduleForm schedule={schedule} onDone={onDone} />,
};

export function BillingScheduleTable() {
  return <CatalogRecordTable {...scheduleTable} />;
}
