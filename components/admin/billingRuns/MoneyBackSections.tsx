"use client";
// The run page's money going back: the credit notes issued against the run (each linking to its document,
// with its refunds and their state) and the disputes of its payment. A run that was never paid has neither.
import { useQuery } from "@tanstack/react-query";
import { CreditNotesTable } from "@/components/admin/creditNotes/CreditNotesTable";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Card } from "@/components/ui/Card";
import type { ColumnDef } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";
import { TableCard } from "@/components/ui/TableCard";
import type { Run } from "./runDetailColumns";

type Dispute = RouterOutputs["refunds"]["disputes"][number];

const disputeColumns: ColumnDef<Dispute>[] = [
  { id: "opened", header: "Opened", cell: ({ row }) => <DateTime value={row.original.opened_at} /> },
  { id: "reason", header: "Reason", cell: ({ row }) => row.original.reason.replaceAll("_", " ") },
  { id: "state", header: "Status", cell: ({ row }) => <StatusChip status={row.original.state} /> },
  {
    id: "closed",
    header: "Closed",
    cell: ({ row }) => (row.original.closed_at ? <DateTime value={row.original.closed_at} /> : "—"),
  },
  {
    id: "amount",
    header: "Amount",
    meta: { align: "right" },
    cell: ({ row }) => <Money amount={row.original.amount} currency={row.original.currency} />,
  },
];

export function MoneyBackSections({ run }: { run: Run }) {
  const trpc = useTRPC();
  const disputes = useQuery(trpc.refunds.disputes.queryOptions({ billing_run_id: run.id }));
  if (run.state !== "succeeded" && Number(run.credited_amount) === 0) return null;
  return (
    <>
      <Card title="Credit notes" testId="run-credit-notes">
        <CreditNotesTable
          filter={{ billing_run_id: run.id }}
          empty="No credit note yet: a refund or a credit note issued on this run is listed here."
        />
      </Card>
      {disputes.data?.length ? (
        <TableCard
          title="Disputes"
          cardTestId="run-disputes"
          columns={disputeColumns}
          data={disputes.data}
          rowTestId={() => "dispute-row"}
        />
      ) : null}
    </>
  );
}
