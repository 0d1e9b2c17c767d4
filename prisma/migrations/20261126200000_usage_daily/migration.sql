-- Daily rollups beside the hourly ones: a month's usage is ~30 rows per contract and metric instead of ~720,
-- so billing a chunk of metered contracts reads little whatever the event volume.
CREATE TABLE "usage_daily" (
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "metric_id" INTEGER NOT NULL,
    "day" TIMESTAMP(3) NOT NULL,
    "event_count" BIGINT NOT NULL,
    "value_sum" DECIMAL(38,12),
    "value_max" DECIMAL(38,12),
    "latest_value" DECIMAL(38,12),
    "latest_at" TIMESTAMP(3),
    "latest_transaction_id" TEXT,

    CONSTRAINT "usage_daily_pkey" PRIMARY KEY ("account_id","contract_id","metric_id","day")
);

CREATE TABLE "usage_daily_values" (
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "metric_id" INTEGER NOT NULL,
    "day" TIMESTAMP(3) NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "usage_daily_values_pkey" PRIMARY KEY ("account_id","contract_id","metric_id","day","value")
);

INSERT INTO "usage_daily" ("account_id", "contract_id", "metric_id", "day", "event_count", "value_sum", "value_max",
                           "latest_value", "latest_at", "latest_transaction_id")
SELECT "account_id", "contract_id", "metric_id", date_trunc('day', "hour"), sum("event_count"), sum("value_sum"),
       max("value_max"), (array_agg("latest_value" ORDER BY "latest_at" DESC, "latest_transaction_id" DESC))[1],
       max("latest_at"), (array_agg("latest_transaction_id" ORDER BY "latest_at" DESC, "latest_transaction_id" DESC))[1]
FROM "usage_hourly" GROUP BY 1, 2, 3, 4;

INSERT INTO "usage_daily_values" ("account_id", "contract_id", "metric_id", "day", "value")
SELECT DISTINCT "account_id", "contract_id", "metric_id", date_trunc('day', "hour"), "value" FROM "usage_hourly_values";
