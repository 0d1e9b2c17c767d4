"use client";
// The contract's billing runs, newest first: a paid run links to its printable receipt (and says what was
// refunded of it); a failed one says why and can be paid now with the card on file (or, after "Update card", a
// new one). One page of runs (?history_page=N, the server's), then the refunds and credits, each linking to its
// credit note.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { Pagination } from "@/components/ui/Pagination";
import { StatusChip } from "@/components/ui/StatusChip";
import type { SubscriberPageView } from "@/server/domain/selfService/page";
import { useSubscriberAction } from "./useSubscriberAction";

const KINDS = ["initial", "regular", "adjustment"];
/** What a customer reads for a run's state (the engine's names are for sellers). */
const STATES = [
  "succeeded",
  "failed",
  "exhausted",
  "written_off",
  "scheduled",
  "processing",
  "pending_external",
  "voided",
  "canceled",
];
type T = ReturnType<typeof useTranslations<"history">>;
const kindWord = (t: T, kind: string) => t(`kind_${KINDS.includes(kind) ? (kind as "initial") : "other"}`);
const stateWord = (t: T, state: string) => (STATES.includes(state) ? t(`state_${state as "succeeded"}`) : undefined);

/** Processor failure codes the page words itself in every language (others show the processor's message). */
const KNOWN_FAILURES = ["card_declined", "insufficient_funds", "expired_card"];

type Run = SubscriberPageView["runs"][number];
type CreditNote = SubscriberPageView["credit_notes"][number];

function PayNow({ run }: { run: Run }) {
  const t = useTranslations("history");
  const pay = useSubscriberAction();
  return (
    <div className="w-full">
      {run.fail_message ? (
        <p className="text-xs text-red-800">
          {t("lastAttemptFailed", {
            message: KNOWN_FAILURES.includes(run.fail_code ?? "")
              ? t(`failure_${run.fail_code as "card_declined"}`)
              : run.fail_message,
          })}
        </p>
      ) : null}
      <Button
        variant="dark"
        size="touch"
        className="mt-2"
        disabled={pay.pending}
        onClick={() => pay.run({ action: "pay_now", billing_run: run.id })}
      >
        {pay.pending ? t("paying") : t("payNow")}
        <span className="sr-only">
          {t.rich("payNowSr", { date: () => <DateTime value={run.scheduled_at} dateOnly /> })}
        </span>
      </Button>
      <p className="mt-1 text-xs text-slate-700">{t("chargedToCard")}</p>
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
  const t = useTranslations("history");
  const subscriber = useTranslations("subscriber");
  if (!runs.length) return <p className="text-sm text-slate-700">{t("noPayments")}</p>;
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
            label={subscriber("billingHistory")}
          />
        </div>
      ) : null}
      {creditNotes.length ? <CreditNotes notes={creditNotes} /> : null}
    </>
  );
}

/** What a credit note gave back, in plain words. */
function settlement(t: T, n: CreditNote) {
  const parts: React.ReactNode[] = [];
  if (Number(n.refund_amount) > 0)
    parts.push(
      <span key="refund">
        {t.rich(
          n.refund_failed ? "refundFailed" : n.refunded_amount === n.refund_amount ? "refunded" : "beingRefunded",
          { amount: () => <Money amount={n.refund_amount} currency={n.currency} /> },
        )}
      </span>,
    );
  if (Number(n.credit_amount) > 0)
    parts.push(
      <span key="credit">
        {t.rich("credited", { amount: () => <Money amount={n.credit_amount} currency={n.currency} /> })}
      </span>,
    );
  return parts.flatMap((p, i) => (i ? [" · ", p] : [p]));
}

function CreditNotes({ notes }: { notes: CreditNote[] }) {
  const t = useTranslations("history");
  return (
    <>
      <h3 className="mt-4 font-medium">{t("refundsAndCredits")}</h3>
      <ul className="divide-y divide-slate-100 text-sm" data-testid="credit-note-history">
        {notes.map((n) => (
          <li
            key={n.id}
            className="flex flex-wrap items-center justify-between gap-2 py-3"
            data-testid="history-credit-note"
          >
            <div>
              <p className="font-medium">{t("creditNoteNumber", { number: n.number })}</p>
              <p className="text-xs text-slate-700">
                <DateTime value={n.issued_at} dateOnly /> · {settlement(t, n)}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <Money amount={n.total_amount} currency={n.currency} testId={`credit-note-amount-${n.id}`} />
              <Link href={n.url} prefetch={false} className="text-blue-800 underline">
                {t("creditNote")}
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
  const t = useTranslations("history");
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="billing-history">
      {runs.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="history-run">
          <div>
            <p className="font-medium">{kindWord(t, r.kind)}</p>
            <p className="text-xs text-slate-700">
              <DateTime value={r.scheduled_at} dateOnly />
              {Number(r.refunded_amount) > 0 ? (
                <>
                  {" · "}
                  {t.rich("refunded", { amount: () => <Money amount={r.refunded_amount} currency={r.currency} /> })}
                </>
              ) : null}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <Money amount={r.total_amount} currency={r.currency} testId={`run-amount-${r.id}`} />
            <StatusChip status={r.state} label={stateWord(t, r.state)} />
            {r.receipt_url ? (
              <Link href={r.receipt_url} prefetch={false} className="text-blue-800 underline">
                {t("receipt")}
                <span className="sr-only">
                  {t.rich("receiptSr", { date: () => <DateTime value={r.scheduled_at} dateOnly /> })}
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
