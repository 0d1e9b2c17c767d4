"use client";
// The credit notes of a run, a contract or a customer (newest first), each linking to its document: number,
// date, what it corrects, its total and how it was settled (refunds with their state, credit to the balance).
// One page at a time, counted, by the table's own URL parameter (?cn_page=N) like a detail page's other tables.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { creditNotePath, runPath } from "@/components/admin/adminPaths";
import { PagedListTable, type PagedListTableSpec } from "@/components/admin/QueryTable";
import { useTRPC } from "@/components/trpc/client";
import type { RouterInputs, RouterOutputs } from "@/components/trpc/types";
import { DateTime } from "@/components/ui/DateTime";
import { Money } from "@/components/ui/Money";
import { StatusChip } from "@/components/ui/StatusChip";

export type CreditNoteRow = RouterOutputs["refunds"]["creditNotes"]["results"][number];
type Filter = Omit<RouterInputs["refunds"]["creditNotes"], "page">;

export const KIND_WORDS: Record<string, string> = { refund: "Refund", credit: "Credit", dispute: "Lost dispute" };
const link = "text-blue-800 underline";

export const creditNotesTable: Omit<PagedListTableSpec<CreditNoteRow, Filter>, "empty"> = {
  label: "Credit notes",
  pageParam: "cn_page",
  usePage: (filter, page) =>
    useQuery(useTRPC().refunds.creditNotes.queryOptions({ ...filter, page }, { placeholderData: keepPreviousData })),
  columns: [
    {
      id: "number",
      header: "Credit note",
      cell: ({ row: { original: n } }) => (
        <Link className={`${link} font-medium`} href={creditNotePath(n.id)}>
          {n.number}
        </Link>
      ),
    },
    { id: "issued", header: "Issued", cell: ({ row }) => <DateTime value={row.original.issued_at} /> },
    { id: "kind", header: "Kind", cell: ({ row }) => KIND_WORDS[row.original.kind] ?? row.original.kind },
    {
      id: "corrects",
      header: "Corrects",
      cell: ({ row: { original: n } }) => (
        <Link className={link} href={runPath(n.billing_run_id)}>
          {n.receipt_number ? `Receipt ${n.receipt_number}` : `Run ${n.billing_run_id}`}
        </Link>
      ),
    },
    { id: "reason", header: "Reason", cell: ({ row }) => row.original.reason },
    {
      id: "settled",
      header: "Settled as",
      cell: ({ row: { original: n } }) => (
        <ul className="space-y-0.5 text-xs">
          {n.refunds.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-1">
              <Money amount={r.amount} currency={n.currency} /> {r.method === "chargeback" ? "chargeback" : "refund"}{" "}
              <StatusChip status={r.state} />
            </li>
          ))}
          {Number(n.credit_amount) > 0 ? (
            <li>
              <Money amount={n.credit_amount} currency={n.currency} /> credited to the balance
            </li>
          ) : null}
        </ul>
      ),
    },
    {
      id: "total",
      header: "Total",
      meta: { align: "right" },
      cell: ({ row: { original: n } }) => <Money amount={n.total_amount} currency={n.currency} />,
    },
  ],
};

/** The credit notes matching `filter` (a run, a contract or a customer), one page by ?cn_page. */
export function CreditNotesTable({ filter, empty }: { filter: Filter; empty: string }) {
  return <PagedListTable {...creditNotesTable} input={filter} empty={empty} />;
}
