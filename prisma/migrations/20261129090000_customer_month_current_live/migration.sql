-- The current month's rows of customers with a change later this month, recomputed up to "now" from their
-- contracts' spans: the live half of customer_month_mrr_current. The other half, rows whose last change is
-- up to now, the readers now select from customer_month_mrr themselves, so the planner sees their numbers
-- (a function's rows are an estimate of 1,000) and no second copy is made; the index on last_at lets the
-- live half find in one probe that no row changes later this month, the usual case.
-- Expand step: customer_month_mrr_current stays for the previous release; the new index serves its
-- (account_id, month) reads as the old one did.

-- DropIndex
DROP INDEX "customer_month_mrr_account_id_month_idx";

-- CreateIndex
CREATE INDEX "customer_month_mrr_account_id_month_last_at_idx" ON "customer_month_mrr"("account_id", "month", "last_at");

CREATE FUNCTION customer_month_mrr_current_live(acct INTEGER, tz TEXT, cur TEXT, now_at TIMESTAMP, only_currency TEXT)
RETURNS TABLE (customer_id INTEGER, currency TEXT, month TEXT, contract_ids INTEGER[], o NUMERIC, c NUMERIC,
  kind TEXT, cohort TEXT)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_custom_plan AS $$
#variable_conflict use_column
DECLARE
  later INTEGER[];
BEGIN
  SELECT array_agg(DISTINCT x) INTO later
  FROM customer_month_mrr m CROSS JOIN unnest(m.contract_ids) x
  WHERE m.account_id = acct AND m.month = cur AND m.last_at > now_at
    AND (only_currency IS NULL OR m.currency = only_currency);
  IF later IS NULL THEN RETURN; END IF;
  RETURN QUERY
  WITH monthly AS (
    SELECT e.customer_id, e.currency, sum(e.value) AS d, array_agg(DISTINCT e.contract_id ORDER BY e.contract_id) AS cids
    FROM customer_month_mrr_events(acct, NULL, later) e
    WHERE e.at <= now_at AND to_char((e.at AT TIME ZONE 'UTC') AT TIME ZONE tz, 'YYYY-MM') = cur
    GROUP BY 1, 2
  ),
  valued AS (
    SELECT m.customer_id, m.currency, m.cids, round(coalesce(p.total, 0), 4) AS o0,
      round(coalesce(p.total, 0) + m.d, 4) AS c0, coalesce(p.cohort < cur, false) AS paid_before, p.cohort AS first_new
    FROM monthly m
    LEFT JOIN LATERAL (
      SELECT x.total, x.cohort FROM customer_month_mrr x
      WHERE x.account_id = acct AND x.customer_id = m.customer_id AND x.currency = m.currency AND x.month < cur
      ORDER BY x.month DESC LIMIT 1
    ) p ON true
  ),
  kinded AS (
    SELECT v.*,
      CASE
        WHEN v.o0 = 0 AND v.c0 > 0 THEN CASE WHEN v.paid_before THEN 'reactivation' ELSE 'new' END
        WHEN v.o0 > 0 AND v.c0 = 0 THEN 'churn'
        WHEN v.c0 > v.o0 THEN 'expansion'
        WHEN v.c0 < v.o0 THEN 'contraction'
      END AS k
    FROM valued v
  )
  SELECT q.customer_id, q.currency, cur, q.cids, q.o0, q.c0, q.k,
    CASE WHEN q.paid_before THEN q.first_new WHEN q.k = 'new' THEN cur END
  FROM kinded q;
END $$;
