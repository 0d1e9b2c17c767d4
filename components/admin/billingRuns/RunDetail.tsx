"use client";
// /admin/billing-runs/[id]: what the run billed (lines and why), what was paid or credited, every
// payment attempt with the processor's code and message, and the retries still to come.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ExplainLine } from "@/components/admin/explain/ExplainLine";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Card } from "@/components/ui/Card";
import { type ColumnDef, TableSkeleton } from "@/components/ui/DataTable";
import { DateRange, DateTime } from "@/components/ui/DateTime";
import { ErrorState } from "@/components/ui/ErrorState";
import { Money } from "@/components/ui/Money";
import { PageHeader } from "@/components/ui/PageHeader";
import { StatusChip } from "@/components/ui/StatusChip";
import { SummaryStrip } from "@/components/ui/SummaryStrip";
import { TableCard } from "@/components/ui/TableCard";
import { TermList } from "@/components/ui/TermList";
import { RunActions } from "./RunActions";

type Run = RouterOutputs["runs"]["get"];
const words = (s: string) => s.replaceAll("_", " ");

// The run's tables: card heading, the table's name, what it says when empty, its test id.
const TABLE_CARDS = {
  lines: {
    title: "Lines",
    label: "Lines of the run",
    empty: { message: "This run has no lines." },
    testId: "run-lines",
  },
  transactions: {
    title: "Payments and credit",
    label: "Payments and credit applied",
    empty: { message: "No payment or credit yet." },
    testId: "run-transactions",
  },
  attempts: {
    title: "Attempts",
    label: "Payment attempts",
    empty: { message: "No payment attempt yet: the run is charged when it comes due." },
    testId: "run-attempts",
  },
};

// The totals under the lines, in billing order; the total stands out.
const TOTALS = [
  ["Subtotal", "subtotal_amount"],
  ["Tax", "tax_amount"],
  ["Total", "total_amount"],
  ["Credit applied", "credit_applied_amount", "run-credit"],
  ["Rounding", "rounding_adjustment_amount"],
  ["Charged", "charged_amount", "run-charged"],
] as const satisfies readonly (readonly [string, keyof Run, string?])[];

