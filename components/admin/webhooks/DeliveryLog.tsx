"use client";
// An endpoint's delivery log, newest first: event, state, HTTP status of the last attempt, attempts,
// next attempt; each delivery can be sent again now (replay). One page at a time (?deliveries_page=N).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PagedListTable, type PagedListTableSpec } from "@/components/admin/QueryTable";
import { actionsColumn, dateColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import { StatusChip } from "@/components/ui/StatusChip";
import { toast } from "@/components/ui/Toaster";

type Delivery = RouterOutputs["webhooks"]["deliveries"]["results"][number];

const STATE_LABEL: Record<string, string> = { succeeded: "Delivered", pending: "Retrying", dead: "Failed" };
const STATE_CHIP: Record<string, string> = { succeeded: "succeeded", pending: "pending", dead: "failed" };

function ReplayButton({ endpointId, delivery }: { endpointId: number; delivery: Delivery }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const replay = useMutation(
    trpc.webhooks.replayDelivery.mutationOptions({
      onSuccess: async (d) => {
        if (d.state === "succeeded") toast.success(`Delivered again: HTTP ${d.last_status}`);
        else
          toast.error(
            `Sent again: ${d.last_status ? `HTTP ${d.last_status}` : (d.last_error ?? "no response")}; it will be retried`,
          );
        await queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter());
      },
      onError: (e) => toast.error(e.message),
    }),
  );
  return (
    <Button
      disabled={replay.isPending}
      aria-busy={replay.isPending}
      onClick={() => replay.mutate({ id: endpointId, delivery_id: delivery.id })}
      aria-label={`Replay ${delivery.event_id}`}
      size="xs"
      writeAction="replay deliveries"
    >
      {/* the name stays "Replay …" while sending (its visible text is part of its name, WCAG 2.5.3) */}
      Replay
    </Button>
  );
}

const deliveryTable: PagedListTableSpec<Delivery, number> = {
  label: "Deliveries",
  pageParam: "deliveries_page",
  usePage: (endpointId, page) =>
    useQuery(
      useTRPC().webhooks.deliveries.queryOptions({ id: endpointId, page }, { placeholderData: keepPreviousData }),
    ),
  columns: (endpointId) => [
    {
      id: "event",
      header: "Event",
      cell: ({ row }) => <code className="font-mono text-xs">{row.original.event_id}</code>,
    },
    {
      id: "state",
      header: "State",
      cell: ({ row }) => (
        <StatusChip
          status={STATE_CHIP[row.original.state] ?? row.original.state}
          label={STATE_LABEL[row.original.state] ?? row.original.state}
        />
      ),
    },
    {
      id: "status",
      header: "Response",
      cell: ({ row }) => (
        <span data-testid="delivery-status">
          {row.original.last_status ? `HTTP ${row.original.last_status}` : (row.original.last_error ?? "Not sent yet")}
        </span>
      ),
    },
    { id: "attempts", header: "Attempts", meta: { align: "right" }, cell: ({ row }) => row.original.attempts },
    dateColumn("created_at", "Created"),
    {
      id: "next",
      header: "Next attempt",
      cell: ({ row }) => (row.original.state === "pending" ? <DateTime value={row.original.next_attempt_at} /> : "—"),
    },
    actionsColumn((delivery) => <ReplayButton endpointId={endpointId} delivery={delivery} />, {
      hiddenHeader: true,
      align: "right",
    }),
  ],
  empty: {
    title: "No deliveries yet",
    message: "Events of the account appear here once sent. Send a test event to try the endpoint now.",
  },
};

export function DeliveryLog({ endpointId }: { endpointId: number }) {
  return <PagedListTable {...deliveryTable} input={endpointId} />;
}
