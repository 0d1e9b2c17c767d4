"use client";
// All bundle templates of the account (active and inactive), filtered by status in the URL (?status=).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { activeStatusColumn, nameLinkColumn, referenceColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";

type Bundle = RouterOutputs["catalogAdmin"]["bundles"]["list"][number];
type ActiveFilter = "true" | "false" | "all";

const bundleTable: ListTableSpec<Bundle, ActiveFilter> = {
  label: "Bundles",
  useRows: (active) => useQuery(useTRPC().catalogAdmin.bundles.list.queryOptions({ active })),
  columns: [
    nameLinkColumn("/admin/bundles"),
    referenceColumn(),
    { id: "currency", header: "Default currency", accessorFn: (b) => b.default_currency ?? "—" },
    { id: "items", header: "Items", meta: { align: "right" }, accessorKey: "item_count" },
    activeStatusColumn(),
  ],
  empty: {
    message: "No bundle templates yet.",
    action: { href: "/admin/bundles/new", label: "Create the first bundle" },
  },
};

export function BundleTable() {
  const status = useSearchParams().get("status");
  const active = status === "active" ? "true" : status === "inactive" ? "false" : "all";
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
      <ListTable {...bundleTable} input={active} />
    </div>
  );
}
