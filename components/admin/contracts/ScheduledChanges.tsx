"use client";
// The contract's pending scheduled item changes (a customer's downgrade waiting for the item's renewal),
// each with what changes, when, who asked, and "Cancel scheduled change".
import { DateTime } from "@/components/ui/DateTime";
import type { ContractItemOut, ScheduledChangeOut } from "@/server/schemas/contracts";
import { CancelScheduledChangeButton } from "./CallOffButtons";

export function describeChange(change: ScheduledChangeOut, item: ContractItemOut | undefined): string {
  const product = item?.product_name ?? `item ${change.contract_item_id}`;
  if (change.kind === "remove") return `${product} is removed`;
  const parts = [
    change.price_id != null ? `price ${change.product_name ?? change.price_id} (${change.price_id})` : null,
    change.quantity != null ? `quantity ${change.quantity}` : null,
  ].filter(Boolean);
  return `${product} changes to ${parts.join(", ")}`;
}

export function ScheduledChanges({
  contractId,
  items,
  changes,
  editable,
}: {
  contractId: number;
  items: ContractItemOut[];
  changes: ScheduledChangeOut[];
  editable: boolean;
}) {
  if (!changes.length) return null;
  return (
    <div className="mt-3 space-y-2" data-testid="scheduled-changes">
      <h3 className="text-sm font-medium">Scheduled changes</h3>
      <ul className="space-y-2 text-sm">
        {changes.map((change) => (
          <li
            key={change.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
            data-testid={`scheduled-change-${change.id}`}
          >
            <span>
              {describeChange(
                change,
                items.find((i) => i.id === change.contract_item_id),
              )}{" "}
              on <DateTime value={change.effective_at} /> · requested by {change.requested_by}
            </span>
            {editable ? <CancelScheduledChangeButton contractId={contractId} changeId={change.id} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
