-- Trials (issue 16): what a trial without a payment method does at its end (cancel | pause).
ALTER TABLE "subscription_contracts" ADD COLUMN "trial_end_behavior" TEXT;
