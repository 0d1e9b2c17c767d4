"use client";
// A forecast cell's amount as a button: it opens the runs that make the cell (forecast.month, the same
// projection as the forecast), each with its contract and its lines' explanations as the API gives them.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import { Dialog } from "@/components/ui/Dialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { Money } from "@/components/ui/Money";
import { Loading } from "@/components/ui/QueryState";

export function ForecastCell({ month, currency, amount }: { month: string; currency: string; amount: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const q = useQuery({ ...trpc.forecast.month.queryOptions({ month, currency }), enabled: open });
  const m = (value: string) => <Money amount={value} currency={currency} />;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Billed in ${month} (${currency})`}
      description="The projected runs that make this amount, with each line as the billing engine prices it."
      testId="forecast-month-dialog"
      trigger={
        <Button variant="link">
          <span className="sr-only">Explain </span>
          <Money amount={amount} currency={currency} testId={`forecast-${currency}-${month}`} />
        </Button>
      }
    >
      {q.error ? (
        <ErrorState error={q.error} title="Could not load this month" onRetry={() => q.refetch()} />
      ) : !q.data ? (
        <Loading what="the runs of this month" />
      ) : !q.data.runs.length ? (
        <p className="text-sm text-slate-700">No run is due this month.</p>
      ) : (
        <>
          <p className="text-sm">
            {q.data.runs_count} runs, {m(q.data.billed_amount)} in all
            {q.data.runs_count > q.data.runs.length ? ` (the first ${q.data.runs.length} shown)` : ""}.
          </p>
          <ul className="mt-3 space-y-3 text-sm">
            {q.data.runs.map((r) => (
              <li key={`${r.contract_id}-${r.scheduled_at}`} className="rounded border border-slate-200 p-2">
                <div className="flex justify-between gap-2">
                  <Link className="text-blue-800 underline" href={`/admin/contracts/${r.contract_id}`}>
                    Contract {r.contract_id}
                  </Link>
                  <span>
                    <DateTime value={r.scheduled_at} dateOnly /> · {m(r.total_amount)}
                  </span>
                </div>
                <ul className="mt-1 space-y-1">
                  {r.lines.map((l, k) => (
                    <li key={`${l.contract_item_id}-${k}`} className="break-words font-mono text-xs text-slate-800">
                      {l.description}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
