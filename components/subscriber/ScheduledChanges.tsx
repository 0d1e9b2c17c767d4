"use client";
// The customer's pending plan changes (a downgrade waits for the renewal): "Changes to <plan> on <date>"
// with "Keep current plan", which cancels the change (the renewal then bills the current plan).
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import type { ContractItemOut, ScheduledChangeOut } from "@/server/schemas/contracts";
import { useSubscriberAction } from "./useSubscriberAction";

function what(
  t: ReturnType<typeof useTranslations<"plan">>,
  change: ScheduledChangeOut,
  item: ContractItemOut | undefined,
): string {
  const product = item?.product_name ?? t("thisItem");
  if (change.kind === "remove") return t("itemEnds", { product });
  if (change.price_id != null) return t("changesTo", { product: change.product_name ?? product });
  return t("changesToQuantity", { quantity: change.quantity ?? 0, product });
}

function ScheduledChange({ change, item }: { change: ScheduledChangeOut; item: ContractItemOut | undefined }) {
  const t = useTranslations("plan");
  const keep = useSubscriberAction();
  return (
    <li className="space-y-2 py-2" data-testid="scheduled-change">
      <p>
        {t.rich("scheduledOn", {
          what: what(t, change, item),
          date: () => <DateTime value={change.effective_at} dateOnly />,
        })}
      </p>
      <Button
        size="touch"
        disabled={keep.pending}
        onClick={() => keep.run({ action: "keep_current_plan", change_id: change.id })}
      >
        {t("keepCurrent")}
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
