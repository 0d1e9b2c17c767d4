"use client";
// Change plan: the options the seller allows (other prices, quantity, add-ons, removing optional items).
// Every change is previewed first (the same proration preview as the API) and confirmed with the
// preview's token, so what is charged is exactly what was shown.
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { inputClass } from "@/components/ui/FormField";
import { Money } from "@/components/ui/Money";
import type { ChangePreview } from "@/server/domain/selfService/actions";
import type { ChangeOptions } from "@/server/domain/selfService/options";
import type { PlanChange } from "@/server/schemas/selfService";
import { PreviewSummary } from "./PreviewSummary";
import { useSubscriberAction } from "./useSubscriberAction";

const buttonClass =
  "min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 disabled:opacity-60";

type Offered = { label: string; period_amount: string };
type Action = "Switch to" | "Add";

// One offered price (another price of an item, or an add-on): its period amount and the button choosing it.
function PlanOption({
  option,
  currency,
  action,
  disabled,
  onChoose,
}: {
  option: Offered;
  currency: string;
  action: Action;
  disabled: boolean;
  onChoose: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>
        {option.label} · <Money amount={option.period_amount} currency={currency} /> per period
      </span>
      <button type="button" className={buttonClass} disabled={disabled} onClick={onChoose}>
        {action} {option.label}
      </button>
    </li>
  );
}

export function ChangePlan({
  options,
  currency,
  nextBillingAt,
}: {
  options: ChangeOptions;
  currency: string;
  nextBillingAt: string | null;
}) {
  const preview = useSubscriberAction<ChangePreview>();
  const confirm = useSubscriberAction();
  const [pending, setPending] = useState<{ change: PlanChange; result: ChangePreview } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function ask(change: PlanChange) {
    setDone(null);
    const result = await preview.run({ action: "preview_change", change }, { refresh: false });
    if (result) setPending({ change, result });
  }
  async function apply() {
    if (!pending) return;
    const ok = await confirm.run({
      action: "confirm_change",
      change: pending.change,
      preview_token: pending.result.preview.preview_token,
    });
    if (ok) {
      setDone(
        pending.result.scheduled_for ? "Your change is scheduled for your renewal." : "Your plan has been changed.",
      );
      setPending(null);
    }
  }

  const option = (offered: Offered & { price: number }, action: Action, change: PlanChange) => (
    <PlanOption
      key={offered.price}
      option={offered}
      currency={currency}
      action={action}
      disabled={preview.pending}
      onChoose={() => ask(change)}
    />
  );

  return (
    <div className="space-y-4">
      {options.items.map((item) => (
        <div
          key={item.contract_item}
          className="space-y-2 rounded-md border border-slate-200 p-3"
          data-testid="plan-item"
        >
          <p className="font-medium">
            {item.product_name} × {item.quantity} · <Money amount={item.period_amount} currency={currency} /> per period
          </p>
          {item.prices.length ? (
            <ul className="space-y-2">
              {item.prices.map((p) =>
                option(p, "Switch to", { kind: "price", contract_item: item.contract_item, price: p.price }),
              )}
            </ul>
          ) : null}
          {item.quantity_range ? (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const quantity = Number(new FormData(e.currentTarget).get("quantity"));
                ask({ kind: "quantity", contract_item: item.contract_item, quantity });
              }}
            >
              <div className="flex flex-col gap-1">
                <label htmlFor={`qty-${item.contract_item}`} className="text-sm">
                  Quantity of {item.product_name}
                </label>
                <input
                  id={`qty-${item.contract_item}`}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={item.quantity_range.min}
                  max={item.quantity_range.max}
                  defaultValue={item.quantity}
                  className={`${inputClass} w-24`}
                />
              </div>
              <button type="submit" className={buttonClass} disabled={preview.pending}>
                Preview quantity change
              </button>
            </form>
          ) : null}
          {item.removable ? (
            <button
              type="button"
              className={buttonClass}
              disabled={preview.pending}
              onClick={() => ask({ kind: "remove", contract_item: item.contract_item })}
            >
              Remove {item.product_name}
            </button>
          ) : null}
        </div>
      ))}
      {options.addons.length ? (
        <div className="space-y-2">
          <h3 className="font-medium">Add-ons</h3>
          <ul className="space-y-2">{options.addons.map((a) => option(a, "Add", { kind: "add", price: a.price }))}</ul>
        </div>
      ) : null}
      {preview.error ? (
        <p role="alert" className="text-sm text-red-800">
          {preview.error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      ) : null}
      <ConfirmDialog
        open={!!pending}
        onOpenChange={(open) => {
          if (!open) setPending(null);
          confirm.clearError();
        }}
        title={pending?.result.direction === "upgrade" ? "Confirm your upgrade" : "Confirm your change"}
        description="This is exactly what the change charges or credits."
        confirmLabel={pending?.result.preview.invoice_now_amount !== "0.0000" ? "Confirm and pay" : "Confirm change"}
        pending={confirm.pending}
        error={confirm.error}
        onConfirm={apply}
        testId="change-dialog"
      >
        {pending ? (
          <PreviewSummary
            preview={pending.result.preview}
            currency={currency}
            direction={pending.result.direction}
            periodDelta={pending.result.period_delta}
            nextBillingAt={nextBillingAt}
            scheduledFor={pending.result.scheduled_for}
          />
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
