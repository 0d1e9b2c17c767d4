-- AlterTable: the account's default payment_behavior for item changes (issue 26 item 3)
ALTER TABLE "accounts" ADD COLUMN "item_change_payment_behavior" TEXT NOT NULL DEFAULT 'allow_incomplete';
