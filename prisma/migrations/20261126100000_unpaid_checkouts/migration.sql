-- A checkout whose first payment never succeeded is closed: its contract ends with a reason (never active,
-- so it never counted in MRR and must not start counting when it ends) and its initial run is voided.
ALTER TABLE "subscription_contracts" ADD COLUMN "ended_reason" TEXT;

-- mrr_spans_refresh as before, except that a contract ended unpaid at checkout has no span
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
      WHERE c.id = ANY(contract_ids) AND c.state <> 'inactive' AND c.ended_reason IS DISTINCT FROM 'unpaid_checkout'
      UNION ALL
      SELECT c.account_id, c.id, ci.price_id, c.currency, ci.unit_amount_override,
             -(ci.quantity * (100 - coalesce(ci.discount_percent, 0)) / 100),
             greatest(c.created_at, ci.created_at, coalesce(ci.start_at, c.created_at), p.start_at),
             least(coalesce(ci.end_at, 'infinity'), coalesce(ci.removed_at, 'infinity'), p.end_at,
                   CASE WHEN c.state IN ('canceled', 'ended') THEN coalesce(c.ended_at, c.canceled_at, c.updated_at) ELSE 'infinity' END)
      FROM contract_pauses p JOIN subscription_contracts c ON c.id = p.contract_id JOIN contract_items ci ON ci.contract_id = c.id
      WHERE c.id = ANY(contract_ids) AND c.state <> 'inactive' AND c.ended_reason IS DISTINCT FROM 'unpaid_checkout' AND p.state <> 'canceled'
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
