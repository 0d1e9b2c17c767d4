// The contract's billing runs, newest first, each linking to its printable receipt.
import Link from "next/link";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";
import type { SubscriberPageView } from "@/server/domain/selfService/page";

const KIND: Record<string, string> = { initial: "First payment", regular: "Renewal", adjustment: "Plan change" };

export function BillingHistory({ runs }: { runs: SubscriberPageView["runs"] }) {
  if (!runs.length) return <p className="text-sm text-slate-700">No payments yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="billing-history">
      {runs.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="history-run">
          <div>
            <p className="font-medium">{KIND[r.kind] ?? r.kind}</p>
            <p className="text-xs text-slate-700">
              <DateTime value={r.scheduled_at} dateOnly />
            </p>
          </div>
          <div className="flex items-center gap-3">
            <Money amount={r.total_amount} currency={r.currency} testId={`run-amount-${r.id}`} />
            <StatusChip status={r.state} />
            <Link href={r.receipt_url} prefetch={false} className="text-blue-800 underline">
              Receipt
              <span className="sr-only">
                {" "}
                for the payment of <DateTime value={r.scheduled_at} dateOnly />
              </span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
