"use client";
// A bundle template: header (status, deactivate), items with their prices, add-on rules and the form to add one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { PriceAmount } from "@/components/admin/products/PriceAmount";
import { ListTable, type ListTableSpec } from "@/components/admin/QueryTable";
import { RecordHeader } from "@/components/admin/RecordHeader";
import { actionsColumn, activeStatusColumn, linkColumn } from "@/components/admin/recordColumns";
import { useTRPC } from "@/components/trpc/client";
import type { RouterOutputs } from "@/components/trpc/types";
import { Card } from "@/components/ui/Card";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { Loading, QueryError } from "@/components/ui/QueryState";
import { toast } from "@/components/ui/Toaster";
import { ActiveToggle } from "./ActiveToggle";
import { AddonRuleForm } from "./AddonRuleForm";
import { AddItemDialog, EditItemDialog, RemoveItemButton } from "./BundleItemDialogs";

type Bundle = RouterOutputs["catalogAdmin"]["bundles"]["get"];
type Item = Bundle["items"][number];
type Rule = RouterOutputs["catalogAdmin"]["bundles"]["addonRules"][number];

const SCOPES: Record<string, string> = {
  fixed: "Fixed",
  selectable: "Customer picks",
  product_active_recurring: "Any active recurring price",
};

const itemColumns = (bundleId: number): ColumnDef<Item>[] => [
  linkColumn(
    "product",
    "Product",
    (i) => `/admin/products/${i.product.id}`,
    (i) => i.product.name,
    "text-blue-800 hover:underline",
  ),
  { id: "quantity", header: "Quantity", meta: { align: "right" }, accessorKey: "quantity" },
  { id: "required", header: "Required", accessorFn: (i) => (i.required ? "Yes" : "Optional") },
  { id: "scope", header: "Price choice", accessorFn: (i) => SCOPES[i.price_option_scope] ?? i.price_option_scope },
  {
    id: "default",
    header: "Default price",
    cell: ({ row }) => (row.original.default_price ? <PriceAmount price={row.original.default_price} /> : "—"),
  },
  {
    id: "prices",
    header: "Prices offered",
    cell: ({ row }) =>
      row.original.selectable_prices.length
        ? row.original.selectable_prices.map((s, k) => (
            <span key={s.price_id}>
              {k ? " · " : ""}
              <PriceAmount price={s.price} />
              {s.price.interval ? ` / ${s.price.interval}` : ""}
              {s.is_default ? " (default)" : ""}
            </span>
          ))
        : "—",
  },
  actionsColumn((item, index) => (
    <div className="flex flex-wrap gap-2">
      <EditItemDialog bundleId={bundleId} item={item} position={index + 1} />
      <RemoveItemButton bundleId={bundleId} item={item} position={index + 1} />
    </div>
  )),
];

function RuleToggle({ bundleId, rule }: { bundleId: number; rule: Rule }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const m = useMutation(
    trpc.catalogAdmin.bundles.setAddonRuleActive.mutationOptions({
      onSuccess: async (_, v) => {
        toast.success(v.active ? "Add-on rule activated" : "Add-on rule deactivated");
        await queryClient.invalidateQueries(trpc.catalogAdmin.bundles.pathFilter());
      },
    }),
  );
  return (
    <ActiveToggle
      active={rule.active}
      what="add-on rule"
      pending={m.isPending}
      error={m.error?.message}
      consequence={`${rule.target} is no longer offered with this bundle.`}
      onChange={(active) => m.mutate({ bundle_id: bundleId, rule_id: rule.id, active })}
    />
  );
}

const ruleTable: ListTableSpec<Rule, number> = {
  label: "Add-on rules",
  useRows: (bundleId) => useQuery(useTRPC().catalogAdmin.bundles.addonRules.queryOptions({ id: bundleId })),
  testId: "addon-rules",
  rowTestId: () => "addon-rule",
  columns: (bundleId) => [
    { id: "target", header: "Offers", accessorKey: "target" },
    { id: "qty", header: "Quantity", accessorFn: (r) => `${r.min_quantity}–${r.max_quantity ?? "any"}` },
    {
      id: "same",
      header: "Must match",
      accessorFn: (r) =>
        [r.same_interval_required ? "interval" : null, r.same_currency_required ? "currency" : null]
          .filter(Boolean)
          .join(", ") || "—",
    },
    activeStatusColumn(),
    actionsColumn((rule) => <RuleToggle bundleId={bundleId} rule={rule} />),
  ],
  empty: "No add-on rules yet. Add the first one with the form below.",
};

export function BundleDetail({ bundleId }: { bundleId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const bundle = useQuery(trpc.catalogAdmin.bundles.get.queryOptions({ id: bundleId }));
  const rules = useQuery(trpc.catalogAdmin.bundles.addonRules.queryOptions({ id: bundleId }));
  const toggle = useMutation(
    trpc.catalogAdmin.bundles.update.mutationOptions({
      onSuccess: async (b) => {
        toast.success(b.active ? "Bundle activated" : "Bundle deactivated");
        await queryClient.invalidateQueries(trpc.catalogAdmin.bundles.pathFilter());
      },
    }),
  );
  if (bundle.isPending) return <Loading what="bundle" />;
  if (bundle.isError) return <QueryError error={bundle.error} />;
  const b = bundle.data;
  return (
    <>
      <Link href="/admin/bundles" className="text-sm text-blue-800 hover:underline">
        ← Bundles
      </Link>
      <RecordHeader
        record={b}
        kind="bundle"
        actions={
          <ActiveToggle
            active={b.active}
            what="bundle"
            pending={toggle.isPending}
            error={toggle.error?.message}
            consequence={`“${b.name}” can no longer be chosen for new contracts or checkouts; existing contracts keep their items.`}
            onChange={(active) => toggle.mutate({ id: b.id, active })}
          />
        }
      />
      <Card>
        <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-700">Reference</dt>
            <dd className="font-mono">{b.reference ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-700">Default currency</dt>
            <dd>{b.default_currency ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-700">Items</dt>
            <dd>{b.items.length}</dd>
          </div>
          <div>
            <dt className="text-slate-700">Add-on rules</dt>
            <dd>{rules.data?.length ?? "…"}</dd>
          </div>
        </dl>
      </Card>
      <Card title="Items" actions={<AddItemDialog bundleId={b.id} />}>
        <DataTable
          label="Bundle items"
          testId="bundle-items"
          columns={itemColumns(b.id)}
          data={b.items}
          rowTestId={() => "bundle-item"}
          empty={{ message: "This bundle has no items." }}
        />
      </Card>
      <Card title="Add-on rules">
        <ListTable {...ruleTable} input={b.id} />
      </Card>
      <Card title="New add-on rule">
        <AddonRuleForm bundleId={b.id} />
      </Card>
    </>
  );
}
