-- Usage-based billing: billable metrics, the exact de-duplication keys of usage events, hourly rollups
-- (and the distinct values of unique_count metrics) kept by ingestion, and the raw events in the schema
-- "usage", range-partitioned by month on the event timestamp. Prisma cannot express a partitioned table, so
-- the raw events stay outside prisma/schema.prisma (and outside the public schema Prisma compares); the
-- service reads and writes them with SQL (server/domain/usage/).

-- CreateTable
CREATE TABLE "billable_metrics" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "aggregation" TEXT NOT NULL,
    "field_name" TEXT,
    "filters" JSONB NOT NULL DEFAULT '{}',
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "archived_at" TIMESTAMP(3),
    "has_events" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "billable_metrics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "usage_event_keys" (
    "account_id" INTEGER NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "timestamp" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "usage_event_keys_pkey" PRIMARY KEY ("account_id","transaction_id")
);

-- CreateTable
CREATE TABLE "usage_hourly" (
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "metric_id" INTEGER NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "event_count" BIGINT NOT NULL,
    "value_sum" DECIMAL(38,12),
    "value_max" DECIMAL(38,12),
    "latest_value" DECIMAL(38,12),
    "latest_at" TIMESTAMP(3),
    "latest_transaction_id" TEXT,

    CONSTRAINT "usage_hourly_pkey" PRIMARY KEY ("account_id","contract_id","metric_id","hour")
);

-- CreateTable
CREATE TABLE "usage_hourly_values" (
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "metric_id" INTEGER NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "usage_hourly_values_pkey" PRIMARY KEY ("account_id","contract_id","metric_id","hour","value")
);

