-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('owner', 'admin', 'read_only');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "role" "UserRole" NOT NULL DEFAULT 'owner';

-- CreateTable
CREATE TABLE "audit_log" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_label" TEXT NOT NULL DEFAULT '',
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "before_id" TEXT,
    "after_id" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "request_id" TEXT,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_log_account_id_id_idx" ON "audit_log"("account_id", "id" DESC);

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

