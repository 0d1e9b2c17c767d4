-- The console's dashboard and lists at volume (100,000 contracts, a year of runs): covering indexes for
-- the counts and sums, the run's account and currency copied onto its payment attempts, trigram indexes
-- for the contract search, and mrr_spans, the live intervals the MRR figures add up, kept by triggers.

-- AlterTable: billing_attempts.account_id and currency, copied from the run when an attempt is inserted
ALTER TABLE "billing_attempts" ADD COLUMN "account_id" INTEGER,
ADD COLUMN "currency" TEXT;

UPDATE "billing_attempts" a SET "account_id" = r."account_id", "currency" = r."currency"
FROM "billing_runs" r WHERE r."id" = a."run_id";

CREATE FUNCTION billing_attempts_copy_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.account_id, r.currency INTO NEW.account_id, NEW.currency FROM billing_runs r WHERE r.id = NEW.run_id;
  RETURN NEW;
END $$;
CREATE TRIGGER billing_attempts_copy_run BEFORE INSERT OR UPDATE OF run_id ON billing_attempts
  FOR EACH ROW EXECUTE FUNCTION billing_attempts_copy_run();

CREATE FUNCTION billing_runs_to_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE billing_attempts SET account_id = NEW.account_id, currency = NEW.currency WHERE run_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER billing_runs_to_attempts AFTER UPDATE OF account_id, currency ON billing_runs
  FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.currency IS DISTINCT FROM NEW.currency)
  EXECUTE FUNCTION billing_runs_to_attempts();

-- CreateIndex
CREATE INDEX "billing_attempts_account_id_state_updated_at_currency_amoun_idx" ON "billing_attempts"("account_id", "state", "updated_at", "currency", "amount");

-- CreateIndex
CREATE INDEX "billing_attempts_account_id_created_at_state_idx" ON "billing_attempts"("account_id", "created_at", "state");

-- DropIndex
DROP INDEX "billing_runs_account_id_state_idx";

-- CreateIndex
CREATE INDEX "billing_runs_account_id_state_currency_idx" ON "billing_runs"("account_id", "state", "currency");

-- CreateIndex
CREATE INDEX "billing_runs_account_id_scheduled_at_state_currency_total_idx" ON "billing_runs"("account_id", "scheduled_at", "state", "currency", "total");

-- CreateIndex
CREATE INDEX "subscription_contracts_account_id_state_currency_idx" ON "subscription_contracts"("account_id", "state", "currency");

-- Contract search: reference and name by substring (ILIKE '%…%')
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "customers_reference_idx" ON "customers" USING GIN ("reference" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "customers_name_idx" ON "customers" USING GIN ("name" gin_trgm_ops);

-- CreateTable
CREATE TABLE "mrr_spans" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "contract_id" INTEGER NOT NULL,
    "price_id" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "override" DECIMAL(19,4),
    "weight" DECIMAL(30,6) NOT NULL,
    "live_from" TIMESTAMP(3) NOT NULL,
    "live_to" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mrr_spans_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mrr_spans_account_id_idx" ON "mrr_spans"("account_id");

-- CreateIndex
CREATE INDEX "mrr_spans_contract_id_idx" ON "mrr_spans"("contract_id");

-- The MRR rule's live intervals of the given contracts (docs/decisions.md "Seller admin console data"):
-- a live item of a live contract counts from its creation or start until it ends, is removed, or its
-- contract ends; while a pause covers it, the same weight counts negatively (pauses never overlap).
CREATE FUNCTION mrr_spans_refresh(contract_ids INTEGER[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM mrr_spans WHERE contract_id = ANY(contract_ids);
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
  ) s WHERE live_to > live_from;
$$;

CREATE FUNCTION mrr_spans_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'subscription_contracts' THEN
    PERFORM mrr_spans_refresh(ARRAY[OLD.id, NEW.id]);
  ELSE
    PERFORM mrr_spans_refresh(ARRAY[OLD.contract_id, NEW.contract_id]);
  END IF;
  RETURN NULL;
END $$;

-- only the columns the rule reads: billing's updates of periods and next billing dates fire nothing
CREATE TRIGGER mrr_spans_items AFTER INSERT OR DELETE ON contract_items
  FOR EACH ROW EXECUTE FUNCTION mrr_spans_on_change();
CREATE TRIGGER mrr_spans_items_update AFTER UPDATE ON contract_items
  FOR EACH ROW WHEN ((OLD.contract_id, OLD.price_id, OLD.unit_amount_override, OLD.quantity, OLD.discount_percent, OLD.created_at, OLD.start_at, OLD.end_at, OLD.removed_at)
    IS DISTINCT FROM (NEW.contract_id, NEW.price_id, NEW.unit_amount_override, NEW.quantity, NEW.discount_percent, NEW.created_at, NEW.start_at, NEW.end_at, NEW.removed_at))
  EXECUTE FUNCTION mrr_spans_on_change();
CREATE TRIGGER mrr_spans_pauses AFTER INSERT OR DELETE ON contract_pauses
  FOR EACH ROW EXECUTE FUNCTION mrr_spans_on_change();
CREATE TRIGGER mrr_spans_pauses_update AFTER UPDATE ON contract_pauses
  FOR EACH ROW WHEN ((OLD.contract_id, OLD.start_at, OLD.end_at, OLD.state) IS DISTINCT FROM (NEW.contract_id, NEW.start_at, NEW.end_at, NEW.state))
  EXECUTE FUNCTION mrr_spans_on_change();
CREATE TRIGGER mrr_spans_contracts AFTER UPDATE ON subscription_contracts
  FOR EACH ROW WHEN ((OLD.account_id, OLD.state, OLD.currency, OLD.created_at, OLD.ended_at, OLD.canceled_at)
      IS DISTINCT FROM (NEW.account_id, NEW.state, NEW.currency, NEW.created_at, NEW.ended_at, NEW.canceled_at)
    OR (NEW.state IN ('canceled', 'ended') AND NEW.ended_at IS NULL AND NEW.canceled_at IS NULL AND OLD.updated_at IS DISTINCT FROM NEW.updated_at))
  EXECUTE FUNCTION mrr_spans_on_change();
CREATE TRIGGER mrr_spans_contracts_delete AFTER DELETE ON subscription_contracts
  FOR EACH ROW EXECUTE FUNCTION mrr_spans_on_change();

SELECT mrr_spans_refresh(array_agg(id)) FROM subscription_contracts;
