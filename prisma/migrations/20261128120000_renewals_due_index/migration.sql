-- The dashboard's renewals due: active contracts billing in the next 7 days, with their currency and id,
-- answered by this index alone (a fifth of a million contracts read from the index instead of the heap).
-- It replaces (account_id, state, next_billing_at), whose queries it serves as well.
CREATE INDEX "subscription_contracts_account_id_state_next_billing_at_cur_idx" ON "subscription_contracts"("account_id", "state", "next_billing_at", "currency", "id");

DROP INDEX "subscription_contracts_account_id_state_next_billing_at_idx";
