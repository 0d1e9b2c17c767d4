"use client";
// The contract's billing runs, newest first: a paid run links to its printable receipt (and says what was
// refunded of it); a failed one says why and can be paid now with the card on file (or, after "Update card", a
// new one). One page of runs (?history_page=N, the server's), then the refunds and credits, each linking to its
// credit note.
import Link from "next/link";
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { Pagination } from "@/components/ui/Pagination";
import { StatusChip } from "@/components/ui/StatusChip";
import type { SubscriberPageView } from "@/server/domain/selfService/page";
import { useSubscriberAction } from "./useSubscriberAction";

const KIND: Record<string, string> = { initial: "First payment", regular: "Renewal", adjustment: "Plan change" };
/** What a customer reads for a run's state (the engine's names are for sellers). */
const STATE_WORDS: Record<string, string> = {
  succeeded: "Paid",
  failed: "Payment failed",
  exhausted: "Unpaid",
  written_off: "Unpaid",
  scheduled: "Scheduled",
  processing: "Processing",
  pending_external: "Waiting for your bank",
  voided: "Not due",
  canceled: "Canceled",
};

type Run = SubscriberPageView["runs"][number];
type CreditNote = SubscriberPageView["credit_notes"][number];

function PayNow({ run }: { run: Run }) {
  const pay = useSubscriberAction();
  return (
    <div className="w-full">
      {run.fail_message ? <p className="text-xs text-red-800">The last attempt failed: {run.fail_message}</p> : null}
      <Button
        variant="dark"
        size="touch"
        className="mt-2"
        disabled={pay.pending}
        onClick={() => pay.run({ action: "pay_now", billing_run: run.id })}
      >
        {pay.pending ? "Paying…" : "Pay now"}
        <span className="sr-only">
          {" "}
          the {KIND[run.kind]?.toLowerCase() ?? "payment"} of <DateTime value={run.scheduled_at} dateOnly />
        </span>
      </Button>
      <p className="mt-1 text-xs text-slate-700">Charged to your card on file. To use another card, update it first.</p>
      {pay.error ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {pay.error}
        </p>
      ) : null}
    </div>
  );
}

export function BillingHistory({
  runs,
  page,
  creditNotes = [],
}: {
  runs: SubscriberPageView["runs"];
  /** the page of runs shown (?history_page=N) and how many there are */
  page?: SubscriberPageView["runs_page"];
  creditNotes?: CreditNote[];
}) {
  if (!runs.length) return <p className="text-sm text-slate-700">No payments yet.</p>;
  return (
    <>
      <RunHistory runs={runs} />
      {page && page.count > page.size ? (
        <div className="mt-3">
          <Pagination
            total={page.count}
            pageSize={page.size}
            page={page.number}
            pageParam="history_page"
            label="Billing history"
          />
        </div>
      ) : null}
      {creditNotes.length ? <CreditNotes notes={creditNotes} /> : null}
    </>
  );
}

/** What a credit note gave back, in plain words. */
function settlement(n: CreditNote) {
  const parts: React.ReactNode[] = [];
  if (Number(n.refund_amount) > 0)
    parts.push(
      <span key="refund">
        <Money amount={n.refund_amount} currency={n.currency} />{" "}
        {n.refund_failed ? "refund failed" : n.refunded_amount === n.refund_amount ? "refunded" : "being refunded"}
      </span>,
    );
  if (Number(n.credit_amount) > 0)
    parts.push(
      <span key="credit">
        <Money amount={n.credit_amount} currency={n.currency} /> credited to your balance
      </span>,
    );
  return parts.flatMap((p, i) => (i ? [" · ", p] : [p]));
}

function CreditNotes({ notes }: { notes: CreditNote[] }) {
  return (
    <>
      <h3 className="mt-4 font-medium">Refunds and credits</h3>
      <ul className="divide-y divide-slate-100 text-sm" data-testid="credit-note-history">
        {notes.map((n) => (
          <li
            key={n.id}
            className="flex flex-wrap items-center justify-between gap-2 py-3"
            data-testid="history-credit-note"
          >
            <div>
              <p className="font-medium">Credit note {n.number}</p>
              <p className="text-xs text-slate-700">
                <DateTime value={n.issued_at} dateOnly /> · {settlement(n)}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <Money amount={n.total_amount} currency={n.currency} testId={`credit-note-amount-${n.id}`} />
              <Link href={n.url} prefetch={false} className="text-blue-800 underline">
                Credit note
                <span className="sr-only"> {n.number}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function RunHistory({ runs }: { runs: Run[] }) {
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="billing-history">
      {runs.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="history-run">
          <div>
            <p className="font-medium">{KIND[r.kind] ?? r.kind}</p>
            <p className="text-xs text-slate-700">
              <DateTime value={r.scheduled_at} dateOnly />
              {Number(r.refunded_amount) > 0 ? (
                <>
                  {" "}
                  · <Money amount={r.refunded_amount} currency={r.currency} /> refunded
                </>
              ) : null}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <Money amount={r.total_amount} currency={r.currency} testId={`run-amount-${r.id}`} />
            <StatusChip status={r.state} label={STATE_WORDS[r.state]} />
            {r.receipt_url ? (
              <Link href={r.receipt_url} prefetch={false} className="text-blue-800 underline">
                Receipt
                <span className="sr-only">
                  {" "}
                  for the payment of <DateTime value={r.scheduled_at} dateOnly />
                </span>
              </Link>
            ) : null}
          </div>
          {r.payable ? <PayNow run={r} /> : null}
        </li>
      ))}
    </ul>
  );
}
