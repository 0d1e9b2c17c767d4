"use client";
// Status notices at the top of the subscriber page: a failed first payment, a payment that needs
// attention, a plan change waiting for the bank's confirmation, a trial, a scheduled end, a pause, an ended
// subscription.
import { useTranslations } from "next-intl";
import { DateTime } from "@/components/ui/DateTime";
import type { SubscriberPageView } from "@/server/domain/selfService/page";

export function Notices({ view }: { view: SubscriberPageView }) {
  const c = view.contract;
  const t = useTranslations("notices");
  const date = (value: string | null) => () => <DateTime value={value} dateOnly />;
  const alert = "rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900";
  const info = "rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800";
  return (
    <div className="space-y-3" data-testid="notices">
      {view.notices.map((n) => {
        switch (n) {
          case "first_payment_failed":
            return (
              <p key={n} role="alert" className={alert} data-testid="notice-first-payment">
                {t("firstPaymentFailed")}
              </p>
            );
          case "payment_attention":
            return (
              <p key={n} role="alert" className={alert} data-testid="notice-payment-attention">
                {t("paymentAttention")}
              </p>
            );
          case "change_awaiting_payment":
            return (
              <p key={n} role="status" className={info} data-testid="notice-change-awaiting-payment">
                {t("changeAwaitingPayment")}
              </p>
            );
          case "trial":
            return (
              <p key={n} className={info} data-testid="notice-trial">
                {t.rich("trial", { date: date(c.trial_end_at) })}
              </p>
            );
          case "paused":
            return (
              <p key={n} className={info} data-testid="notice-paused">
                {t.rich("paused", { date: date(c.paused_until) })}
              </p>
            );
          case "ends":
            return (
              <p key={n} className={info} data-testid="notice-ends">
                {t.rich("ends", { date: date(c.cancel_at) })}
              </p>
            );
          case "ended":
            return (
              <p key={n} className={info} data-testid="notice-ended">
                {c.ended_reason === "unpaid_checkout" ? t("neverStarted") : t("ended")}
              </p>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
