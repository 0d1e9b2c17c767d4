-- Metered prices: usage of a billable metric billed in arrears, and pricing models (tiers) on versions.
ALTER TABLE "catalog_prices" ADD COLUMN "usage_type" TEXT NOT NULL DEFAULT 'licensed',
ADD COLUMN "metric_id" INTEGER,
ADD COLUMN "usage_thresholds" JSONB NOT NULL DEFAULT '[]';

ALTER TABLE "price_versions" ADD COLUMN "pricing_model" JSONB;

ALTER TABLE "billing_run_lines" ADD COLUMN "usage_quantity" DECIMAL(38,12);

ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_metric_id_fkey" FOREIGN KEY ("metric_id") REFERENCES "billable_metrics"("id") ON DELETE SET NULL ON UPDATE CASCADE;
