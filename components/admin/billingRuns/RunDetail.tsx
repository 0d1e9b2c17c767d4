"use client";
// /admin/billing-runs/[id]: what the run billed (lines and why), what was paid or credited, every
// payment attempt with the processor's code and message, and the retries still to come. The page is
// its header (RunHeader), three tables (columns in runDetailColumns.tsx) and the retry schedule.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/Card";
import { TableSkeleton } from "@/components/ui/DataTable";
import { DateRange, DateTime } from "@/components/ui/DateTime";
import { ErrorState } from "@/components/ui/ErrorState";
import { Money } from "@/components/ui/Money";
import { PageHeader } from "@/components/ui/PageHeader";
import { SummaryStrip } from "@/components/ui/SummaryStrip";
import { TableCard } from "@/components/ui/TableCard";
import { TermList } from "@/components/ui/TermList";
import { amountLabel } from "./amountLabel";
import { MoneyBackSections } from "./MoneyBackSections";
import { RunActions } from "./RunActions";
import { attemptColumns, lineColumns, type Run, transactionColumns, words } from "./runDetailColumns";
import { useMoneyBackActions } from "./useMoneyBackActions";

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
  return (
    <>
      <RunHeader run={run} />
      <TableCard {...TABLE_CARDS.lines} columns={lineColumns(run.currency)} data={run.lines}>
        <TermList
          className="mt-4 ml-auto grid max-w-sm grid-cols-2 gap-1 text-sm"
          testId="run-totals"
          terms={TOTALS.map(([term, key, testId]) => ({
            term,
            value: <Money amount={run[key]} currency={run.currency} />,
            testId,
            strong: key === "total_amount",
          }))}
        />
      </TableCard>
      <TableCard {...TABLE_CARDS.transactions} columns={transactionColumns(run.currency)} data={run.transactions} />
      <MoneyBackSections run={run} />
      <TableCard
        {...TABLE_CARDS.attempts}
        columns={attemptColumns(run.currency)}
        data={run.attempts}
        rowTestId={() => "attempt-row"}
      />
      <RetrySchedule run={run} />
    </>
  );
}

/** The run's name, state, kind and period, its actions, and the facts beside them (customer, contract, amounts, receipt). */
function RunHeader({ run }: { run: Run }) {
  const m = (amount: string | null) => <Money amount={amount} currency={run.currency} />;
  const moneyBack = useMoneyBackActions(run);
  // money that went back, each figure only once there is some
  const back = (
    [
      ["Refunded", run.refunded_amount, "run-refunded"],
      ["Credited", run.credited_amount, "run-credited"],
      ["Disputed", run.disputed_amount, "run-disputed"],
    ] as const
  )
    .filter(([, amount]) => Number(amount) > 0)
    .map(([label, amount, testId]) => ({ label, value: m(amount), testId }));
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
        actions={
          <>
            <RunActions run={run} />
            {moneyBack.actions}
          </>
        }
        menu={moneyBack.menu}
      />
      {moneyBack.dialogs}
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
          { label: amountLabel(run.state), value: m(run.amount_due), testId: "run-due" },
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
          ...back,
        ]}
      />
    </>
  );
}

/** The automatic retries still to come, or why there are none. */
function RetrySchedule({ run }: { run: Run }) {
  return (
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
  );
}
