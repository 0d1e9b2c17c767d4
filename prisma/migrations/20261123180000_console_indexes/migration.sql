-- Indexes of the admin console's dashboard and lists (server/domain/dashboard, server/domain/console).

-- CreateIndex
CREATE INDEX "subscription_contracts_account_id_state_next_billing_at_idx" ON "subscription_contracts"("account_id", "state", "next_billing_at");

-- CreateIndex
CREATE INDEX "subscription_contracts_account_id_ended_at_idx" ON "subscription_contracts"("account_id", "ended_at");

-- CreateIndex
CREATE INDEX "subscription_contracts_account_id_billing_attention_require_idx" ON "subscription_contracts"("account_id", "billing_attention_required");

-- CreateIndex
CREATE INDEX "billing_runs_account_id_scheduled_at_id_idx" ON "billing_runs"("account_id", "scheduled_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "billing_runs_account_id_state_idx" ON "billing_runs"("account_id", "state");

-- CreateIndex
CREATE INDEX "billing_runs_customer_id_scheduled_at_idx" ON "billing_runs"("customer_id", "scheduled_at" DESC);

-- CreateIndex
CREATE INDEX "billing_runs_account_id_period_start_at_idx" ON "billing_runs"("account_id", "period_start_at");

-- CreateIndex
CREATE INDEX "billing_attempts_created_at_idx" ON "billing_attempts"("created_at");

-- CreateIndex
CREATE INDEX "billing_attempts_state_updated_at_idx" ON "billing_attempts"("state", "updated_at");
