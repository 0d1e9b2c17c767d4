// The billing run page's three tables: the run's lines (with "Explain"), the payments and credit applied
// to it, and its payment attempts. Amounts are in the run's currency.
import { ExplainLine } from "@/components/admin/explain/ExplainLine";
import type { RouterOutputs } from "@/components/trpc/types";
import type { ColumnDef } from "@/components/ui/DataTable";
import { DateRange, DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";

export type Run = RouterOutputs["runs"]["get"];
/** A stored word as people read it: `failed_payment` → "failed payment". */
export const words = (s: string) => s.replaceAll("_", " ");

const moneyIn = (currency: string) => (amount: string | null) => <Money amount={amount} currency={currency} />;

export function lineColumns(currency: string): ColumnDef<Run["lines"][number]>[] {
  const m = moneyIn(currency);
  return [
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
          {row.original.kind === "usage" ? "usage, billed in arrears" : words(row.original.kind)}
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
      cell: ({ row }) =>
        row.original.kind === "usage" ? (
          <span data-testid="usage-line-quantity">
            {row.original.usage_quantity ?? row.original.quantity} used
            <span className="block text-xs text-slate-700">average {m(row.original.unit_amount)} per unit</span>
          </span>
        ) : (
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
      cell: ({ row }) => <ExplainLine line={row.original} currency={currency} />,
    },
  ];
}

export function transactionColumns(currency: string): ColumnDef<Run["transactions"][number]>[] {
  const m = moneyIn(currency);
  return [
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
}

export function attemptColumns(currency: string): ColumnDef<Run["attempts"][number]>[] {
  const m = moneyIn(currency);
  return [
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
}
