"use client";
// The customer's pending plan changes (a downgrade waits for the renewal): "Changes to <plan> on <date>"
// with "Keep current plan", which cancels the change (the renewal then bills the current plan).
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import type { ContractItemOut, ScheduledChangeOut } from "@/server/schemas/contracts";
import { useSubscriberAction } from "./useSubscriberAction";

function what(change: ScheduledChangeOut, item: ContractItemOut | undefined): string {
  const product = item?.product_name ?? "this item";
  if (change.kind === "remove") return `${product} ends`;
  if (change.price_id != null) return `Changes to ${change.product_name ?? product}`;
  return `Changes to ${change.quantity} × ${product}`;
}

function ScheduledChange({ change, item }: { change: ScheduledChangeOut; item: ContractItemOut | undefined }) {
  const keep = useSubscriberAction();
  return (
    <li className="space-y-2 py-2" data-testid="scheduled-change">
      <p>
        {what(change, item)} on <DateTime value={change.effective_at} dateOnly />. Until then you keep your current
        plan.
      </p>
      <Button
        size="touch"
        disabled={keep.pending}
        onClick={() => keep.run({ action: "keep_current_plan", change_id: change.id })}
      >
        Keep current plan
      </Button>
      {keep.error ? (
        <p role="alert" className="text-sm text-red-800">
          {keep.error}
        </p>
      ) : null}
    </li>
  );
}

export function ScheduledChanges({ changes, items }: { changes: ScheduledChangeOut[]; items: ContractItemOut[] }) {
  if (!changes.length) return null;
  return (
    <ul className="mb-4 divide-y divide-slate-100 rounded-md bg-amber-50 px-3 text-sm text-amber-950">
      {changes.map((change) => (
        <ScheduledChange key={change.id} change={change} item={items.find((i) => i.id === change.contract_item_id)} />
      ))}
    </ul>
  );
}
