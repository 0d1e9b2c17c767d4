-- The console search's exact and prefix e-mail match (lower(email) = / like 'x%'): a btree the trigram
-- index cannot replace, whose trigrams of a shared domain name match most customers. An expression index,
-- which schema.prisma cannot state (see tests/migrations.test.ts).
CREATE INDEX "customers_account_id_lower_email_idx" ON "customers" ("account_id", lower("email") text_pattern_ops);

-- An expression index has no statistics until the table is analyzed, and autovacuum analyzes only after enough
-- rows change: without them the planner misjudges lower(email) and scans every customer (seconds at a million).
ANALYZE "customers";
