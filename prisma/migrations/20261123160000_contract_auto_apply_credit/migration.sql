-- AlterTable
ALTER TABLE "subscription_contracts" ADD COLUMN     "auto_apply_credit" BOOLEAN NOT NULL DEFAULT false;
