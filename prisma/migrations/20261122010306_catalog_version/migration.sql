-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "catalog_version" BIGINT NOT NULL DEFAULT 0;

-- Every change to an account's catalog bumps accounts.catalog_version (same transaction), so processes
-- holding an in-memory catalog snapshot detect staleness with one indexed read.
CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
  acct integer;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME IN ('catalog_products', 'catalog_prices', 'bundle_templates', 'addon_rules', 'tax_rates', 'billing_schedules') THEN
    acct := rec.account_id;
  ELSIF TG_TABLE_NAME = 'price_versions' THEN
    SELECT account_id INTO acct FROM catalog_prices WHERE id = rec.price_id;
  ELSIF TG_TABLE_NAME = 'bundle_template_items' THEN
    SELECT account_id INTO acct FROM bundle_templates WHERE id = rec.bundle_id;
  ELSIF TG_TABLE_NAME = 'bundle_selectable_prices' THEN
    SELECT b.account_id INTO acct FROM bundle_template_items i JOIN bundle_templates b ON b.id = i.bundle_id WHERE i.id = rec.item_id;
  ELSIF TG_TABLE_NAME = 'billing_schedule_rules' THEN
    SELECT account_id INTO acct FROM billing_schedules WHERE id = rec.schedule_id;
  END IF;
  IF acct IS NOT NULL THEN
    UPDATE accounts SET catalog_version = catalog_version + 1 WHERE id = acct;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER catalog_products_version AFTER INSERT OR UPDATE OR DELETE ON catalog_products FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_prices_version AFTER INSERT OR UPDATE OR DELETE ON catalog_prices FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER price_versions_version AFTER INSERT OR UPDATE OR DELETE ON price_versions FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER bundle_templates_version AFTER INSERT OR UPDATE OR DELETE ON bundle_templates FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER bundle_template_items_version AFTER INSERT OR UPDATE OR DELETE ON bundle_template_items FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER bundle_selectable_prices_version AFTER INSERT OR UPDATE OR DELETE ON bundle_selectable_prices FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER addon_rules_version AFTER INSERT OR UPDATE OR DELETE ON addon_rules FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER tax_rates_version AFTER INSERT OR UPDATE OR DELETE ON tax_rates FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER billing_schedules_version AFTER INSERT OR UPDATE OR DELETE ON billing_schedules FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER billing_schedule_rules_version AFTER INSERT OR UPDATE OR DELETE ON billing_schedule_rules FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
