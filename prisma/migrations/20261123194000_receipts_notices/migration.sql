-- Receipts: a gapless number per account, assigned in the transaction that settles a run
ALTER TABLE "billing_runs" ADD COLUMN "receipt_number" INTEGER;
CREATE UNIQUE INDEX "billing_runs_account_id_receipt_number_key" ON "billing_runs"("account_id", "receipt_number");

-- one row per account: its last receipt number (a row of its own, so settling never locks the account row)
CREATE TABLE "account_receipt_counters" (
    "account_id" INTEGER NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "account_receipt_counters_pkey" PRIMARY KEY ("account_id"),
    CONSTRAINT "account_receipt_counters_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Dunning notices: days before a renewal that subscription_contract.renewal_upcoming is sent
ALTER TABLE "accounts" ADD COLUMN "renewal_notice_days" INTEGER NOT NULL DEFAULT 7;

-- notices emitted by the worker's tick, once per subject (a card's expiry, a contract's period)
CREATE TABLE "notice_emissions" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "subject_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notice_emissions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notice_emissions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "notice_emissions_account_id_kind_subject_key_key" ON "notice_emissions"("account_id", "kind", "subject_key");

-- e-mails of notice events (optional SMTP sender): one row per outbox event, claimed before sending
CREATE TABLE "notice_mails" (
    "id" SERIAL NOT NULL,
    "outbox_event_id" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "recipient" TEXT,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    CONSTRAINT "notice_mails_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notice_mails_outbox_event_id_fkey" FOREIGN KEY ("outbox_event_id") REFERENCES "outbox_events"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "notice_mails_outbox_event_id_key" ON "notice_mails"("outbox_event_id");
CREATE INDEX "outbox_events_type_id_idx" ON "outbox_events"("type", "id");
