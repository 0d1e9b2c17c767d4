"use client";
// The contract's items: product, price, quantity, discount, service period, entitlement; each active
// line can be changed (upgrade/downgrade/quantity) or removed through the preview pattern; pending
// scheduled changes are listed below with a way to cancel them.
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { type ColumnDef, DataTable } from "@/components/ui/DataTable";
import { DateTime } from "@/components/ui/DateTime";
import { DialogLoading } from "@/components/ui/DialogLoading";
import { formatPercent } from "@/components/ui/format";
import { LineAmount } from "@/components/ui/LineAmount";
import { StatusChip } from "@/components/ui/StatusChip";
import type { ContractItemOut, ScheduledChangeOut } from "@/server/schemas/contracts";
import { ScheduledChanges } from "./ScheduledChanges";

// the dialogs (and the operation preview they share) load when one opens, not with the page (bench:admin)
const UpdateItemDialog = dynamic(() => import("./ItemDialogs").then((m) => m.UpdateItemDialog), {
  ssr: false,
  loading: DialogLoading,
});
const RemoveItemDialog = dynamic(() => import("./ItemDialogs").then((m) => m.RemoveItemDialog), {
  ssr: false,
  loading: DialogLoading,
});

export interface ItemExtra {
  price_version_id?: number | null;
  explanation?: string | null;
}

// An active item's row actions: each opens its dialog; the button's name says which item it acts on.
const ITEM_ACTIONS = [
  { kind: "update", verb: "Change", variant: "secondary", writeAction: "change items" },
  { kind: "remove", verb: "Remove", variant: "dangerSecondary", writeAction: "remove items" },
] as const;

export function ItemsSection({
  contractId,
  currency,
  items,
  extras = {},
  editable,
  scheduledChanges = [],
}: {
  contractId: number;
  currency: string;
  items: ContractItemOut[];
  extras?: Record<number, ItemExtra>;
  editable: boolean;
  scheduledChanges?: ScheduledChangeOut[];
}) {
  const [dialog, setDialog] = useState<{ kind: "update" | "remove"; item: ContractItemOut } | null>(null);
  const columns: ColumnDef<ContractItemOut>[] = [
    {
      id: "product",
      header: "Product",
      cell: ({ row: { original: i } }) => (
        <div>
          <span className="font-medium">{i.product_name}</span>
          {extras[i.id]?.explanation ? (
            <span className="block text-xs text-slate-700">{extras[i.id]?.explanation}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: "price",
      header: "Price",
      cell: ({ row: { original: i } }) => (
        <span>
          <LineAmount amount={i.unit_amount} currency={currency} explanation={extras[i.id]?.explanation} />
          <span className="block text-xs text-slate-700">
            price {i.price_id}
            {extras[i.id]?.price_version_id ? ` · version ${extras[i.id]?.price_version_id}` : ""}
            {i.unit_amount_override ? " · override" : ""}
          </span>
        </span>
      ),
    },
    { id: "quantity", header: "Quantity", meta: { align: "right" }, cell: ({ row }) => row.original.quantity },
    {
      id: "discount",
      header: "Discount",
      meta: { align: "right" },
      cell: ({ row }) => (row.original.discount_percent ? formatPercent(row.original.discount_percent) : "—"),
    },
    {
      id: "period",
      header: "Current period",
      cell: ({ row: { original: i } }) =>
        i.current_service_period_start_at ? (
          <span>
            <DateTime value={i.current_service_period_start_at} dateOnly /> →{" "}
            <DateTime value={i.current_service_period_end_at} dateOnly />
          </span>
        ) : (
          "—"
        ),
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row: { original: i } }) => (
        <StatusChip
          status={i.status === "removed" ? "ended" : i.service_active ? "active" : "inactive"}
          label={i.status === "removed" ? "Removed" : i.service_active ? "In service" : "Not in service"}
        />
      ),
    },
    ...(editable
      ? [
          {
            id: "actions",
            header: "Actions",
            cell: ({ row: { original: i } }: { row: { original: ContractItemOut } }) =>
              i.status === "active" ? (
                <div className="flex gap-2">
                  {ITEM_ACTIONS.map((action) => (
                    <Button
                      key={action.kind}
                      variant={action.variant}
                      size="xs"
                      aria-label={`${action.verb} ${i.product_name}`}
                      onClick={() => setDialog({ kind: action.kind, item: i })}
                      writeAction={action.writeAction}
                    >
                      {action.verb}
                    </Button>
                  ))}
                </div>
              ) : null,
          } as ColumnDef<ContractItemOut>,
        ]
      : []),
  ];
  const close = {
    open: true,
    onOpenChange: (o: boolean) => {
      if (!o) setDialog(null);
    },
    contractId,
    currency,
  };
  return (
    <Card title={`Items (${items.filter((i) => i.status === "active").length})`} testId="contract-items">
      <DataTable
        label="Contract items"
        columns={columns}
        data={items}
        getRowId={(i) => String(i.id)}
        rowTestId={(i) => `item-${i.id}`}
        empty={{ message: "No items: add one with “Add item”." }}
      />
      <ScheduledChanges contractId={contractId} items={items} changes={scheduledChanges} editable={editable} />
      {dialog?.kind === "update" ? <UpdateItemDialog key={dialog.item.id} {...close} item={dialog.item} /> : null}
      {dialog?.kind === "remove" ? <RemoveItemDialog key={dialog.item.id} {...close} item={dialog.item} /> : null}
    </Card>
  );
}
