-- Idempotency keys fenced by their claim (server/domain/idempotency/store.ts): each claim has a random
-- owner token; only the owner stores the outcome (in the effect's own transaction for fenced routes, with
-- the resource it produced) or releases the key, so a retry that takes over a dead request's claim can
-- never let both effects commit. Rows claimed before this migration have no owner (taken over like any).
ALTER TABLE "idempotency_records" ADD COLUMN "owner_token" TEXT,
ADD COLUMN "resource_type" TEXT,
ADD COLUMN "resource_id" INTEGER;
