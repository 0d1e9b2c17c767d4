"use client";
// The contract's money and history, by the tab that shows it: pauses, pending adjustments and entitlements
// (Overview); billing runs with their attempts (Runs); credit balance and transactions and credit notes
// (Credit); the event timeline, newest first, with the actor (Activity). Credit, runs and the timeline are one page each
// as the server read it, each paged by its own parameter; the credit notes load their page themselves (?cn_page).
import Link from "next/link";
import { runPath } from "@/components/admin/adminPaths";
import { CreditNotesTable } from "@/components/admin/creditNotes/CreditNotesTable";
import { Card } from "@/components/ui/Card";
import type { ColumnDef } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";
import { TableCard } from "@/components/ui/TableCard";
import type { ContractPage } from "@/server/domain/contractPage/sections";
import type { ContractOut } from "@/server/schemas/contracts";
import { CancelPauseButton } from "./CallOffButtons";
import { EventTimeline } from "./EventTimeline";

// The loader's activity shapes (the page passes them through unchanged).
export type ContractActivity = ContractPage["activity"];
type ActivityRun = ContractActivity["runs"]["results"][number];
type ActivityCredit = ContractActivity["credits"]["results"][number];
type ActivityAdjustment = ContractActivity["adjustments"][number];
type ActivityEvent = ContractActivity["events"]["results"][number];

/** A server-read page as the table's rows, total, page and its own URL parameter. */
const paged = <T,>(list: { results: T[]; count: number; page?: { number: number; size: number } }, param: string) => ({
  data: list.results,
  total: list.count,
  page: list.page?.number,
  pageSize: list.page?.size,
  pageParam: param,
});

type Pause = ContractOut["pauses"][number];

// The activity tables' cards: heading, test id, the table's name when it differs, what it says when empty.
const TABLE_CARDS = {
  pauses: { title: "Pauses", cardTestId: "contract-pauses" },
  adjustments: {
    title: "Pending adjustments",
    cardTestId: "contract-adjustments",
    empty: { message: "No adjustments wait for the next invoice." },
  },
  credit: {
    title: "Credit",
    cardTestId: "contract-credit",
    label: "Credit transactions",
    empty: { message: "No credit yet: use “Add credit” in the actions menu." },
  },
  runs: { title: "Billing runs", cardTestId: "contract-runs", empty: { message: "No billing runs yet." } },
};

type SectionProps = { contract: ContractOut; activity: ContractActivity };

