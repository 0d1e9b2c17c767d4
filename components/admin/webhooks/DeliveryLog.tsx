"use client";
// An endpoint's delivery log, newest first: event, state, HTTP status of the last attempt, attempts,
// next attempt; each delivery can be sent again now (replay). One page at a time (?deliveries_page=N),
// filtered on the server by state, event type and creation day (?delivery_state=, ?event_type=,
// ?created_from=, ?created_to=); a delivery's attempts
// open in a dialog (?delivery=ID), so a link shares exactly this view.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { PagedListTable, type PagedListTableSpec } from "@/components/admin/QueryTable";
import { actionsColumn, dateColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Button } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Dialog } from "@/components/ui/Dialog";
import { inputClass } from "@/components/ui/Field";
import { FilterBar } from "@/components/ui/FilterBar";
import { StatusChip } from "@/components/ui/StatusChip";
import { toast } from "@/components/ui/Toaster";
import { useUrlState } from "@/components/ui/useUrlState";

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

const STATE_FILTERS = ["pending", "succeeded", "dead", "failed"] as const;
type StateFilter = (typeof STATE_FILTERS)[number];
const STATE_FILTER_OPTIONS = [
  { value: "pending", label: "Pending" },
  { value: "succeeded", label: "Delivered" },
  { value: "dead", label: "Failed for good" },
  { value: "failed", label: "Last attempt failed" },
];

/** The log's filters as the URL holds them (an unknown state is ignored). */
function useDeliveryFilters() {
  const [state, set] = useUrlState();
  const raw = state.get("delivery_state");
  const deliveryState = STATE_FILTERS.includes(raw as StateFilter) ? (raw as StateFilter) : undefined;
  const eventType = state.get("event_type")?.trim() || undefined;
  const day = (name: string) => {
    const d = state.get(name);
    return d && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)) ? d : undefined;
  };
  const from = day("created_from");
  const to = day("created_to");
  const open = Number(state.get("delivery"));
  return {
    // whole UTC days, both ends included
    filters: {
      state: deliveryState,
      event_type: eventType,
      created_from: from ? `${from}T00:00:00.000Z` : undefined,
      created_to: to ? `${to}T23:59:59.999Z` : undefined,
    },
    openDelivery: Number.isInteger(open) && open > 0 ? open : null,
    setOpenDelivery: (id: number | null) => set({ delivery: id ? String(id) : null }, { keepPage: true }),
  };
}

/** A day the log starts or ends at (UTC), in the URL as YYYY-MM-DD; applies on change. */
function DayFilter({ name, label }: { name: string; label: string }) {
  const [params, set] = useUrlState();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={params.get(name) ?? ""}
        onChange={(e) => set({ [name]: e.target.value || null })}
        className={`${inputClass} w-36`}
      />
    </div>
  );
}

function ViewButton({ delivery }: { delivery: Delivery }) {
  const { setOpenDelivery } = useDeliveryFilters();
  return (
    <Button
      size="xs"
      variant="link"
      onClick={() => setOpenDelivery(delivery.id)}
      aria-label={`${delivery.event_id} attempts`}
    >
      <code className="font-mono text-xs">{delivery.event_id}</code>
    </Button>
  );
}

type Attempt = RouterOutputs["webhooks"]["delivery"]["attempt_log"][number];

/** Every attempt of the delivery named by ?delivery=, oldest first. */
function DeliveryAttempts({ endpointId }: { endpointId: number }) {
  const { openDelivery, setOpenDelivery } = useDeliveryFilters();
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.webhooks.delivery.queryOptions({ id: endpointId, delivery_id: openDelivery ?? 1 }),
    enabled: openDelivery !== null,
  });
  const d = q.data;
  return (
    <Dialog
      open={openDelivery !== null}
      onOpenChange={(open) => (open ? null : setOpenDelivery(null))}
      title="Delivery attempts"
      description={d ? `${d.event_type || "event"} ${d.event_id}` : undefined}
      testId="delivery-attempts"
    >
      <DataTable<Attempt>
        label="Attempts"
        testId="attempts-table"
        rowTestId={() => "attempt-row"}
        data={d?.attempt_log ?? []}
        loading={q.isPending}
        error={q.error}
        empty={{ message: "Not attempted yet." }}
        columns={[
          { id: "number", header: "#", cell: ({ row }) => row.original.number },
          { id: "started", header: "Started", cell: ({ row }) => <DateTime value={row.original.started_at} /> },
          {
            id: "result",
            header: "Result",
            cell: ({ row }) =>
              row.original.error ?? (row.original.response_status ? `HTTP ${row.original.response_status}` : "—"),
          },
          {
            id: "duration",
            header: "Duration",
            meta: { align: "right" },
            cell: ({ row }) => `${row.original.duration_ms} ms`,
          },
          {
            id: "body",
            header: "Response",
            cell: ({ row }) =>
              row.original.response_body ? (
                <code className="block max-w-[14rem] truncate font-mono text-xs" title={row.original.response_body}>
                  {row.original.response_body}
                </code>
              ) : (
                "—"
              ),
          },
        ]}
      />
    </Dialog>
  );
}

const deliveryTable: PagedListTableSpec<Delivery, number> = {
  label: "Deliveries",
  pageParam: "deliveries_page",
  usePage: (endpointId, page) => {
    const { filters } = useDeliveryFilters();
    return useQuery(
      useTRPC().webhooks.deliveries.queryOptions(
        { id: endpointId, page, ...filters },
        { placeholderData: keepPreviousData },
      ),
    );
  },
  columns: (endpointId) => [
    {
      id: "event",
      header: "Event",
      cell: ({ row }) => <ViewButton delivery={row.original} />,
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
  const { filters } = useDeliveryFilters();
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return (
    <>
      <FilterBar
        testId="delivery-filters"
        search={{ label: "Event type", placeholder: "e.g. billing_run.succeeded", param: "event_type" }}
        filters={[{ name: "delivery_state", label: "State", options: STATE_FILTER_OPTIONS }]}
      >
        {/* side by side even on a phone, so the filters stay short there */}
        <div className="flex gap-3">
          <DayFilter name="created_from" label="Created from (UTC)" />
          <DayFilter name="created_to" label="Created to (UTC)" />
        </div>
      </FilterBar>
      <PagedListTable
        {...deliveryTable}
        empty={
          filtered
            ? { title: "No matching deliveries", message: "No delivery of this endpoint matches these filters." }
            : deliveryTable.empty
        }
        input={endpointId}
      />
      <DeliveryAttempts endpointId={endpointId} />
    </>
  );
}
