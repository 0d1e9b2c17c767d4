-- CreateTable
CREATE TABLE "accounts" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'test',
    "test_clock_at" TIMESTAMP(3),
    "subscriber_url" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customers" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_rates" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "percentage" DECIMAL(9,4) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tax_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalog_products" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "reference" TEXT,
    "image_url" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "tax_policy" TEXT,
    "tax_rate_id" INTEGER,
    "electronic" BOOLEAN NOT NULL DEFAULT true,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "catalog_products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_schedules" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_schedule_rules" (
    "id" SERIAL NOT NULL,
    "schedule_id" INTEGER NOT NULL,
    "month" INTEGER,
    "day" INTEGER,
    "label" TEXT,
    "display_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "billing_schedule_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalog_prices" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "reference" TEXT,
    "currency" TEXT NOT NULL,
    "billing_type" TEXT NOT NULL,
    "recurrence_type" TEXT,
    "interval" TEXT,
    "interval_count" INTEGER,
    "billing_day_of_month" INTEGER,
    "billing_schedule_id" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "catalog_prices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_versions" (
    "id" SERIAL NOT NULL,
    "price_id" INTEGER NOT NULL,
    "unit_amount" DECIMAL(19,4) NOT NULL,
    "effective_from" TIMESTAMP(3),
    "effective_to" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "price_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bundle_templates" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "reference" TEXT,
    "default_currency" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "bundle_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bundle_template_items" (
    "id" SERIAL NOT NULL,
    "bundle_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "required" BOOLEAN NOT NULL DEFAULT true,
    "price_option_scope" TEXT NOT NULL DEFAULT 'fixed',
    "default_price_id" INTEGER,
    "display_order" INTEGER NOT NULL DEFAULT 0,
    "metadata" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "bundle_template_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bundle_selectable_prices" (
    "id" SERIAL NOT NULL,
    "item_id" INTEGER NOT NULL,
    "price_id" INTEGER NOT NULL,
    "display_label" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "display_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "bundle_selectable_prices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "addon_rules" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "bundle_id" INTEGER NOT NULL,
    "relationship_type" TEXT NOT NULL DEFAULT 'addon',
    "target_product_id" INTEGER,
    "target_bundle_id" INTEGER,
    "default_price_id" INTEGER,
    "min_quantity" INTEGER NOT NULL DEFAULT 0,
    "max_quantity" INTEGER,
    "same_interval_required" BOOLEAN NOT NULL DEFAULT true,
    "same_currency_required" BOOLEAN NOT NULL DEFAULT true,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "display_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "addon_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shipping_options" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "service_code" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "price_amount" DECIMAL(19,4) NOT NULL,
    "free_above_amount" DECIMAL(19,4),
    "requires_location" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shipping_options_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_account_id_idx" ON "api_keys"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_account_id_idx" ON "users"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "customers_account_id_reference_key" ON "customers"("account_id", "reference");

-- CreateIndex
CREATE INDEX "tax_rates_account_id_idx" ON "tax_rates"("account_id");

-- CreateIndex
CREATE INDEX "catalog_products_account_id_active_idx" ON "catalog_products"("account_id", "active");

-- CreateIndex
CREATE UNIQUE INDEX "catalog_products_account_id_reference_key" ON "catalog_products"("account_id", "reference");

-- CreateIndex
CREATE INDEX "billing_schedules_account_id_idx" ON "billing_schedules"("account_id");

-- CreateIndex
CREATE INDEX "billing_schedule_rules_schedule_id_idx" ON "billing_schedule_rules"("schedule_id");

-- CreateIndex
CREATE INDEX "catalog_prices_account_id_active_idx" ON "catalog_prices"("account_id", "active");

-- CreateIndex
CREATE INDEX "catalog_prices_product_id_idx" ON "catalog_prices"("product_id");

-- CreateIndex
CREATE UNIQUE INDEX "catalog_prices_account_id_reference_key" ON "catalog_prices"("account_id", "reference");

-- CreateIndex
CREATE INDEX "price_versions_price_id_effective_from_idx" ON "price_versions"("price_id", "effective_from");

-- CreateIndex
CREATE INDEX "bundle_templates_account_id_active_idx" ON "bundle_templates"("account_id", "active");

-- CreateIndex
CREATE UNIQUE INDEX "bundle_templates_account_id_reference_key" ON "bundle_templates"("account_id", "reference");

-- CreateIndex
CREATE INDEX "bundle_template_items_bundle_id_idx" ON "bundle_template_items"("bundle_id");

-- CreateIndex
CREATE UNIQUE INDEX "bundle_selectable_prices_item_id_price_id_key" ON "bundle_selectable_prices"("item_id", "price_id");

-- CreateIndex
CREATE INDEX "addon_rules_bundle_id_idx" ON "addon_rules"("bundle_id");

-- CreateIndex
CREATE INDEX "shipping_options_account_id_idx" ON "shipping_options"("account_id");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_tax_rate_id_fkey" FOREIGN KEY ("tax_rate_id") REFERENCES "tax_rates"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_schedules" ADD CONSTRAINT "billing_schedules_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_schedule_rules" ADD CONSTRAINT "billing_schedule_rules_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "billing_schedules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "catalog_products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_billing_schedule_id_fkey" FOREIGN KEY ("billing_schedule_id") REFERENCES "billing_schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_versions" ADD CONSTRAINT "price_versions_price_id_fkey" FOREIGN KEY ("price_id") REFERENCES "catalog_prices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bundle_templates" ADD CONSTRAINT "bundle_templates_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bundle_template_items" ADD CONSTRAINT "bundle_template_items_bundle_id_fkey" FOREIGN KEY ("bundle_id") REFERENCES "bundle_templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bundle_template_items" ADD CONSTRAINT "bundle_template_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "catalog_products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bundle_template_items" ADD CONSTRAINT "bundle_template_items_default_price_id_fkey" FOREIGN KEY ("default_price_id") REFERENCES "catalog_prices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bundle_selectable_prices" ADD CONSTRAINT "bundle_selectable_prices_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "bundle_template_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bundle_selectable_prices" ADD CONSTRAINT "bundle_selectable_prices_price_id_fkey" FOREIGN KEY ("price_id") REFERENCES "catalog_prices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "addon_rules" ADD CONSTRAINT "addon_rules_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "addon_rules" ADD CONSTRAINT "addon_rules_bundle_id_fkey" FOREIGN KEY ("bundle_id") REFERENCES "bundle_templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "addon_rules" ADD CONSTRAINT "addon_rules_target_product_id_fkey" FOREIGN KEY ("target_product_id") REFERENCES "catalog_products"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "addon_rules" ADD CONSTRAINT "addon_rules_target_bundle_id_fkey" FOREIGN KEY ("target_bundle_id") REFERENCES "bundle_templates"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "addon_rules" ADD CONSTRAINT "addon_rules_default_price_id_fkey" FOREIGN KEY ("default_price_id") REFERENCES "catalog_prices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipping_options" ADD CONSTRAINT "shipping_options_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
