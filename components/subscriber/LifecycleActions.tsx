"use client";
// Cancel at period end (with an optional reason: the seller's list when it has one, and its retention offer
// shown once before the cancel is confirmed), undo it while the period lasts, pause and resume,
// and "update card" (to the processor's hosted card form). Only what the seller allows is shown.
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { DateTime } from "@/components/ui/DateTime";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { inputClass } from "@/components/ui/FormField";
import { formatPercent } from "@/components/ui/format";
import type { SubscriberPageView } from "@/server/domain/selfService/page";
import { useSubscriberAction } from "./useSubscriberAction";

export function CancelActions({
  cancelAt,
  periodEnd,
  canCancel,
  cancellation = { reasons: [], offer: null },
}: {
  cancelAt: string | null;
  periodEnd: string | null;
  canCancel: boolean;
  /** the seller's reasons and retention offer (shown once, before the cancel is confirmed) */
  cancellation?: SubscriberPageView["cancellation"];
}) {
  const t = useTranslations("lifecycle");
  const locale = useLocale();
  const cancel = useSubscriberAction();
  const undo = useSubscriberAction();
  const accept = useSubscriberAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [step, setStep] = useState<"ask" | "offer">("ask");
  const offer = cancellation.offer;
  if (cancelAt)
    return (
      <div className="space-y-2">
        <p>{t.rich("endsOn", { date: () => <DateTime value={cancelAt} dateOnly /> })}</p>
        <Button size="touch" disabled={undo.pending} onClick={() => undo.run({ action: "undo_cancel" })}>
          {t("keep")}
        </Button>
        {undo.error ? (
          <p role="alert" className="text-sm text-red-800">
            {undo.error}
          </p>
        ) : null}
      </div>
    );
  if (!canCancel) return null;
  const chosen = reason.trim() ? { reason: reason.trim() } : {};
  const offerText = offer
    ? `${offer.name}${offer.percent_off ? t("percentOff", { percent: formatPercent(offer.percent_off, locale) }) : ""}${
        offer.duration === "repeating" && offer.duration_periods
          ? t("forPayments", { count: offer.duration_periods })
          : offer.duration === "once"
            ? t("onNextPayment")
            : ""
      }`
    : "";
  return (
    <div>
      <Button
        size="touch"
        onClick={() => {
          setStep("ask");
          setOpen(true);
        }}
      >
        {t("cancel")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={step === "offer" ? t("offerTitle") : t("cancelTitle")}
        description={
          step === "offer" ? (
            <span data-testid="retention-offer">{t("stayAndGet", { offer: offerText })}</span>
          ) : periodEnd ? (
            t.rich("keepUntil", { date: () => <DateTime value={periodEnd} dateOnly /> })
          ) : (
            t("nothingMore")
          )
        }
        confirmLabel={step === "offer" ? t("noThanks") : offer ? t("continue") : t("cancelAtPeriodEnd")}
        tone="danger"
        pending={cancel.pending || accept.pending}
        error={cancel.error ?? accept.error}
        onConfirm={async () => {
          if (offer && step === "ask") return setStep("offer");
          if (await cancel.run({ action: "cancel", ...chosen, ...(offer ? { offer_declined: true } : {}) }))
            setOpen(false);
        }}
      >
        {step === "offer" ? (
          <Button
            variant="primary"
            size="touch"
            disabled={accept.pending}
            onClick={async () => {
              if (await accept.run({ action: "accept_offer", ...chosen })) setOpen(false);
            }}
          >
            {t("acceptOffer")}
          </Button>
        ) : cancellation.reasons.length ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="cancel-reason" className="text-sm font-medium">
              {t("whyLeaving")}
            </label>
            <select
              id="cancel-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={inputClass}
            >
              <option value="">{t("chooseReason")}</option>
              {cancellation.reasons.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="flex flex-col gap-1">
            <label htmlFor="cancel-reason" className="text-sm font-medium">
              {t("whyLeaving")}
            </label>
            <textarea
              id="cancel-reason"
              maxLength={500}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={inputClass}
            />
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}

export function PauseActions({ paused }: { paused: boolean }) {
  const t = useTranslations("lifecycle");
  const act = useSubscriberAction();
  const [months, setMonths] = useState(1);
  return (
    <div className="flex flex-wrap items-end gap-2">
      {paused ? (
        <Button size="touch" disabled={act.pending} onClick={() => act.run({ action: "resume" })}>
          {t("resume")}
        </Button>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor="pause-months" className="text-sm">
              {t("pauseFor")}
            </label>
            <select
              id="pause-months"
              value={months}
              onChange={(e) => setMonths(Number(e.target.value))}
              className={inputClass}
            >
              {[1, 2, 3].map((m) => (
                <option key={m} value={m}>
                  {t("months", { count: m })}
                </option>
              ))}
            </select>
          </div>
          <Button size="touch" disabled={act.pending} onClick={() => act.run({ action: "pause", months })}>
            {t("pause")}
          </Button>
        </>
      )}
      {act.error ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {act.error}
        </p>
      ) : null}
    </div>
  );
}

/** A button that opens the processor's hosted card form for a new card (after a declined payment: "Use another card"). */
export function UpdateCard({ label }: { label?: string }) {
  const t = useTranslations("lifecycle");
  const act = useSubscriberAction<{ hosted_url: string }>();
  return (
    <div>
      <Button
        size="touch"
        disabled={act.pending}
        onClick={async () => {
          const r = await act.run({ action: "update_card" }, { refresh: false });
          if (r) window.location.assign(r.hosted_url);
        }}
      >
        {label ?? t("updateCard")}
      </Button>
      {act.error ? (
        <p role="alert" className="text-sm text-red-800">
          {act.error}
        </p>
      ) : null}
    </div>
  );
}
