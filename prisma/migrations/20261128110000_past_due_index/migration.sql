-- The past-due contract list: contracts needing attention whose unpaid run is older than the grace period,
-- read as a range of this index rather than by visiting every contract needing attention.
DROP INDEX "subscription_contracts_account_id_billing_attention_require_idx";

CREATE INDEX "subscription_contracts_account_id_billing_attention_require_idx" ON "subscription_contracts"("account_id", "billing_attention_required", "past_due_since");
