-- CreateTable
CREATE TABLE "subscription_contracts" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "recurring" BOOLEAN NOT NULL DEFAULT true,
    "contract_version" INTEGER NOT NULL DEFAULT 1,
    "billing_anchor_at" TIMESTAMP(3) NOT NULL,
    "billing_timezone" TEXT NOT NULL DEFAULT 'UTC',
    "billing_time" TEXT NOT NULL DEFAULT '00:00',
    "fixed_day" INTEGER,
    "billing_advance_policy" TEXT NOT NULL DEFAULT 'on_run_created',
    "next_billing_at" TIMESTAMP(3),
    "trial_start_at" TIMESTAMP(3),
    "trial_end_at" TIMESTAMP(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "cancel_at" TIMESTAMP(3),
    "canceled_at" TIMESTAMP(3),
    "ended_at" TIMESTAMP(3),
    "billing_attention_required" BOOLEAN NOT NULL DEFAULT false,
    "past_due_since" TIMESTAMP(3),
    "input_mode" TEXT NOT NULL,
    "bundle_template_id" INTEGER,
    "bundle_quantity" INTEGER,
    "initial_billing_mode" TEXT NOT NULL DEFAULT 'none',
    "payment_processor_override" INTEGER,
    "delivery_address" JSONB,
    "shipping_selection" JSONB,
    "accounting_department" TEXT,
    "accounting_cost_center" TEXT,
    "legacy_subscription_ids" JSONB NOT NULL DEFAULT '[]',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "subscriber_token" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscription_contracts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contract_items" (
    "id" SERIAL NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "price_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_amount_override" DECIMAL(19,4),
    "discount_percent" DECIMAL(9,4),
    "start_at" TIMESTAMP(3),
    "end_at" TIMESTAMP(3),
    "source" TEXT NOT NULL,
    "bundle_item_id" INTEGER,
    "rule_id" INTEGER,
    "period_start_at" TIMESTAMP(3),
    "period_end_at" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'active',
    "removed_at" TIMESTAMP(3),
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "contract_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contract_pauses" (
    "id" SERIAL NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "start_at" TIMESTAMP(3) NOT NULL,
    "end_at" TIMESTAMP(3) NOT NULL,
    "state" TEXT NOT NULL,
    "reason" TEXT,
    "canceled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contract_pauses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contract_credits" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "amount" DECIMAL(19,4) NOT NULL,
    "currency" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "operation" TEXT,
    "billing_run_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contract_credits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pending_lines" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "contract_item_id" INTEGER,
    "price_id" INTEGER NOT NULL,
    "price_version_id" INTEGER,
    "product_name" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_amount" DECIMAL(19,4) NOT NULL,
    "proration_factor" DECIMAL(9,6) NOT NULL,
    "line_total" DECIMAL(19,4) NOT NULL,
    "subtotal" DECIMAL(19,4) NOT NULL,
    "tax" DECIMAL(19,4) NOT NULL,
    "service_period_start_at" TIMESTAMP(3) NOT NULL,
    "service_period_end_at" TIMESTAMP(3) NOT NULL,
    "proration_reason" TEXT,
    "description" TEXT NOT NULL,
    "billing_run_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_runs" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "period_start_at" TIMESTAMP(3) NOT NULL,
    "period_end_at" TIMESTAMP(3) NOT NULL,
    "period_key" TEXT NOT NULL,
    "scheduled_at" TIMESTAMP(3) NOT NULL,
    "subtotal" DECIMAL(19,4) NOT NULL,
    "tax" DECIMAL(19,4) NOT NULL,
    "total" DECIMAL(19,4) NOT NULL,
    "credit_applied" DECIMAL(19,4) NOT NULL DEFAULT 0,
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3),
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "billing_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_run_lines" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "contract_item_id" INTEGER,
    "price_id" INTEGER NOT NULL,
    "price_version_id" INTEGER,
    "product_name" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_amount" DECIMAL(19,4) NOT NULL,
    "proration_factor" DECIMAL(9,6) NOT NULL,
    "line_total" DECIMAL(19,4) NOT NULL,
    "subtotal" DECIMAL(19,4) NOT NULL,
    "tax" DECIMAL(19,4) NOT NULL,
    "service_period_start_at" TIMESTAMP(3) NOT NULL,
    "service_period_end_at" TIMESTAMP(3) NOT NULL,
    "proration_reason" TEXT,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL,

    CONSTRAINT "billing_run_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_attempts" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "attempt_no" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "amount" DECIMAL(19,4) NOT NULL,
    "transaction_id" TEXT,
    "fail_code" TEXT,
    "fail_message" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "billing_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" SERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMP(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscription_contracts_subscriber_token_key" ON "subscription_contracts"("subscriber_token");

-- CreateIndex
CREATE INDEX "subscription_contracts_account_id_created_at_id_idx" ON "subscription_contracts"("account_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "subscription_contracts_account_id_customer_id_idx" ON "subscription_contracts"("account_id", "customer_id");

-- CreateIndex
CREATE INDEX "subscription_contracts_state_next_billing_at_idx" ON "subscription_contracts"("state", "next_billing_at");

-- CreateIndex
CREATE INDEX "contract_items_contract_id_idx" ON "contract_items"("contract_id");

-- CreateIndex
CREATE INDEX "contract_pauses_contract_id_idx" ON "contract_pauses"("contract_id");

-- CreateIndex
CREATE INDEX "contract_credits_contract_id_idx" ON "contract_credits"("contract_id");

-- CreateIndex
CREATE INDEX "pending_lines_contract_id_billing_run_id_idx" ON "pending_lines"("contract_id", "billing_run_id");

-- CreateIndex
CREATE INDEX "billing_runs_account_id_created_at_idx" ON "billing_runs"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "billing_runs_state_next_attempt_at_idx" ON "billing_runs"("state", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "billing_runs_contract_id_period_key_key" ON "billing_runs"("contract_id", "period_key");

-- CreateIndex
CREATE INDEX "billing_run_lines_run_id_idx" ON "billing_run_lines"("run_id");

-- CreateIndex
CREATE UNIQUE INDEX "billing_attempts_run_id_attempt_no_key" ON "billing_attempts"("run_id", "attempt_no");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_events_event_id_key" ON "outbox_events"("event_id");

-- CreateIndex
CREATE INDEX "outbox_events_account_id_id_idx" ON "outbox_events"("account_id", "id");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_id_idx" ON "outbox_events"("published_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_account_id_scope_key_key" ON "idempotency_records"("account_id", "scope", "key");

-- AddForeignKey
ALTER TABLE "subscription_contracts" ADD CONSTRAINT "subscription_contracts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscription_contracts" ADD CONSTRAINT "subscription_contracts_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contract_items" ADD CONSTRAINT "contract_items_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "subscription_contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contract_pauses" ADD CONSTRAINT "contract_pauses_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "subscription_contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contract_credits" ADD CONSTRAINT "contract_credits_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "subscription_contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pending_lines" ADD CONSTRAINT "pending_lines_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "subscription_contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "subscription_contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_run_lines" ADD CONSTRAINT "billing_run_lines_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "billing_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_attempts" ADD CONSTRAINT "billing_attempts_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "billing_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
