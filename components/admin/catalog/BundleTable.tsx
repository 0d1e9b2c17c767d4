"use client";
// All bundle templates of the account (active and inactive), filtered by status in the URL (?status=).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { activeStatusColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { type ColumnDef, DataTable, rowsOf } from "@/components/ui/DataTable";

type Bundle = RouterOutputs["catalogAdmin"]["bundles"]["list"][number];

const columns: ColumnDef<Bundle>[] = [
  {
    id: "name",
    header: "Name",
    accessorKey: "name",
    cell: ({ row }) => (
      <Link href={`/admin/bundles/${row.original.id}`} className="font-medium text-blue-800 hover:underline">
        {row.original.name}
      </Link>
    ),
  },
  {
    id: "reference",
    header: "Reference",
    accessorFn: (b) => b.reference ?? "",
    cell: ({ row }) => <span className="font-mono text-xs text-slate-700">{row.original.reference ?? "—"}</span>,
  },
  { id: "currency", header: "Default currency", accessorFn: (b) => b.default_currency ?? "—" },
  { id: "items", header: "Items", meta: { align: "right" }, accessorKey: "item_count" },
  activeStatusColumn(),
];

export function BundleTable() {
  const trpc = useTRPC();
  const status = useSearchParams().get("status");
  const active = status === "active" ? "true" : status === "inactive" ? "false" : "all";
  const bundles = useQuery(trpc.catalogAdmin.bundles.list.queryOptions({ active }));
  return (
    <div className="space-y-3">
      <nav aria-label="Filter bundles by status" className="flex gap-2 text-sm">
        {[
          ["all", "All"],
          ["active", "Active"],
          ["inactive", "Inactive"],
        ].map(([v, label]) => (
          <Link
            key={v}
            href={v === "all" ? "/admin/bundles" : `/admin/bundles?status=${v}`}
            aria-current={(status ?? "all") === v ? "page" : undefined}
            className="rounded-full border border-slate-300 px-3 py-1 text-slate-800 aria-[current=page]:bg-slate-800 aria-[current=page]:text-white"
          >
            {label}
          </Link>
        ))}
      </nav>
      <DataTable
        label="Bundles"
        testId="bundles-table"
        columns={columns}
        {...rowsOf(bundles, bundles.data)}
        rowTestId={() => "bundle-row"}
        empty={{
          message: "No bundle templates yet.",
          action: { href: "/admin/bundles/new", label: "Create the first bundle" },
        }}
      />
    </div>
  );
}
