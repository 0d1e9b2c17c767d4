"use client";
// /admin/credit-notes: every credit note of the account, newest first, paged on the server; the kind and the
// page live in the URL. The columns are the detail pages' (CreditNotesTable) with the customer added.
import { useQuery } from "@tanstack/react-query";
import { ExportLinks } from "@/components/admin/exports/ExportLinks";
import { PageTable } from "@/components/admin/QueryTable";
import { linkColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { ColumnDef } from "@/components/ui/DataTable";
import { FilterBar } from "@/components/ui/FilterBar";
import { pageOf, useUrlState } from "@/components/ui/useUrlState";
import { type CreditNoteRow, creditNotesTable, KIND_WORDS } from "./CreditNotesTable";

const PAGE_SIZE = 25;
const KINDS = ["refund", "credit", "dispute"] as const;
type Row = CreditNoteRow & { customer_reference: string };

const [number, ...rest] = creditNotesTable.columns as ColumnDef<Row>[];
const columns: ColumnDef<Row>[] = [
  number,
  linkColumn(
    "customer",
    "Customer",
    (n) => `/admin/customers/${n.customer_id}`,
    (n) => n.customer_reference,
  ),
  ...rest,
];

export function CreditNoteList() {
  const trpc = useTRPC();
  const [params] = useUrlState();
  const kind = KINDS.find((k) => k === params.get("kind"));
  const notes = useQuery(trpc.refunds.creditNotePage.queryOptions({ page: pageOf(params), pageSize: PAGE_SIZE, kind }));
  return (
    <div className="space-y-4">
      <FilterBar
        filters={[
          {
            name: "kind",
            label: "Kind",
            allLabel: "All kinds",
            options: KINDS.map((k) => ({ value: k, label: KIND_WORDS[k] })),
          },
        ]}
      />
      <ExportLinks kind="credit-notes" what="credit notes" filters={{ kind }} />
      <PageTable
        label="Credit notes"
        columns={columns}
        query={notes}
        pageSize={PAGE_SIZE}
        getRowId={(n) => String(n.id)}
        empty={{
          title: "No credit notes",
          message: kind
            ? "No credit note of this kind."
            : "A credit note is issued with every refund or credit; start from a paid billing run.",
          action: { href: "/admin/billing-runs?state=succeeded", label: "Paid billing runs" },
        }}
      />
    </div>
  );
}
