-- Webhooks at volume: each endpoint's adaptive concurrency window (shared by every worker), a lease
-- column apart from the due time (so a retry keeps its back-off time), the event type for the log's
-- filter, and every attempt of a delivery.
ALTER TABLE "webhook_endpoints" ADD COLUMN "concurrency" INTEGER NOT NULL DEFAULT 2,
ADD COLUMN "window_cut_at" TIMESTAMP(3);

ALTER TABLE "webhook_deliveries" ADD COLUMN "event_type" TEXT NOT NULL DEFAULT '',
ADD COLUMN "leased_until" TIMESTAMP(3);

UPDATE "webhook_deliveries" d SET "event_type" = e."type" FROM "outbox_events" e WHERE e."id" = d."outbox_event_id";

CREATE TABLE "webhook_delivery_attempts" (
    "id" SERIAL NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "response_status" INTEGER,
    "error" TEXT,
    "response_body" TEXT,

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "webhook_delivery_attempts_delivery_id_number_idx" ON "webhook_delivery_attempts"("delivery_id", "number");

CREATE INDEX "webhook_deliveries_endpoint_id_state_next_attempt_at_idx" ON "webhook_deliveries"("endpoint_id", "state", "next_attempt_at");

CREATE INDEX "webhook_deliveries_endpoint_id_leased_until_idx" ON "webhook_deliveries"("endpoint_id", "leased_until");

CREATE INDEX "webhook_deliveries_endpoint_id_id_idx" ON "webhook_deliveries"("endpoint_id", "id");

ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
