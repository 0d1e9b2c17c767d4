-- The customer's billing details by the instant they apply from, so receipts print those of their issue.
CREATE TABLE "customer_billing_details" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "address" JSONB,
    "tax_id" TEXT,

    CONSTRAINT "customer_billing_details_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "customer_billing_details_customer_id_at_idx" ON "customer_billing_details"("customer_id", "at");

ALTER TABLE "customer_billing_details" ADD CONSTRAINT "customer_billing_details_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
