-- Revenue analytics from stored customer-months (docs/decisions.md "Revenue analytics"): each customer's
-- MRR per currency at the end of every month (in the account's display zone) in which it changed, kept by
-- the mrr_spans triggers (the customer's rows recomputed in the same transaction as its spans) and rebuilt
-- for a whole account when something global changes (a price version, a price's factor, the zone).

-- CreateTable
CREATE TABLE "customer_month_mrr" (
    "account_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "total" DECIMAL NOT NULL,
    "opening" DECIMAL NOT NULL,
    "closing" DECIMAL NOT NULL,
    "kind" TEXT,
    "cohort" TEXT,
    "contract_ids" INTEGER[],
    "last_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "customer_month_mrr_pkey" PRIMARY KEY ("account_id","customer_id","currency","month")
);

-- CreateTable
CREATE TABLE "customer_month_mrr_state" (
    "account_id" INTEGER NOT NULL,
    "zone" TEXT NOT NULL,

    CONSTRAINT "customer_month_mrr_state_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "customer_month_mrr_sums" (
    "account_id" INTEGER NOT NULL,
    "month" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "part" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "amount" DECIMAL NOT NULL,
    "customers" INTEGER NOT NULL,
    "contracts" INTEGER NOT NULL,
    "contract_ids" INTEGER[],

    CONSTRAINT "customer_month_mrr_sums_pkey" PRIMARY KEY ("account_id","month","currency","part","key")
);

-- CreateIndex
CREATE INDEX "customer_month_mrr_account_id_month_idx" ON "customer_month_mrr"("account_id", "month");

-- CreateIndex
CREATE INDEX "customer_month_mrr_account_id_cohort_idx" ON "customer_month_mrr"("account_id", "cohort");

-- The MRR events of an account's spans (all of them, or those of some customers or some contracts): each
-- span cut where the price version in effect changes and started no earlier than the trial's end adds its
-- monthly value where it starts and takes it back where it ends (an open end is no event). The MRR rule of
-- the dashboard's figures (server/domain/dashboard/mrr.ts), per span instead of per price.
CREATE FUNCTION customer_month_mrr_events(acct INTEGER, only_customers INTEGER[], only_contracts INTEGER[])
RETURNS TABLE (customer_id INTEGER, currency TEXT, contract_id INTEGER, at TIMESTAMP, value NUMERIC)
LANGUAGE sql STABLE AS $$
  WITH factor AS (
    SELECT cp.id AS price_id,
      CASE
        WHEN cp.recurrence_type = 'billing_schedule' THEN
          (SELECT coalesce(sum(CASE WHEN r.month IS NULL THEN 12 ELSE 1 END), 0) FROM billing_schedule_rules r WHERE r.schedule_id = cp.billing_schedule_id)::numeric / 12
        WHEN cp.interval = 'day' THEN 365::numeric / (12 * coalesce(cp.interval_count, 1))
        WHEN cp.interval = 'week' THEN 52::numeric / (12 * coalesce(cp.interval_count, 1))
        WHEN cp.interval = 'year' THEN 1::numeric / (12 * coalesce(cp.interval_count, 1))
        ELSE 1::numeric / coalesce(cp.interval_count, 1)
      END
      * CASE WHEN pr.tax_policy = 'inclusive' AND tr.percentage IS NOT NULL THEN 100 / (100 + tr.percentage) ELSE 1 END AS k
    FROM catalog_prices cp
    JOIN catalog_products pr ON pr.id = cp.product_id
    LEFT JOIN tax_rates tr ON tr.id = pr.tax_rate_id
    WHERE cp.account_id = acct AND cp.billing_type = 'recurring'
  ),
  piece AS (
    SELECT c.customer_id, s.contract_id, s.currency,
      greatest(s.live_from, c.trial_end_at, v.effective_from) AS f,
      least(s.live_to, v.effective_to) AS t,
      s.weight * coalesce(s.override, v.unit_amount, 0) * fa.k AS value
    FROM mrr_spans s
    JOIN subscription_contracts c ON c.id = s.contract_id
    JOIN factor fa ON fa.price_id = s.price_id
    LEFT JOIN price_versions v ON s.override IS NULL AND v.price_id = s.price_id
      AND (v.effective_from IS NULL OR v.effective_from < s.live_to)
      AND (v.effective_to IS NULL OR v.effective_to > s.live_from)
    WHERE s.account_id = acct AND c.account_id = acct
      AND (only_customers IS NULL OR c.customer_id = ANY(only_customers))
      AND (only_contracts IS NULL OR s.contract_id = ANY(only_contracts))
  )
  SELECT p.customer_id, p.currency, p.contract_id, p.f, p.value FROM piece p WHERE p.f < p.t
  UNION ALL
  SELECT p.customer_id, p.currency, p.contract_id, p.t, -p.value FROM piece p WHERE p.f < p.t AND p.t < 'infinity'
$$;

-- The customer-month rows of an account (or of some of its customers) over the whole timeline, future
-- changes included (a read takes the months before the current one as stored and the current one up to
-- "now" from customer_month_mrr_current): total the unrounded MRR at the month's end, opening and closing
-- rounded half-up to four places, kind the movement (null when the rounded MRR did not move), cohort the
-- month of the customer's new movement in that currency, last_at the month's last change.
CREATE FUNCTION customer_month_mrr_compute(acct INTEGER, tz TEXT, only_customers INTEGER[])
RETURNS TABLE (account_id INTEGER, customer_id INTEGER, currency TEXT, month TEXT, total NUMERIC, opening NUMERIC,
  closing NUMERIC, kind TEXT, cohort TEXT, contract_ids INTEGER[], last_at TIMESTAMP)
LANGUAGE sql STABLE AS $$
  WITH monthly AS (
    SELECT e.customer_id, e.currency, to_char((e.at AT TIME ZONE 'UTC') AT TIME ZONE tz, 'YYYY-MM') AS month,
      sum(e.value) AS d, array_agg(DISTINCT e.contract_id ORDER BY e.contract_id) AS contract_ids, max(e.at) AS last_at
    FROM customer_month_mrr_events(acct, only_customers, NULL) e
    GROUP BY 1, 2, 3
  ),
  running AS (
    SELECT m.customer_id, m.currency, m.month, m.contract_ids, m.last_at, m.d, sum(m.d) OVER w AS total
    FROM monthly m WINDOW w AS (PARTITION BY m.customer_id, m.currency ORDER BY m.month)
  ),
  rounded AS (
    SELECT r.customer_id, r.currency, r.month, r.contract_ids, r.last_at, r.total, round(r.total - r.d, 4) AS o,
      round(r.total, 4) AS c
    FROM running r
  ),
  flagged AS (
    SELECT x.*, coalesce(bool_or(x.c > 0) OVER (PARTITION BY x.customer_id, x.currency ORDER BY x.month
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), false) AS paid_before
    FROM rounded x
  ),
  kinded AS (
    SELECT f.customer_id, f.currency, f.month, f.contract_ids, f.last_at, f.total, f.o, f.c,
      CASE
        WHEN f.o = 0 AND f.c > 0 THEN CASE WHEN f.paid_before THEN 'reactivation' ELSE 'new' END
        WHEN f.o > 0 AND f.c = 0 THEN 'churn'
        WHEN f.c > f.o THEN 'expansion'
        WHEN f.c < f.o THEN 'contraction'
      END AS kind
    FROM flagged f
  )
  SELECT acct, k.customer_id, k.currency, k.month, k.total, k.o, k.c, k.kind,
    min(k.month) FILTER (WHERE k.kind = 'new') OVER (PARTITION BY k.customer_id, k.currency), k.contract_ids, k.last_at
  FROM kinded k
$$;

-- The current month's rows up to "now" (a change later this month has not happened yet): a stored row whose
-- changes all happened by now_at as it is (its cohort only if that is not later), the others from their
-- events of the month up to now_at on top of the stored total at the end of the month before. Same columns
-- and rules as the stored rows.
CREATE FUNCTION customer_month_mrr_current(acct INTEGER, tz TEXT, cur TEXT, now_at TIMESTAMP, only_currency TEXT)
RETURNS TABLE (customer_id INTEGER, currency TEXT, month TEXT, contract_ids INTEGER[], o NUMERIC, c NUMERIC,
  kind TEXT, cohort TEXT)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_custom_plan AS $$
#variable_conflict use_column
DECLARE
  later INTEGER[];
BEGIN
  RETURN QUERY
  SELECT m.customer_id, m.currency, m.month, m.contract_ids, m.opening, m.closing, m.kind,
    CASE WHEN m.cohort <= cur THEN m.cohort END
  FROM customer_month_mrr m
  WHERE m.account_id = acct AND m.month = cur AND m.last_at <= now_at
    AND (only_currency IS NULL OR m.currency = only_currency);
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

-- The figures of a month over its stored rows, one row per currency and part: change (closing − opening and
-- paying customers gained, summed over months they give the MRR and customers at a later month's start),
-- move per kind (amount, customers, contract count, the first 20 contract ids) and cohort per cohort month
-- (the cohort's change in the month). Kept for months before the current one, computed when missing
-- (customer_month_mrr_sum) and dropped when one of the month's rows changes.
CREATE FUNCTION customer_month_mrr_unsummed(acct INTEGER, cur TEXT) RETURNS TEXT[] LANGUAGE sql STABLE AS $$
  -- the months with rows (one index probe each) that have no figures
  WITH RECURSIVE months AS (
    (SELECT m.month FROM customer_month_mrr m WHERE m.account_id = acct AND m.month < cur ORDER BY m.month LIMIT 1)
    UNION ALL
    SELECT (SELECT m.month FROM customer_month_mrr m WHERE m.account_id = acct AND m.month > p.month AND m.month < cur
            ORDER BY m.month LIMIT 1)
    FROM months p WHERE p.month IS NOT NULL
  )
  SELECT array_agg(p.month) FROM months p
  WHERE p.month IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM customer_month_mrr_sums s WHERE s.account_id = acct AND s.month = p.month)
$$;

CREATE FUNCTION customer_month_mrr_sum(acct INTEGER, cur TEXT) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan SET work_mem = '64MB' AS $$
DECLARE
  missing TEXT[];
BEGIN
  missing := customer_month_mrr_unsummed(acct, cur);
  IF missing IS NULL THEN RETURN; END IF;
  -- computed once no writer runs (they hold the lock shared), from what they committed
  PERFORM pg_advisory_xact_lock(1129533517, acct);
  missing := customer_month_mrr_unsummed(acct, cur);
  IF missing IS NULL THEN RETURN; END IF;
  INSERT INTO customer_month_mrr_sums (account_id, month, currency, part, key, amount, customers, contracts, contract_ids)
  SELECT acct, m.month, m.currency, 'change', '', sum(m.closing - m.opening), sum((m.closing > 0)::int - (m.opening > 0)::int), 0, NULL
  FROM customer_month_mrr m WHERE m.account_id = acct AND m.month = ANY(missing)
  GROUP BY m.month, m.currency
  UNION ALL
  SELECT acct, m.month, m.currency, 'move', m.kind, sum(m.closing - m.opening), count(*), sum(cardinality(m.contract_ids)),
    (SELECT (array_agg(x ORDER BY x))[1:20] FROM (
      -- the 20 smallest ids are among the 20 rows with the smallest first ids (a contract is in one row)
      SELECT unnest(r.contract_ids) AS x FROM customer_month_mrr r
      WHERE r.account_id = acct AND r.month = m.month AND r.currency = m.currency AND r.kind = m.kind
      ORDER BY r.contract_ids[1] LIMIT 20) ids)
  FROM customer_month_mrr m WHERE m.account_id = acct AND m.month = ANY(missing) AND m.kind IS NOT NULL
  GROUP BY m.month, m.currency, m.kind
  UNION ALL
  SELECT acct, m.month, m.currency, 'cohort', m.cohort, sum(m.closing - m.opening), sum((m.closing > 0)::int - (m.opening > 0)::int), 0, NULL
  FROM customer_month_mrr m WHERE m.account_id = acct AND m.month = ANY(missing) AND m.month >= m.cohort
  GROUP BY m.month, m.currency, m.cohort;
END $$;

-- Writers of an account's rows hold its advisory lock (class 1129533517, "CMMR") shared; a rebuild holds it
-- exclusively, so it sees every writer's committed spans and no writer runs beside it.

-- Recomputes the rows of some customers in the given accounts, for accounts whose rows are built (a row in
-- customer_month_mrr_state); an account not built yet is built in full by its next analytics read.
CREATE FUNCTION customer_month_mrr_refresh(account_ids INTEGER[], customer_ids INTEGER[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  a_id INTEGER;
  a_zone TEXT;
  ids INTEGER[];
  fresh customer_month_mrr[];
  gone TEXT[];
  added TEXT[];
BEGIN
  ids := ARRAY(SELECT DISTINCT x FROM unnest(customer_ids) x WHERE x IS NOT NULL);
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  FOR a_id IN SELECT DISTINCT x FROM unnest(account_ids) x WHERE x IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(1129533517, a_id);
    SELECT s.zone INTO a_zone FROM customer_month_mrr_state s WHERE s.account_id = a_id;
    CONTINUE WHEN NOT FOUND;
    -- only the rows that differ are replaced, so only their months' figures are dropped
    fresh := ARRAY(SELECT ROW(f.*)::customer_month_mrr FROM customer_month_mrr_compute(a_id, a_zone, ids) f);
    WITH d AS (
      DELETE FROM customer_month_mrr m WHERE m.account_id = a_id AND m.customer_id = ANY(ids)
        AND NOT EXISTS (SELECT 1 FROM unnest(fresh) f WHERE ROW(f.*) IS NOT DISTINCT FROM ROW(m.*))
      RETURNING m.month
    ) SELECT array_agg(DISTINCT d.month) INTO gone FROM d;
    WITH i AS (
      INSERT INTO customer_month_mrr
      SELECT f.* FROM unnest(fresh) f
      WHERE NOT EXISTS (SELECT 1 FROM customer_month_mrr m WHERE m.account_id = a_id AND m.customer_id = f.customer_id
        AND m.currency = f.currency AND m.month = f.month)
      RETURNING month
    ) SELECT array_agg(DISTINCT i.month) INTO added FROM i;
    IF gone IS NOT NULL OR added IS NOT NULL THEN
      DELETE FROM customer_month_mrr_sums s WHERE s.account_id = a_id AND s.month = ANY(coalesce(gone, '{}') || coalesce(added, '{}'));
    END IF;
  END LOOP;
END $$;

-- Builds an account's rows in full for a zone (the analytics read calls it when the account has none, or
-- they were built for another zone or marked stale).
CREATE FUNCTION customer_month_mrr_rebuild(a_id INTEGER, a_zone TEXT) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan SET work_mem = '64MB' AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1129533517, a_id);
  -- another reader may have built them while this one waited
  IF EXISTS (SELECT 1 FROM customer_month_mrr_state s WHERE s.account_id = a_id AND s.zone = a_zone) THEN RETURN; END IF;
  DELETE FROM customer_month_mrr m WHERE m.account_id = a_id;
  DELETE FROM customer_month_mrr_sums s WHERE s.account_id = a_id;
  INSERT INTO customer_month_mrr SELECT * FROM customer_month_mrr_compute(a_id, a_zone, NULL);
  INSERT INTO customer_month_mrr_state (account_id, zone) VALUES (a_id, a_zone)
  ON CONFLICT (account_id) DO UPDATE SET zone = EXCLUDED.zone;
END $$;

-- The spans' trigger as before, then the rows of the customers whose contracts changed
CREATE OR REPLACE FUNCTION mrr_spans_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'subscription_contracts' THEN
    PERFORM mrr_spans_refresh(ARRAY[OLD.id, NEW.id]);
    PERFORM customer_month_mrr_refresh(ARRAY[OLD.account_id, NEW.account_id], ARRAY[OLD.customer_id, NEW.customer_id]);
  ELSE
    PERFORM mrr_spans_refresh(ARRAY[OLD.contract_id, NEW.contract_id]);
    PERFORM customer_month_mrr_refresh(
      ARRAY(SELECT c.account_id FROM subscription_contracts c WHERE c.id IN (OLD.contract_id, NEW.contract_id)),
      ARRAY(SELECT c.customer_id FROM subscription_contracts c WHERE c.id IN (OLD.contract_id, NEW.contract_id)));
  END IF;
  RETURN NULL;
END $$;

-- What the rows read besides the spans: a contract's customer and trial end
CREATE FUNCTION customer_month_mrr_on_contract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_month_mrr_refresh(ARRAY[OLD.account_id, NEW.account_id], ARRAY[OLD.customer_id, NEW.customer_id]);
  RETURN NULL;
END $$;
CREATE TRIGGER customer_month_mrr_contracts AFTER UPDATE ON subscription_contracts
  FOR EACH ROW WHEN ((OLD.customer_id, OLD.trial_end_at) IS DISTINCT FROM (NEW.customer_id, NEW.trial_end_at))
  EXECUTE FUNCTION customer_month_mrr_on_contract();

-- A change that can move every customer on a price (a price version, a price's interval or tax, a billing
-- schedule's rules) marks the account's rows stale: its next analytics read rebuilds them.
CREATE FUNCTION customer_month_mrr_stale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  accounts INTEGER[];
  a_id INTEGER;
BEGIN
  IF TG_TABLE_NAME IN ('catalog_prices', 'catalog_products', 'tax_rates') THEN
    accounts := ARRAY[OLD.account_id, NEW.account_id];
  ELSIF TG_TABLE_NAME = 'price_versions' THEN
    accounts := ARRAY(SELECT p.account_id FROM catalog_prices p WHERE p.id IN (OLD.price_id, NEW.price_id));
  ELSE
    accounts := ARRAY(SELECT b.account_id FROM billing_schedules b WHERE b.id IN (OLD.schedule_id, NEW.schedule_id));
  END IF;
  FOR a_id IN SELECT DISTINCT x FROM unnest(accounts) x WHERE x IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(1129533517, a_id);
    DELETE FROM customer_month_mrr_state s WHERE s.account_id = a_id;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER customer_month_mrr_price_versions AFTER INSERT OR DELETE ON price_versions
  FOR EACH ROW EXECUTE FUNCTION customer_month_mrr_stale();
CREATE TRIGGER customer_month_mrr_price_versions_update AFTER UPDATE ON price_versions
  FOR EACH ROW WHEN ((OLD.price_id, OLD.unit_amount, OLD.effective_from, OLD.effective_to)
    IS DISTINCT FROM (NEW.price_id, NEW.unit_amount, NEW.effective_from, NEW.effective_to))
  EXECUTE FUNCTION customer_month_mrr_stale();
CREATE TRIGGER customer_month_mrr_prices AFTER UPDATE ON catalog_prices
  FOR EACH ROW WHEN ((OLD.account_id, OLD.product_id, OLD.billing_type, OLD.recurrence_type, OLD.interval, OLD.interval_count, OLD.billing_schedule_id)
    IS DISTINCT FROM (NEW.account_id, NEW.product_id, NEW.billing_type, NEW.recurrence_type, NEW.interval, NEW.interval_count, NEW.billing_schedule_id))
  EXECUTE FUNCTION customer_month_mrr_stale();
CREATE TRIGGER customer_month_mrr_prices_delete AFTER DELETE ON catalog_prices
  FOR EACH ROW EXECUTE FUNCTION customer_month_mrr_stale();
CREATE TRIGGER customer_month_mrr_products AFTER UPDATE ON catalog_products
  FOR EACH ROW WHEN ((OLD.tax_policy, OLD.tax_rate_id) IS DISTINCT FROM (NEW.tax_policy, NEW.tax_rate_id))
  EXECUTE FUNCTION customer_month_mrr_stale();
CREATE TRIGGER customer_month_mrr_tax_rates AFTER UPDATE ON tax_rates
  FOR EACH ROW WHEN (OLD.percentage IS DISTINCT FROM NEW.percentage)
  EXECUTE FUNCTION customer_month_mrr_stale();
CREATE TRIGGER customer_month_mrr_schedule_rules AFTER INSERT OR UPDATE OR DELETE ON billing_schedule_rules
  FOR EACH ROW EXECUTE FUNCTION customer_month_mrr_stale();
