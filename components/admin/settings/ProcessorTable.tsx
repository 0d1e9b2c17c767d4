"use client";
// The account's payment processors: name, kind (adapter and how the checkout renders it), currency, method, active.
import { useQuery } from "@tanstack/react-query";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { activeStatusColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";

type Processor = RouterOutputs["settings"]["processors"]["list"][number];

const charges = (p: Processor) =>
  [p.supports_initial_charge ? "initial" : null, p.supports_recurring_charge ? "recurring" : null]
    .filter(Boolean)
    .join(" and ") || "none";

const processorTable: ListTableSpec<Processor> = {
  label: "Payment processors",
  useRows: () => useQuery(useTRPC().settings.processors.list.queryOptions()),
  testId: "processors-table",
  columns: [
    { id: "id", header: "Id", cell: ({ row }) => <code className="font-mono text-xs">{row.original.id}</code> },
    { id: "name", header: "Name", cell: ({ row }) => <span className="font-medium">{row.original.display_name}</span> },
    {
      id: "kind",
      header: "Kind",
      cell: ({ row }) => (
        <span>
          <code className="font-mono text-xs">{row.original.processor_type}</code>
          <br />
          <span className="text-xs text-slate-700">renders as {row.original.render_mode.replace(/_/g, " ")}</span>
        </span>
      ),
    },
    { id: "currency", header: "Currency", cell: ({ row }) => row.original.currency },
    { id: "method", header: "Collects by", cell: ({ row }) => row.original.collection_method },
    { id: "charges", header: "Charges", cell: ({ row }) => charges(row.original) },
    activeStatusColumn(),
  ],
  empty: {
    title: "No payment processors",
    message: "Payment processors are connected by the platform operator; ask them to add one for your currencies.",
  },
};

export function ProcessorTable() {
  return <ListTable {...processorTable} />;
}
