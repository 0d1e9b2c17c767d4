-- AlterTable
ALTER TABLE "users" ADD COLUMN     "disabled_at" TIMESTAMP(3),
ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "app_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_secrets_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "login_attempts" (
    "id" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processor_webhook_receipts" (
    "signature" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processor_webhook_receipts_pkey" PRIMARY KEY ("signature")
);

-- CreateIndex
CREATE INDEX "login_attempts_kind_key_at_idx" ON "login_attempts"("kind", "key", "at");

-- CreateIndex
CREATE INDEX "login_attempts_at_idx" ON "login_attempts"("at");

-- CreateIndex
CREATE INDEX "processor_webhook_receipts_received_at_idx" ON "processor_webhook_receipts"("received_at");


-- Every payment processor signs its inbound webhooks with a random secret of its own, created with the
-- row (any path: seed, console, script) and kept when `config` is later replaced without it. There is no
-- shared or default secret. gen_random_uuid() draws from the server's strong random source (2 × 122 bits).
CREATE FUNCTION processor_webhook_secret() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_typeof(NEW.config) = 'object' AND COALESCE(NEW.config->>'webhook_secret', '') = '' THEN
    NEW.config := NEW.config || jsonb_build_object('webhook_secret', COALESCE(
      CASE WHEN TG_OP = 'UPDATE' AND jsonb_typeof(OLD.config) = 'object' THEN NULLIF(OLD.config->>'webhook_secret', '') END,
      'whsec_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')));
  END IF;
  RETURN NEW;
END $$;

-- existing rows: a fresh secret where there is none, and in place of the publicly known values the demo
-- seed and the old fallback used (before the trigger exists, which would keep the old value)
UPDATE "account_payment_processors"
SET "config" = "config" || jsonb_build_object('webhook_secret', 'whsec_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
WHERE jsonb_typeof("config") = 'object'
  AND (COALESCE("config"->>'webhook_secret', '') = '' OR "config"->>'webhook_secret' IN ('whsec_sandbox_vendor_b', 'whsec_sandbox_default'));

CREATE TRIGGER account_payment_processors_webhook_secret BEFORE INSERT OR UPDATE OF config ON "account_payment_processors"
FOR EACH ROW EXECUTE FUNCTION processor_webhook_secret();
