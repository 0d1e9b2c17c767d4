-- Scheduled item changes: a customer's downgrade under the default self-service policy takes effect at the
-- item's period end; the billing path applies it before the renewal run of that instant is built.
CREATE TABLE "scheduled_item_changes" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "contract_item_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "price_id" INTEGER,
    "quantity" INTEGER,
    "effective_at" TIMESTAMP(3) NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'scheduled',
    "actor_type" TEXT NOT NULL,
    "actor_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL,
    "applied_at" TIMESTAMP(3),
    "canceled_at" TIMESTAMP(3),

    CONSTRAINT "scheduled_item_changes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "scheduled_item_changes_contract_id_state_idx" ON "scheduled_item_changes"("contract_id", "state");

CREATE INDEX "scheduled_item_changes_account_id_state_effective_at_idx" ON "scheduled_item_changes"("account_id", "state", "effective_at");

ALTER TABLE "scheduled_item_changes" ADD CONSTRAINT "scheduled_item_changes_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "subscription_contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
