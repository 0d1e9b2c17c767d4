-- Processes cache API keys and account state (mode, test clock, catalog version) in memory; these
-- triggers tell every process (LISTEN sc_changes) what changed, at commit, whichever process changed it.
CREATE FUNCTION notify_api_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('sc_changes', 'key:' || OLD.hash); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.hash <> OLD.hash) THEN PERFORM pg_notify('sc_changes', 'key:' || NEW.hash); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sc_changes', 'account:' || COALESCE(NEW.id, OLD.id));
  RETURN NULL;
END $$;

CREATE TRIGGER api_keys_notify AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION notify_api_key_change();
CREATE TRIGGER accounts_notify AFTER UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION notify_account_change();
