-- Customer portal (issue 33): portal sessions (link tokens stored as SHA-256), rotated subscriber-page tokens,
-- billing details on customers, the seller's cancellation settings and the customer's cancellation feedback.
ALTER TABLE "customers" ADD COLUMN "billing_address" JSONB,
ADD COLUMN "tax_id" TEXT;

ALTER TABLE "subscription_contracts" ADD COLUMN "subscriber_token_expires_at" TIMESTAMP(3),
ADD COLUMN "cancellation_feedback" JSONB;

CREATE TABLE "portal_sessions" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "return_url" TEXT,
    "origin" TEXT NOT NULL DEFAULT 'api',
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "session_expires_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "portal_sessions_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "retired_subscriber_tokens" (
    "token_hash" TEXT NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "retired_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "retired_subscriber_tokens_pkey" PRIMARY KEY ("token_hash")
);

CREATE TABLE "cancellation_settings" (
    "account_id" INTEGER NOT NULL,
    "reasons" JSONB NOT NULL DEFAULT '[]',
    "retention_coupon_id" INTEGER,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cancellation_settings_pkey" PRIMARY KEY ("account_id")
);

CREATE UNIQUE INDEX "portal_sessions_token_hash_key" ON "portal_sessions"("token_hash");
CREATE INDEX "portal_sessions_customer_id_idx" ON "portal_sessions"("customer_id");
CREATE INDEX "retired_subscriber_tokens_contract_id_idx" ON "retired_subscriber_tokens"("contract_id");

ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "retired_subscriber_tokens" ADD CONSTRAINT "retired_subscriber_tokens_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "subscription_contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "cancellation_settings" ADD CONSTRAINT "cancellation_settings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "cancellation_settings" ADD CONSTRAINT "cancellation_settings_retention_coupon_id_fkey" FOREIGN KEY ("retention_coupon_id") REFERENCES "coupons"("id") ON DELETE SET NULL ON UPDATE CASCADE;