-- CreateIndex
CREATE INDEX "billable_metrics_account_id_created_at_id_idx" ON "billable_metrics"("account_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "billable_metrics_account_id_code_key" ON "billable_metrics"("account_id", "code");

-- Raw events, kept for audit and for the partial hours of an aggregate. The primary key must contain the
-- partition key, so uniqueness of transaction ids is usage_event_keys's job; (timestamp, id) identifies a row.
CREATE SCHEMA IF NOT EXISTS "usage";

CREATE TABLE "usage"."events" (
    "id" BIGSERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "metric_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "timestamp" TIMESTAMP(3) NOT NULL,
    "properties" JSONB NOT NULL DEFAULT '{}',
    -- the metric's property as a number (sum, max, latest) or text (unique_count); null for count
    "value" DECIMAL(38,12),
    "value_text" TEXT,
    -- false: the event did not match the metric's filters and is in no rollup
    "counted" BOOLEAN NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "events_pkey" PRIMARY KEY ("timestamp", "id")
) PARTITION BY RANGE ("timestamp");

CREATE INDEX "events_account_timestamp_idx" ON "usage"."events"("account_id", "timestamp" DESC, "id" DESC);
CREATE INDEX "events_contract_metric_timestamp_idx" ON "usage"."events"("account_id", "contract_id", "metric_id", "timestamp");

-- One partition per month, 2025-01 to 2028-12; anything else (test clocks far ahead) lands in the default.
CREATE TABLE "usage"."events_2025_01" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-01-01') TO ('2025-02-01');
CREATE TABLE "usage"."events_2025_02" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-02-01') TO ('2025-03-01');
CREATE TABLE "usage"."events_2025_03" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-03-01') TO ('2025-04-01');
CREATE TABLE "usage"."events_2025_04" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-04-01') TO ('2025-05-01');
CREATE TABLE "usage"."events_2025_05" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-05-01') TO ('2025-06-01');
CREATE TABLE "usage"."events_2025_06" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-06-01') TO ('2025-07-01');
CREATE TABLE "usage"."events_2025_07" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-07-01') TO ('2025-08-01');
CREATE TABLE "usage"."events_2025_08" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-08-01') TO ('2025-09-01');
CREATE TABLE "usage"."events_2025_09" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-09-01') TO ('2025-10-01');
CREATE TABLE "usage"."events_2025_10" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-10-01') TO ('2025-11-01');
CREATE TABLE "usage"."events_2025_11" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-11-01') TO ('2025-12-01');
CREATE TABLE "usage"."events_2025_12" PARTITION OF "usage"."events" FOR VALUES FROM ('2025-12-01') TO ('2026-01-01');
CREATE TABLE "usage"."events_2026_01" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-01-01') TO ('2026-02-01');
CREATE TABLE "usage"."events_2026_02" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-02-01') TO ('2026-03-01');
CREATE TABLE "usage"."events_2026_03" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-03-01') TO ('2026-04-01');
CREATE TABLE "usage"."events_2026_04" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-04-01') TO ('2026-05-01');
CREATE TABLE "usage"."events_2026_05" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-05-01') TO ('2026-06-01');
CREATE TABLE "usage"."events_2026_06" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-06-01') TO ('2026-07-01');
CREATE TABLE "usage"."events_2026_07" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-07-01') TO ('2026-08-01');
CREATE TABLE "usage"."events_2026_08" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-08-01') TO ('2026-09-01');
CREATE TABLE "usage"."events_2026_09" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-09-01') TO ('2026-10-01');
CREATE TABLE "usage"."events_2026_10" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-10-01') TO ('2026-11-01');
CREATE TABLE "usage"."events_2026_11" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-11-01') TO ('2026-12-01');
CREATE TABLE "usage"."events_2026_12" PARTITION OF "usage"."events" FOR VALUES FROM ('2026-12-01') TO ('2027-01-01');
CREATE TABLE "usage"."events_2027_01" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-01-01') TO ('2027-02-01');
CREATE TABLE "usage"."events_2027_02" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-02-01') TO ('2027-03-01');
CREATE TABLE "usage"."events_2027_03" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-03-01') TO ('2027-04-01');
CREATE TABLE "usage"."events_2027_04" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-04-01') TO ('2027-05-01');
CREATE TABLE "usage"."events_2027_05" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-05-01') TO ('2027-06-01');
CREATE TABLE "usage"."events_2027_06" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-06-01') TO ('2027-07-01');
CREATE TABLE "usage"."events_2027_07" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-07-01') TO ('2027-08-01');
CREATE TABLE "usage"."events_2027_08" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-08-01') TO ('2027-09-01');
CREATE TABLE "usage"."events_2027_09" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-09-01') TO ('2027-10-01');
CREATE TABLE "usage"."events_2027_10" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-10-01') TO ('2027-11-01');
CREATE TABLE "usage"."events_2027_11" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-11-01') TO ('2027-12-01');
CREATE TABLE "usage"."events_2027_12" PARTITION OF "usage"."events" FOR VALUES FROM ('2027-12-01') TO ('2028-01-01');
CREATE TABLE "usage"."events_2028_01" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-01-01') TO ('2028-02-01');
CREATE TABLE "usage"."events_2028_02" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-02-01') TO ('2028-03-01');
CREATE TABLE "usage"."events_2028_03" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-03-01') TO ('2028-04-01');
CREATE TABLE "usage"."events_2028_04" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-04-01') TO ('2028-05-01');
CREATE TABLE "usage"."events_2028_05" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-05-01') TO ('2028-06-01');
CREATE TABLE "usage"."events_2028_06" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-06-01') TO ('2028-07-01');
CREATE TABLE "usage"."events_2028_07" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-07-01') TO ('2028-08-01');
CREATE TABLE "usage"."events_2028_08" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-08-01') TO ('2028-09-01');
CREATE TABLE "usage"."events_2028_09" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-09-01') TO ('2028-10-01');
CREATE TABLE "usage"."events_2028_10" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-10-01') TO ('2028-11-01');
CREATE TABLE "usage"."events_2028_11" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-11-01') TO ('2028-12-01');
CREATE TABLE "usage"."events_2028_12" PARTITION OF "usage"."events" FOR VALUES FROM ('2028-12-01') TO ('2029-01-01');
CREATE TABLE "usage"."events_default" PARTITION OF "usage"."events" DEFAULT;
