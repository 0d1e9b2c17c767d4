-- Money flows back: credit notes (numbered per account), refunds, disputes, and payments recorded outside the
-- processor (method, reference, paid_at on billing_attempts) or remembered for refunds (payment_method_id).
-- AlterTable
ALTER TABLE "billing_attempts" ADD COLUMN     "method" TEXT,
ADD COLUMN     "paid_at" TIMESTAMP(3),
ADD COLUMN     "payment_method_id" INTEGER,
ADD COLUMN     "reference" TEXT;

-- CreateTable
CREATE TABLE "credit_notes" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "run_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "issued_at" TIMESTAMP(3) NOT NULL,
    "currency" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "subtotal" DECIMAL(19,4) NOT NULL,
    "tax" DECIMAL(19,4) NOT NULL,
    "total" DECIMAL(19,4) NOT NULL,
    "refund_amount" DECIMAL(19,4) NOT NULL,
    "credit_amount" DECIMAL(19,4) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "credit_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_note_lines" (
    "id" SERIAL NOT NULL,
    "credit_note_id" INTEGER NOT NULL,
    "run_line_id" INTEGER,
    "description" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "period_start_at" TIMESTAMP(3) NOT NULL,
    "period_end_at" TIMESTAMP(3) NOT NULL,
    "subtotal" DECIMAL(19,4) NOT NULL,
    "tax" DECIMAL(19,4) NOT NULL,
    "total" DECIMAL(19,4) NOT NULL,

    CONSTRAINT "credit_note_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "run_id" INTEGER NOT NULL,
    "credit_note_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(19,4) NOT NULL,
    "state" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "attempt_id" INTEGER,
    "transaction_id" TEXT,
    "fail_code" TEXT,
    "fail_message" TEXT,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "settled_at" TIMESTAMP(3),

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "disputes" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "run_id" INTEGER NOT NULL,
    "attempt_id" INTEGER,
    "customer_id" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(19,4) NOT NULL,
    "state" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "processor_dispute_id" TEXT NOT NULL,
    "credit_note_id" INTEGER,
    "opened_at" TIMESTAMP(3) NOT NULL,
    "closed_at" TIMESTAMP(3),

    CONSTRAINT "disputes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_credit_note_counters" (
    "account_id" INTEGER NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "account_credit_note_counters_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE INDEX "credit_notes_run_id_idx" ON "credit_notes"("run_id");

-- CreateIndex
CREATE INDEX "credit_notes_account_id_issued_at_idx" ON "credit_notes"("account_id", "issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_account_id_number_key" ON "credit_notes"("account_id", "number");

-- CreateIndex
CREATE INDEX "credit_note_lines_credit_note_id_idx" ON "credit_note_lines"("credit_note_id");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_transaction_id_key" ON "refunds"("transaction_id");

-- CreateIndex
CREATE INDEX "refunds_run_id_idx" ON "refunds"("run_id");

-- CreateIndex
CREATE INDEX "refunds_account_id_state_settled_at_idx" ON "refunds"("account_id", "state", "settled_at");

-- CreateIndex
CREATE UNIQUE INDEX "disputes_processor_dispute_id_key" ON "disputes"("processor_dispute_id");

-- CreateIndex
CREATE INDEX "disputes_run_id_idx" ON "disputes"("run_id");

-- CreateIndex
CREATE INDEX "disputes_account_id_state_idx" ON "disputes"("account_id", "state");

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "billing_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_fkey" FOREIGN KEY ("credit_note_id") REFERENCES "credit_notes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "billing_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_note_id_fkey" FOREIGN KEY ("credit_note_id") REFERENCES "credit_notes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "billing_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

