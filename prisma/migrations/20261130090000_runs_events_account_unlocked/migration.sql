-- Inserts of billing runs and outbox events no longer check accounts by foreign key: each check locked the
-- account's one row (FOR KEY SHARE), and concurrent billing chunks of one account contended on it. A run's contract
-- holds the account (and cascades on delete); accounts are never deleted. Dropping a constraint only relaxes the
-- schema, so the previous release runs on it unchanged (expand step).

-- DropForeignKey
ALTER TABLE "billing_runs" DROP CONSTRAINT "billing_runs_account_id_fkey";

-- DropForeignKey
ALTER TABLE "outbox_events" DROP CONSTRAINT "outbox_events_account_id_fkey";
