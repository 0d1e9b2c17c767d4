-- Item terms history: a change of an item's price, quantity, override or discount ends its old terms at
-- the change's effective time instead of rewriting the item's past, so the MRR spans (and the revenue
-- analytics built on them) keep what was true before the change.

ALTER TABLE "contract_items" ADD COLUMN "terms_from" TIMESTAMP(3);

CREATE TABLE "contract_item_terms" (
    "id" SERIAL NOT NULL,
    "contract_item_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "price_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_amount_override" DECIMAL(19,4),
    "discount_percent" DECIMAL(9,4),
    "effective_from" TIMESTAMP(3),
    "effective_to" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "contract_item_terms_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "contract_item_terms_contract_id_idx" ON "contract_item_terms"("contract_id");
CREATE INDEX "contract_item_terms_contract_item_id_idx" ON "contract_item_terms"("contract_item_id");

ALTER TABLE "contract_item_terms" ADD CONSTRAINT "contract_item_terms_contract_item_id_fkey" FOREIGN KEY ("contract_item_id") REFERENCES "contract_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The old terms become history when the terms change on a live contract. The domain sets terms_from to
-- the change's effective time (the account's clock); a writer that does not is dated by the database.
-- A draft (inactive) contract has no MRR yet: its items change without history.
CREATE FUNCTION contract_item_terms_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM subscription_contracts c WHERE c.id = NEW.contract_id AND c.state <> 'inactive') THEN
    NEW.terms_from := OLD.terms_from;
    RETURN NEW;
  END IF;
  IF NEW.terms_from IS NOT DISTINCT FROM OLD.terms_from THEN
    NEW.terms_from := now();
  END IF;
  INSERT INTO contract_item_terms (contract_item_id, contract_id, price_id, quantity, unit_amount_override, discount_percent, effective_from, effective_to)
  VALUES (OLD.id, OLD.contract_id, OLD.price_id, OLD.quantity, OLD.unit_amount_override, OLD.discount_percent, OLD.terms_from, NEW.terms_from);
  RETURN NEW;
END $$;

CREATE TRIGGER contract_item_terms_keep BEFORE UPDATE ON contract_items
  FOR EACH ROW WHEN ((OLD.price_id, OLD.quantity, OLD.unit_amount_override, OLD.discount_percent)
    IS DISTINCT FROM (NEW.price_id, NEW.quantity, NEW.unit_amount_override, NEW.discount_percent))
  EXECUTE FUNCTION contract_item_terms_keep();

DROP TRIGGER mrr_spans_items_update ON contract_items;
CREATE TRIGGER mrr_spans_items_update AFTER UPDATE ON contract_items
  FOR EACH ROW WHEN ((OLD.contract_id, OLD.price_id, OLD.unit_amount_override, OLD.quantity, OLD.discount_percent, OLD.created_at, OLD.start_at, OLD.end_at, OLD.removed_at, OLD.terms_from)
    IS DISTINCT FROM (NEW.contract_id, NEW.price_id, NEW.unit_amount_override, NEW.quantity, NEW.discount_percent, NEW.created_at, NEW.start_at, NEW.end_at, NEW.removed_at, NEW.terms_from))
  EXECUTE FUNCTION mrr_spans_on_change();

-- mrr_spans_refresh as before, over the item's terms: its current terms from terms_from on, and each past
-- terms row over its own interval, both within the item's and the contract's live interval
CREATE OR REPLACE FUNCTION mrr_spans_refresh(contract_ids INTEGER[]) RETURNS void LANGUAGE sql AS $$
  WITH terms AS (
    SELECT ci.contract_id, ci.price_id, ci.unit_amount_override, ci.quantity, ci.discount_percent,
           greatest(ci.created_at, coalesce(ci.start_at, ci.created_at), coalesce(ci.terms_from, '-infinity')) AS terms_from,
           least(coalesce(ci.end_at, 'infinity'), coalesce(ci.removed_at, 'infinity')) AS terms_to
    FROM contract_items ci WHERE ci.contract_id = ANY(contract_ids)
    UNION ALL
    SELECT ci.contract_id, t.price_id, t.unit_amount_override, t.quantity, t.discount_percent,
           greatest(ci.created_at, coalesce(ci.start_at, ci.created_at), coalesce(t.effective_from, '-infinity')),
           least(coalesce(ci.end_at, 'infinity'), coalesce(ci.removed_at, 'infinity'), t.effective_to)
    FROM contract_item_terms t JOIN contract_items ci ON ci.id = t.contract_item_id
    WHERE t.contract_id = ANY(contract_ids)
  ),
  old AS (
    DELETE FROM mrr_spans WHERE contract_id = ANY(contract_ids)
    RETURNING account_id, currency, price_id, override, weight, live_from, live_to
  ),
  fresh AS (
    INSERT INTO mrr_spans (account_id, contract_id, price_id, currency, override, weight, live_from, live_to)
    SELECT * FROM (
      SELECT c.account_id, c.id, ci.price_id, c.currency, ci.unit_amount_override,
             ci.quantity * (100 - coalesce(ci.discount_percent, 0)) / 100,
             greatest(c.created_at, ci.terms_from) AS live_from,
             least(ci.terms_to,
                   CASE WHEN c.state IN ('canceled', 'ended') THEN coalesce(c.ended_at, c.canceled_at, c.updated_at) ELSE 'infinity' END) AS live_to
      FROM subscription_contracts c JOIN terms ci ON ci.contract_id = c.id
      WHERE c.id = ANY(contract_ids) AND c.state <> 'inactive' AND c.ended_reason IS DISTINCT FROM 'unpaid_checkout'
      UNION ALL
      SELECT c.account_id, c.id, ci.price_id, c.currency, ci.unit_amount_override,
             -(ci.quantity * (100 - coalesce(ci.discount_percent, 0)) / 100),
             greatest(c.created_at, ci.terms_from, p.start_at),
             least(ci.terms_to, p.end_at,
                   CASE WHEN c.state IN ('canceled', 'ended') THEN coalesce(c.ended_at, c.canceled_at, c.updated_at) ELSE 'infinity' END)
      FROM contract_pauses p JOIN subscription_contracts c ON c.id = p.contract_id JOIN terms ci ON ci.contract_id = c.id
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
