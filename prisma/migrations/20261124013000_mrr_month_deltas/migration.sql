-- CreateTable
CREATE TABLE "mrr_month_deltas" (
    "id" BIGSERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "price_id" INTEGER NOT NULL,
    "override" DECIMAL(19,4),
    "month" TIMESTAMP(3) NOT NULL,
    "weight" DECIMAL(30,6) NOT NULL,

    CONSTRAINT "mrr_month_deltas_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mrr_month_deltas_account_id_month_idx" ON "mrr_month_deltas"("account_id", "month");

-- CreateIndex
CREATE INDEX "mrr_spans_account_id_live_from_idx" ON "mrr_spans"("account_id", "live_from");

-- CreateIndex
CREATE INDEX "mrr_spans_account_id_live_to_idx" ON "mrr_spans"("account_id", "live_to");

-- MRR history by month (server/domain/dashboard/mrr.ts): each span adds its weight in the month it starts
-- and takes it back in the month it ends, so the spans live at a month's start are the sum of the deltas of
-- the months before. Rows are only ever appended (no row is updated, so concurrent contract changes never
-- wait on each other or deadlock); mrr_month_deltas_compact folds an account's rows into one per key.
CREATE OR REPLACE FUNCTION mrr_spans_refresh(contract_ids INTEGER[]) RETURNS void LANGUAGE sql AS $$
  WITH old AS (
    DELETE FROM mrr_spans WHERE contract_id = ANY(contract_ids)
    RETURNING account_id, currency, price_id, override, weight, live_from, live_to
  ),
  fresh AS (
    INSERT INTO mrr_spans (account_id, contract_id, price_id, currency, override, weight, live_from, live_to)
    SELECT * FROM (
      SELECT c.account_id, c.id, ci.price_id, c.currency, ci.unit_amount_override,
             ci.quantity * (100 - coalesce(ci.discount_percent, 0)) / 100,
             greatest(c.created_at, ci.created_at, coalesce(ci.start_at, c.created_at)) AS live_from,
             least(coalesce(ci.end_at, 'infinity'), coalesce(ci.removed_at, 'infinity'),
                   CASE WHEN c.state IN ('canceled', 'ended') THEN coalesce(c.ended_at, c.canceled_at, c.updated_at) ELSE 'infinity' END) AS live_to
      FROM subscription_contracts c JOIN contract_items ci ON ci.contract_id = c.id
      WHERE c.id = ANY(contract_ids) AND c.state <> 'inactive'
      UNION ALL
      SELECT c.account_id, c.id, ci.price_id, c.currency, ci.unit_amount_override,
             -(ci.quantity * (100 - coalesce(ci.discount_percent, 0)) / 100),
             greatest(c.created_at, ci.created_at, coalesce(ci.start_at, c.created_at), p.start_at),
             least(coalesce(ci.end_at, 'infinity'), coalesce(ci.removed_at, 'infinity'), p.end_at,
                   CASE WHEN c.state IN ('canceled', 'ended') THEN coalesce(c.ended_at, c.canceled_at, c.updated_at) ELSE 'infinity' END)
      FROM contract_pauses p JOIN subscription_contracts c ON c.id = p.contract_id JOIN contract_items ci ON ci.contract_id = c.id
      WHERE c.id = ANY(contract_ids) AND c.state <> 'inactive' AND p.state <> 'canceled'
    ) s WHERE live_to > live_from
    RETURNING account_id, currency, price_id, override, weight, live_from, live_to
  ),
  changes AS (
    SELECT account_id, currency, price_id, override, date_trunc('month', live_from) AS month, weight FROM fresh
    UNION ALL
    SELECT account_id, currency, price_id, override, date_trunc('month', live_to), -weight FROM fresh WHERE live_to < 'infinity'
    UNION ALL
    SELECT account_id, currency, price_id, override, date_trunc('month', live_from), -weight FROM old
    UNION ALL
    SELECT account_id, currency, price_id, override, date_trunc('month', live_to), weight FROM old WHERE live_to < 'infinity'
  )
  INSERT INTO mrr_month_deltas (account_id, currency, price_id, override, month, weight)
  SELECT account_id, currency, price_id, override, month, sum(weight) FROM changes
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(weight) <> 0;
$$;

-- Folds an account's delta rows into one per (currency, price, override, month). Safe beside writers: rows
-- appended meanwhile are not in the DELETE's snapshot and stay; a concurrent fold deletes disjoint rows.
CREATE FUNCTION mrr_month_deltas_compact(acct INTEGER) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM mrr_month_deltas WHERE account_id = acct RETURNING currency, price_id, override, month, weight
  )
  INSERT INTO mrr_month_deltas (account_id, currency, price_id, override, month, weight)
  SELECT acct, currency, price_id, override, month, sum(weight) FROM gone
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(weight) <> 0;
$$;

-- the history of the spans there are now
INSERT INTO mrr_month_deltas (account_id, currency, price_id, override, month, weight)
SELECT account_id, currency, price_id, override, month, sum(weight) FROM (
  SELECT account_id, currency, price_id, override, date_trunc('month', live_from) AS month, weight FROM mrr_spans
  UNION ALL
  SELECT account_id, currency, price_id, override, date_trunc('month', live_to), -weight FROM mrr_spans WHERE live_to < 'infinity'
) s GROUP BY 1, 2, 3, 4, 5 HAVING sum(weight) <> 0;