/** The Overview tab's part: pauses (when any), adjustments waiting for the next run, entitlements. */
export function OverviewSections({ contract: c, activity: a }: SectionProps) {
  const money = (amount: string) => <Money amount={amount} currency={c.currency} />;
  const pauseCols: ColumnDef<Pause>[] = [
    {
      id: "window",
      header: "Window",
      cell: ({ row: { original: p } }) => (
        <>
          <DateTime value={p.start_date} /> → <DateTime value={p.end_date} />
        </>
      ),
    },
    { id: "state", header: "State", cell: ({ row }) => <StatusChip status={row.original.state} /> },
    { id: "reason", header: "Reason", cell: ({ row }) => row.original.reason ?? "—" },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row }) =>
        row.original.state === "scheduled" ? <CancelPauseButton contractId={c.id} pauseId={row.original.id} /> : null,
    },
  ];
  const adjCols: ColumnDef<ActivityAdjustment>[] = [
    { id: "line", header: "Line", cell: ({ row }) => row.original.description },
    { id: "created", header: "Created", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
    { id: "amount", header: "Amount", meta: { align: "right" }, cell: ({ row }) => money(row.original.amount) },
  ];
  const ents = c.entitlement_summary.products;
  return (
    <>
      {c.pauses.length ? <TableCard {...TABLE_CARDS.pauses} columns={pauseCols} data={c.pauses} /> : null}
      <TableCard {...TABLE_CARDS.adjustments} columns={adjCols} data={a.adjustments} />
      <Card title="Entitlements" testId="contract-entitlements">
        <p className="mb-2 text-sm">
          Service {c.entitlement_summary.service_active ? "active" : "inactive"}
          {c.entitlement_summary.entitled_until ? (
            <>
              {" "}
              until <DateTime value={c.entitlement_summary.entitled_until} />
            </>
          ) : null}
          .
        </p>
        {ents.length ? (
          <ul className="list-disc pl-5 text-sm">
            {ents.map((e) => (
              <li key={e.product_id}>
                {e.product_name} × {e.quantity}
                {e.entitled_until ? (
                  <>
                    {" "}
                    until <DateTime value={e.entitled_until} dateOnly />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">No product is entitled now.</p>
        )}
      </Card>
    </>
  );
}

/** The Credit tab: the credit balance and its transactions, the credit notes of the contract's runs. */
export function CreditSections({ contract: c, activity: a }: SectionProps) {
  const money = (amount: string) => <Money amount={amount} currency={c.currency} />;
  const creditCols: ColumnDef<ActivityCredit>[] = [
    { id: "when", header: "Date", cell: ({ row }) => <DateTime value={row.original.created_at} /> },
    { id: "kind", header: "Kind", cell: ({ row }) => (row.original.kind === "use" ? "Used" : "Granted") },
    {
      id: "reason",
      header: "Reason",
      cell: ({ row }) => (
        <>
          {row.original.reason}
          {row.original.billing_run_id ? (
            <>
              {" "}
              ·{" "}
              <Link className="text-blue-800 underline" href={runPath(row.original.billing_run_id)}>
                run {row.original.billing_run_id}
              </Link>
            </>
          ) : null}
        </>
      ),
    },
    { id: "amount", header: "Amount", meta: { align: "right" }, cell: ({ row }) => money(row.original.amount) },
  ];
  return (
    <>
      <TableCard
        {...TABLE_CARDS.credit}
        intro={
          <p className="mb-3 text-sm">
            Balance: <strong>{money(c.credit_balance)}</strong>
          </p>
        }
        columns={creditCols}
        {...paged(a.credits, "credits_page")}
      />
      <Card title="Credit notes" testId="contract-credit-notes">
        <CreditNotesTable
          filter={{ contract_id: c.id }}
          empty="No credit notes: refunds and credits of this contract's runs are listed here."
        />
      </Card>
    </>
  );
}

/** The Runs tab: the contract's billing runs, newest first, each with how its attempts went. */
export function RunsSection({ contract: c, activity: a }: SectionProps) {
  const money = (amount: string) => <Money amount={amount} currency={c.currency} />;
  const runCols: ColumnDef<ActivityRun>[] = [
    {
      id: "run",
      header: "Run",
      cell: ({ row: { original: r } }) => (
        <Link className="text-blue-800 underline" href={runPath(r.id)}>
          Run {r.id}
        </Link>
      ),
    },
    { id: "kind", header: "Kind", cell: ({ row }) => row.original.kind },
    {
      id: "period",
      header: "Period",
      cell: ({ row: { original: r } }) => (
        <>
          <DateTime value={r.period_start_at} dateOnly /> → <DateTime value={r.period_end_at} dateOnly />
        </>
      ),
    },
    { id: "state", header: "State", cell: ({ row }) => <StatusChip status={row.original.state} /> },
    {
      id: "attempts",
      header: "Attempts",
      // how many, and how the last one went (the run's page lists each attempt)
      cell: ({ row: { original: r } }) => {
        const last = r.attempts.at(-1);
        return last ? (
          <span className="text-xs">
            {r.attempts.length} · {last.state}
            {last.failure_message ? `: ${last.failure_message}` : ""}
          </span>
        ) : (
          "None"
        );
      },
    },
    { id: "total", header: "Total", meta: { align: "right" }, cell: ({ row }) => money(row.original.total_amount) },
  ];
  return <TableCard {...TABLE_CARDS.runs} columns={runCols} {...paged(a.runs, "runs_page")} />;
}

const actorCol: ColumnDef<ActivityEvent>[] = [
  { id: "actor", header: "Actor", cell: ({ row }) => row.original.actor ?? "System" },
];

/** The Activity tab: the contract's events and audited changes, newest first, with the actor. */
export function ContractTimeline({ activity: a }: { activity: ContractActivity }) {
  return (
    <EventTimeline
      testId="contract-timeline"
      events={a.events.results}
      paging={paged(a.events, "events_page")}
      columns={actorCol}
    />
  );
}
