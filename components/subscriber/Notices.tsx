// Status notices at the top of the subscriber page: a failed first payment, a payment that needs
// attention, a plan change waiting for the bank's confirmation, a trial, a scheduled end, a pause, an ended
// subscription.
import { DateTime } from "@/components/ui/DateTime";
import type { SubscriberPageView } from "@/server/domain/selfService/page";

export function Notices({ view }: { view: SubscriberPageView }) {
  const c = view.contract;
  const alert = "rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900";
  const info = "rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800";
  return (
    <div className="space-y-3" data-testid="notices">
      {view.notices.map((n) => {
        switch (n) {
          case "first_payment_failed":
            return (
              <p key={n} role="alert" className={alert} data-testid="notice-first-payment">
                Your first payment did not go through, so the subscription has not started. Pay it below in your billing
                history with your card on file, or update your card first.
              </p>
            );
          case "payment_attention":
            return (
              <p key={n} role="alert" className={alert} data-testid="notice-payment-attention">
                A payment needs your attention: the last charge failed. Pay it below in your billing history, or update
                your card first.
              </p>
            );
          case "change_awaiting_payment":
            return (
              <p key={n} role="status" className={info} data-testid="notice-change-awaiting-payment">
                Your bank is asked to confirm the payment of your plan change. The change takes effect once it is
                confirmed; until then your plan stays as it is.
              </p>
            );
          case "trial":
            return (
              <p key={n} className={info} data-testid="notice-trial">
                Free trial until <DateTime value={c.trial_end_at} dateOnly />.
              </p>
            );
          case "paused":
            return (
              <p key={n} className={info} data-testid="notice-paused">
                Paused until <DateTime value={c.paused_until} dateOnly />. Nothing is charged while paused; billing
                resumes then.
              </p>
            );
          case "ends":
            return (
              <p key={n} className={info} data-testid="notice-ends">
                Cancelled: your subscription ends on <DateTime value={c.cancel_at} dateOnly />.
              </p>
            );
          case "ended":
            return (
              <p key={n} className={info} data-testid="notice-ended">
                {c.ended_reason === "unpaid_checkout"
                  ? "This subscription never started: its first payment was not made, and nothing was charged."
                  : "This subscription has ended."}
              </p>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
