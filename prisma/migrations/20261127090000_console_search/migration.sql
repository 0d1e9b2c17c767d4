-- The console's header search: customers by e-mail (substring, pg_trgm), as by reference and name.
CREATE INDEX "customers_email_idx" ON "customers" USING GIN ("email" gin_trgm_ops);
