-- Coupons, promotion codes, their redemptions and the discount running on a contract (issue 16)
-- CreateTable
CREATE TABLE "coupons" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "percent_off" DECIMAL(9,4),
    "amounts_off" JSONB NOT NULL DEFAULT '{}',
    "duration" TEXT NOT NULL,
    "duration_periods" INTEGER,
    "max_redemptions" INTEGER,
    "times_redeemed" INTEGER NOT NULL DEFAULT 0,
    "redeem_by" TIMESTAMP(3),
    "product_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "coupons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promotion_codes" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "coupon_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "code_key" TEXT NOT NULL,
    "max_redemptions" INTEGER,
    "times_redeemed" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "promotion_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coupon_redemptions" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "coupon_id" INTEGER NOT NULL,
    "promotion_code_id" INTEGER,
    "subject_type" TEXT NOT NULL,
    "subject_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coupon_redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contract_discounts" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "coupon_id" INTEGER NOT NULL,
    "promotion_code_id" INTEGER,
    "runs_remaining" INTEGER,
    "covered_until" TIMESTAMP(3),
    "started_at" TIMESTAMP(3) NOT NULL,
    "ended_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contract_discounts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "coupons_account_id_created_at_id_idx" ON "coupons"("account_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "promotion_codes_account_id_coupon_id_idx" ON "promotion_codes"("account_id", "coupon_id");

-- CreateIndex
CREATE UNIQUE INDEX "promotion_codes_account_id_code_key_key" ON "promotion_codes"("account_id", "code_key");

-- CreateIndex
CREATE INDEX "coupon_redemptions_account_id_coupon_id_idx" ON "coupon_redemptions"("account_id", "coupon_id");

-- CreateIndex
CREATE UNIQUE INDEX "contract_discounts_contract_id_key" ON "contract_discounts"("contract_id");

-- AddForeignKey
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_promotion_code_id_fkey" FOREIGN KEY ("promotion_code_id") REFERENCES "promotion_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contract_discounts" ADD CONSTRAINT "contract_discounts_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "subscription_contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contract_discounts" ADD CONSTRAINT "contract_discounts_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contract_discounts" ADD CONSTRAINT "contract_discounts_promotion_code_id_fkey" FOREIGN KEY ("promotion_code_id") REFERENCES "promotion_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

