// Trial fields of an offer (an extension of the spec): shared by quotes, checkouts, sales channel offers and
// contract creation through offerFields. Rules across fields (one of days/end, end in the future) are
// checked when the offer is compiled (domain/offers/trial.ts).
import { z } from "zod";
import { dateTime, dateTimeInput, money } from "./common";

export const TRIAL_MAX_DAYS = 730;

export const trialFields = {
  trial_days: z
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(1, "Ensure this value is greater than or equal to 1.")
    .max(TRIAL_MAX_DAYS, `Ensure this value is less than or equal to ${TRIAL_MAX_DAYS}.`)
    .optional()
    .meta({
      "x-extension": true,
      description: "Extension: a free trial of this many days from creation; the first period starts at its end",
    }),
  trial_end_at: dateTimeInput.optional().meta({
    "x-extension": true,
    description: "Extension: a free trial until this instant (instead of trial_days); must be in the future",
  }),
  trial_requires_payment_method: z.boolean({ error: "Must be a boolean." }).optional().meta({
    "x-extension": true,
    description:
      "Extension: whether a checkout asks for a payment method before the trial (default true); without one the contract follows trial_end_behavior at trial end",
  }),
  trial_end_behavior: z.enum(["cancel", "pause"], { error: "Must be cancel or pause." }).optional().meta({
    "x-extension": true,
    description:
      "Extension: what happens at trial end when the customer has no usable payment method: cancel (default) or pause",
  }),
};

const ext = (description: string) => ({ "x-extension": true, description: `Extension: ${description}` });

/** What a quote says about its trial (null without one). */
export const quoteTrialFields = {
  trial_start_at: dateTime.nullable().meta(ext("start of the free trial (now)")),
  trial_end_at: dateTime.nullable().meta(ext("end of the free trial; the first period starts here")),
  first_charge_at: dateTime.nullable().meta(ext("when the first recurring charge is billed (the trial end)")),
  first_charge_amount: money
    .nullable()
    .meta(ext("the first recurring charge (first_period_recurring_total_amount); total_amount is due now")),
};
