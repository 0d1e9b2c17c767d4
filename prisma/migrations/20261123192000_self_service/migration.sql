-- Subscriber self-service: the seller's policy per account, and card updates from the subscriber page
-- (a payment method registration for a contract rather than a checkout).
CREATE TABLE "self_service_policies" (
    "account_id" INTEGER NOT NULL,
    "allow_cancel" BOOLEAN NOT NULL DEFAULT true,
    "allow_change_plan" BOOLEAN NOT NULL DEFAULT true,
    "allow_pause" BOOLEAN NOT NULL DEFAULT false,
    "allow_update_card" BOOLEAN NOT NULL DEFAULT true,
    "customer_proration" TEXT NOT NULL DEFAULT 'upgrade_now_downgrade_at_renewal',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "self_service_policies_pkey" PRIMARY KEY ("account_id")
);

ALTER TABLE "self_service_policies" ADD CONSTRAINT "self_service_policies_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "payment_method_registrations" ALTER COLUMN "checkout_id" DROP NOT NULL;
ALTER TABLE "payment_method_registrations" ADD COLUMN "contract_id" INTEGER;
