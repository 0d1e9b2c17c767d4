-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "display_timezone" TEXT NOT NULL DEFAULT 'UTC';

