"use client";
// Change plan: the options the seller allows (other prices, quantity, add-ons, removing optional items).
// Every change is previewed first (the same proration preview as the API) and confirmed with the
// preview's token, so what is charged is exactly what was shown. An upgrade takes effect only once its
// payment succeeds: a declined card leaves the plan as it was, and the page says why and offers another card.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { inputClass } from "@/components/ui/FormField";
import { Money } from "@/components/ui/Money";
import type { ChangePreview, ChangeState } from "@/server/domain/selfService/actions";
import type { ChangeOptions } from "@/server/domain/selfService/options";
import type { PlanChange } from "@/server/schemas/selfService";
import { UpdateCard } from "./LifecycleActions";
import { PreviewSummary } from "./PreviewSummary";
import { useSubscriberAction } from "./useSubscriberAction";

type Offered = { label: string; period_amount: string };

/** What the page says once a change is confirmed: only "changed" when it was. */
const CONFIRMED = { applied: "applied", scheduled: "scheduled", awaiting_payment: "awaitingPayment" } as const;
type Action = "switchTo" | "add";

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
  const t = useTranslations("plan");
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>
        {t.rich("perPeriod", {
          label: option.label,
          amount: () => <Money amount={option.period_amount} currency={currency} />,
        })}
      </span>
      <Button size="touch" disabled={disabled} onClick={onChoose}>
        {t(action, { label: option.label })}
      </Button>
    </li>
  );
}

export function ChangePlan({
  options,
  currency,
  nextBillingAt,
  canUpdateCard,
}: {
  options: ChangeOptions;
  currency: string;
  nextBillingAt: string | null;
  /** the seller lets customers replace their card (offered after a declined payment) */
  canUpdateCard: boolean;
}) {
  const t = useTranslations("plan");
  const preview = useSubscriberAction<ChangePreview>();
  const confirm = useSubscriberAction<{ change_state: ChangeState }>();
  const [pending, setPending] = useState<{ change: PlanChange; result: ChangePreview } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // the processor's reason for refusing the upgrade's payment (the plan did not change)
  const [declined, setDeclined] = useState<string | null>(null);

  async function ask(change: PlanChange) {
    setDone(null);
    setDeclined(null);
    const result = await preview.run({ action: "preview_change", change }, { refresh: false });
    if (result) setPending({ change, result });
  }
  async function apply() {
    if (!pending) return;
    const result = await confirm.run(
      { action: "confirm_change", change: pending.change, preview_token: pending.result.preview.preview_token },
      {
        // a failed payment (400 `payment`): shown on the page with a way to another card, the dialog closes
        onError: (body) => {
          const reason = Array.isArray(body.payment) ? String(body.payment[0]) : null;
          if (!reason) return false;
          setDeclined(reason);
          setPending(null);
          return true;
        },
      },
    );
    if (result) {
      setDone(t(CONFIRMED[result.change_state] ?? CONFIRMED.applied));
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
            {t.rich("itemPerPeriod", {
              product: item.product_name,
              quantity: item.quantity,
              amount: () => <Money amount={item.period_amount} currency={currency} />,
            })}
          </p>
          {item.prices.length ? (
            <ul className="space-y-2">
              {item.prices.map((p) =>
                option(p, "switchTo", { kind: "price", contract_item: item.contract_item, price: p.price }),
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
                  {t("quantityOf", { product: item.product_name })}
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
              <Button type="submit" size="touch" disabled={preview.pending}>
                {t("previewQuantity")}
              </Button>
            </form>
          ) : null}
          {item.removable ? (
            <Button
              size="touch"
              disabled={preview.pending}
              onClick={() => ask({ kind: "remove", contract_item: item.contract_item })}
            >
              {t("remove", { product: item.product_name })}
            </Button>
          ) : null}
        </div>
      ))}
      {options.addons.length ? (
        <div className="space-y-2">
          <h3 className="font-medium">{t("addons")}</h3>
          <ul className="space-y-2">{options.addons.map((a) => option(a, "add", { kind: "add", price: a.price }))}</ul>
        </div>
      ) : null}
      {preview.error ? (
        <p role="alert" className="text-sm text-red-800">
          {preview.error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-green-800" data-testid="change-done">
          {done}
        </p>
      ) : null}
      {declined ? (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="payment-declined"
        >
          <p>
            <span className="font-semibold">{t("paymentDeclined")}</span> {declined}
          </p>
          <p>
            {t("notChanged")} {canUpdateCard ? t("useAnotherCardThenConfirm") : t("contactSeller")}
          </p>
          {canUpdateCard ? <UpdateCard label={t("useAnotherCard")} /> : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={!!pending}
        onOpenChange={(open) => {
          if (!open) setPending(null);
          confirm.clearError();
        }}
        title={pending?.result.direction === "upgrade" ? t("confirmUpgrade") : t("confirmChange")}
        description={
          pending && pending.result.preview.invoice_now_amount !== "0.0000" ? t("chargesNow") : t("chargesOrCredits")
        }
        confirmLabel={
          pending?.result.preview.invoice_now_amount !== "0.0000" ? t("confirmAndPay") : t("confirmChangeButton")
        }
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
