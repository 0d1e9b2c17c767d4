-- Receipts are dated and numbered on the account's clock (issue 26, item 4): the issue instant is stored
-- with the number, and the real-time processing lease moves out of updated_at (a date the API shows).
ALTER TABLE "billing_runs" ADD COLUMN "receipt_issued_at" TIMESTAMP(3),
ADD COLUMN "processing_since" TIMESTAMP(3);

-- existing receipts keep the instant they showed (the last succeeded payment's, else the run's last change)
UPDATE "billing_runs" r SET "receipt_issued_at" = coalesce(
  (SELECT a."updated_at" FROM "billing_attempts" a WHERE a."run_id" = r."id" AND a."state" = 'succeeded' ORDER BY a."attempt_no" DESC LIMIT 1),
  r."updated_at")
WHERE r."receipt_number" IS NOT NULL;

-- runs being charged now keep their lease
UPDATE "billing_runs" SET "processing_since" = "updated_at" WHERE "state" = 'processing';
