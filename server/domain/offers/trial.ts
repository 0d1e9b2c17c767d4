// A trial on an offer (an extension of the spec): from now to its end, no charge; the offer's first billing
// period starts at the trial end, so the pricing engine prices the first charge with `start` = trial end
// (the same periods, fixed-day proration and anchors as any offer starting then).
import { invalid } from "@/server/domain/errors";
import type { OfferInput } from "@/server/schemas/offers";

const DAY_MS = 86_400_000;

export type TrialEndBehavior = "cancel" | "pause";

export interface Trial {
  startAt: Date;
  endAt: Date;
  requiresPaymentMethod: boolean;
  endBehavior: TrialEndBehavior;
}

/** The trial an offer asks for at `now`, or null; a 400 for contradicting or past values. */
export function resolveTrial(input: OfferInput, now: Date): Trial | null {
  const { trial_days: days, trial_end_at: endText } = input;
  if (days != null && endText != null)
    throw invalid("trial_end_at", "Send either trial_days or trial_end_at, not both.");
  if (days == null && endText == null) {
    if (input.trial_requires_payment_method != null || input.trial_end_behavior != null)
      throw invalid("non_field_errors", "trial_requires_payment_method and trial_end_behavior need a trial.");
    return null;
  }
  const endAt = days != null ? new Date(now.getTime() + days * DAY_MS) : new Date(endText!);
  if (endAt <= now) throw invalid("trial_end_at", "trial_end_at must be in the future.");
  return {
    startAt: now,
    endAt,
    requiresPaymentMethod: input.trial_requires_payment_method ?? true,
    endBehavior: input.trial_end_behavior ?? "cancel",
  };
}