export function RunDetail({ runId }: { runId: number }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.runs.get.queryOptions({ id: runId }));
  if (q.isPending)
    return <TableSkeleton columns={["Line", "Period", "Quantity", "Total"]} label="Loading the billing run" />;
  if (q.error)
    return <ErrorState error={q.error} title="Could not load this billing run" onRetry={() => q.refetch()} />;
  const run = q.data;
  const m = (amount: string | null) => <Money amount={amount} currency={run.currency} />;
  const lineCols: ColumnDef<Run["lines"][number]>[] = [
    {
      id: "line",
      header: "Line",
      cell: ({ row }) => (
        <>
          <span className="font-medium">{row.original.product_name}</span>
          <span className="block text-xs text-slate-700">{row.original.description}</span>
        </>
      ),
    },
    {
      id: "why",
      header: "Explanation",
      cell: ({ row }) => (
        <>
          {words(row.original.kind)}
          {row.original.proration_reason
            ? ` · ${words(row.original.proration_reason)} (× ${row.original.proration_factor})`
            : ""}
        </>
      ),
    },
    {
      id: "period",
      header: "Service period",
      cell: ({ row }) => (
        <DateRange start={row.original.service_period_start_at} end={row.original.service_period_end_at} />
      ),
    },
    {
      id: "qty",
      header: "Quantity",
      meta: { align: "right" },
      cell: ({ row }) => (
        <>
          {row.original.quantity} × {m(row.original.unit_amount)}
        </>
      ),
    },
    { id: "tax", header: "Tax", meta: { align: "right" }, cell: ({ row }) => m(row.original.line_tax_amount) },
    { id: "total", header: "Total", meta: { align: "right" }, cell: ({ row }) => m(row.original.line_total_amount) },
    {
      id: "explain",
      header: "Why",
      meta: { align: "right" },
      cell: ({ row }) => <ExplainLine line={row.original} currency={run.currency} />,
    },
  ];
  const txCols: ColumnDef<Run["transactions"][number]>[] = [
    { id: "type", header: "Type", cell: ({ row }) => words(row.original.type) },
    { id: "id", header: "Reference", cell: ({ row }) => <code className="text-xs">{row.original.id}</code> },
    {
      id: "state",
      header: "State",
      cell: ({ row }) => <StatusChip status={row.original.state} label={words(row.original.state)} />,
    },
    { id: "at", header: "When", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
    { id: "amount", header: "Amount", meta: { align: "right" }, cell: ({ row }) => m(row.original.amount) },
  ];
  const attemptCols: ColumnDef<Run["attempts"][number]>[] = [
    { id: "no", header: "Attempt", cell: ({ row }) => `#${row.original.attempt_no}` },
    { id: "at", header: "When", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
    {
      id: "state",
      header: "Result",
      cell: ({ row }) => <StatusChip status={row.original.state} label={words(row.original.state)} />,
    },
    {
      id: "code",
      header: "Processor code",
      cell: ({ row }) => (row.original.fail_code ? <code className="text-xs">{row.original.fail_code}</code> : "—"),
    },
    { id: "message", header: "Processor message", cell: ({ row }) => row.original.fail_message ?? "—" },
    { id: "amount", header: "Amount", meta: { align: "right" }, cell: ({ row }) => m(row.original.amount) },
  ];
  return (
    <>
      <PageHeader
        title={`Billing run ${run.id}`}
        id={String(run.id)}
        idLabel="run id"
        status={run.state}
        statusLabel={words(run.state)}
        description={
          <>
            {words(run.kind)} run for <DateRange start={run.period_start_at} end={run.period_end_at} />, scheduled{" "}
            <DateTime value={run.scheduled_at} />
          </>
        }
        actions={<RunActions run={run} />}
      />
      <SummaryStrip
        items={[
          {
            label: "Customer",
            value: (
              <Link className="text-blue-800 underline" href={`/admin/customers/${run.customer_id}`}>
                {run.customer_reference ?? `Customer ${run.customer_id}`}
              </Link>
            ),
          },
          {
            label: "Contract",
            value: (
              <Link className="text-blue-800 underline" href={`/admin/contracts/${run.contract_id}`}>
                Contract {run.contract_id}
              </Link>
            ),
          },
          { label: "Total", value: m(run.total_amount), testId: "run-total" },
          { label: "Amount due", value: m(run.amount_due), testId: "run-due" },
          // only a succeeded run has a receipt (numbered when it succeeded)
          ...(run.state === "succeeded"
            ? [
                {
                  label: "Receipt",
                  value: (
                    <Link className="text-blue-800 underline" href={`/admin/billing-runs/${run.id}/receipt`}>
                      View the receipt
                    </Link>
                  ),
                  testId: "run-receipt",
                },
              ]
            : []),
        ]}
      />
      <TableCard {...TABLE_CARDS.lines} columns={lineCols} data={run.lines}>
        <TermList
          className="mt-4 ml-auto grid max-w-sm grid-cols-2 gap-1 text-sm"
          testId="run-totals"
          terms={TOTALS.map(([term, key, testId]) => ({
            term,
            value: m(run[key]),
            testId,
            strong: key === "total_amount",
          }))}
        />
      </TableCard>
      <TableCard {...TABLE_CARDS.transactions} columns={txCols} data={run.transactions} />
      <TableCard {...TABLE_CARDS.attempts} columns={attemptCols} data={run.attempts} rowTestId={() => "attempt-row"} />
      <Card title="Retry schedule">
        {run.retry_schedule.length ? (
          <ol className="list-inside list-decimal space-y-1 text-sm" data-testid="retry-schedule">
            {run.retry_schedule.map((r) => (
              <li key={r.attempt_no}>
                Attempt #{r.attempt_no} at <DateTime value={r.at} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-700" data-testid="retry-schedule">
            {run.state === "exhausted"
              ? "Automatic retries are exhausted: only a manual retry charges this run again."
              : "No retry scheduled."}
          </p>
        )}
      </Card>
    </>
  );
}
