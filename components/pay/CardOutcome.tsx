"use client";
// What became of the card and its payment, kept current by polling the form's state: vendor B's card is
// confirmed by the processor's webhook a moment later, and the payment itself is taken when the checkout
// is finalized — a declined card must end in "the payment failed" (or "the card was declined"), never stay "saved".
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/** What the card is for: a checkout's first payment, a subscription's card update, or a card the seller asked for. */
export type CardPurpose = "checkout" | "update" | "request";

export interface CardState {
  status: string;
  checkout_status: string | null;
  fail_message: string | null;
}

const POLL_MS = 1500;
const settled = (s: CardState) =>
  s.status !== "processing" && !["pending", "pending_external"].includes(s.checkout_status ?? "");

/** `returnPath`: the subscriber page a card update came from (no payment is taken by the form then). */
export function CardOutcome({
  token,
  initial,
  returnPath = null,
  purpose = "checkout",
}: {
  token: string;
  initial: CardState;
  returnPath?: string | null;
  purpose?: CardPurpose;
}) {
  const t = useTranslations("pay");
  const [state, setState] = useState(initial);
  useEffect(() => {
    if (settled(state)) return;
    const timer = setTimeout(async () => {
      const res = await fetch(`/api/pay/registrations/${token}/`, { cache: "no-store" }).catch(() => null);
      if (res?.ok) setState(await res.json());
      else setState({ ...state }); // try again after the next interval
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [state, token]);

  if (state.status === "failed")
    return (
      <div className="mt-4 text-red-700" role="alert" data-testid="card-declined">
        <p className="font-medium">
          {state.fail_message ? t("declinedWith", { message: state.fail_message }) : t("declined")}
        </p>
        <p className="mt-1 text-sm">{t("notSaved")}</p>
        {returnPath ? (
          <a className="mt-2 inline-block font-medium text-blue-700 underline" href={returnPath}>
            {t("back")}
          </a>
        ) : null}
      </div>
    );
  if (state.checkout_status === "failed")
    return (
      <div className="mt-4 text-red-700" role="alert" data-testid="payment-failed">
        <p className="font-medium">
          {state.fail_message ? t("paymentFailedWith", { message: state.fail_message }) : t("paymentFailed")}
        </p>
        <p className="mt-1 text-sm">{t("nothingChargedTryAnother")}</p>
      </div>
    );
  if (state.checkout_status === "succeeded")
    return (
      <p className="mt-4 text-green-700" role="status" data-testid="payment-succeeded">
        {t("paymentComplete")}
      </p>
    );
  if (state.status === "processing")
    return (
      <p className="mt-4 text-slate-700" role="status" data-testid="processing">
        {t("confirming")}
      </p>
    );
  if (state.checkout_status === "pending_external")
    return (
      <p className="mt-4 text-slate-700" role="status" data-testid="payment-pending">
        {t("waitingBank")}
      </p>
    );
  if (returnPath)
    return (
      <div className="mt-4 text-slate-700" role="status" data-testid="verified">
        <p>{t("newCardSaved")}</p>
        <a className="mt-2 inline-block font-medium text-blue-700 underline" href={returnPath}>
          {t("back")}
        </a>
      </div>
    );
  return (
    <p className="mt-4 text-slate-700" role="status" data-testid="verified">
      {purpose === "request" ? t("savedRequest") : t("savedCheckout")}
    </p>
  );
}
