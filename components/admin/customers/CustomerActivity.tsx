"use client";
// The customer's activity: events of the customer's contracts and their billing runs (newest first), in the
// contract page's timeline, each linked to the contract and run it is about; one page (?activity_page=N).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { runPath } from "@/components/admin/adminPaths";
import { EventTimeline } from "@/components/admin/contracts/EventTimeline";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import type { ColumnDef } from "@/components/ui/DataTable";
import { usePageParam } from "@/components/ui/useUrlState";

type ActivityEvent = RouterOutputs["customers"]["activity"]["results"][number];

const linkClass = "text-blue-800 underline";
const aboutColumns: ColumnDef<ActivityEvent>[] = [
  {
    id: "contract",
    header: "Contract",
    cell: ({ row: { original: e } }) =>
      e.contract_id ? (
        <Link className={linkClass} href={`/admin/contracts/${e.contract_id}`}>
          Contract {e.contract_id}
        </Link>
      ) : (
        "—"
      ),
  },
  {
    id: "run",
    header: "Billing run",
    cell: ({ row: { original: e } }) =>
      e.billing_run_id ? (
        <Link className={linkClass} href={runPath(e.billing_run_id)}>
          Run {e.billing_run_id}
        </Link>
      ) : (
        "—"
      ),
  },
];

export function CustomerActivity({ reference }: { reference: string }) {
  const trpc = useTRPC();
  const page = usePageParam("activity_page");
  const activity = useQuery(
    trpc.customers.activity.queryOptions({ reference, page }, { placeholderData: keepPreviousData }),
  );
  const served = activity.data?.page;
  return (
    <EventTimeline
      testId="customer-timeline"
      events={activity.data?.results}
      paging={{
        total: activity.data?.count,
        page: served?.number,
        pageSize: served?.size,
        pageParam: "activity_page",
      }}
      columns={aboutColumns}
      loading={activity.isPending}
      error={activity.error}
      empty="No contract or billing events for this customer yet."
    />
  );
}
