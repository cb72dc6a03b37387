-- Issue 20: the session cache (docs/performance.md "Holding a verified session in memory").
-- A write that changes what an authenticated request reads (a session, its account's columns
-- the request carries, the permissions revision) is a revocation: every API process's cache
-- must hear of it before it commits. Two triggers make that complete:
-- * crew_revocation_mark (immediate) notes in the transaction which devices it touched
--   ('*' for accounts and revisions, which reach every device), for the wrapper that announces;
-- * crew_revocation_guard (deferred to the commit) refuses the commit unless the transaction
--   says it was announced (set only by runInTransaction / withRevocation, src/auth/revocation-repository.ts),
--   so a writer that forgets the announcement fails instead of leaving a cache stale.
-- Inserting a session or an account is no revocation: no cache can hold what did not exist.

CREATE FUNCTION crew_revocation_mark() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marked text := coalesce(current_setting('crew.revokes', true), '');
  device text;
BEGIN
  IF marked = '*' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME <> 'sessions' THEN
    PERFORM set_config('crew.revokes', '*', true);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.device IS DISTINCT FROM OLD.device THEN
      PERFORM set_config('crew.revokes', '*', true);
      RETURN NULL;
    END IF;
  END IF;
  device := OLD.device;
  IF marked = '' THEN
    PERFORM set_config('crew.revokes', device, true);
  ELSIF length(marked) > 2000 THEN
    -- Many devices at once (a purge): every cache is dropped instead.
    PERFORM set_config('crew.revokes', '*', true);
  ELSIF NOT (device = ANY (string_to_array(marked, ','))) THEN
    PERFORM set_config('crew.revokes', marked || ',' || device, true);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION crew_revocation_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('crew.revocation', true), '') <> 'announced' THEN
    RAISE EXCEPTION 'crew: % on % was not announced as a session revocation (write it in runInTransaction or withRevocation, src/auth/revocation-repository.ts)', TG_OP, TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER crew_revocation_mark AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION crew_revocation_mark();
CREATE CONSTRAINT TRIGGER crew_revocation_guard AFTER UPDATE OR DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crew_revocation_guard();

-- The account columns the session lookup reads (src/auth/session-repository.ts SESSION_SQL).
CREATE TRIGGER crew_revocation_mark AFTER UPDATE ON "clients"
  FOR EACH ROW WHEN (
    OLD.id IS DISTINCT FROM NEW.id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.avatar IS DISTINCT FROM NEW.avatar OR OLD.equasis_email IS DISTINCT FROM NEW.equasis_email
  ) EXECUTE FUNCTION crew_revocation_mark();
CREATE CONSTRAINT TRIGGER crew_revocation_guard AFTER UPDATE ON "clients"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (
    OLD.id IS DISTINCT FROM NEW.id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.avatar IS DISTINCT FROM NEW.avatar OR OLD.equasis_email IS DISTINCT FROM NEW.equasis_email
  ) EXECUTE FUNCTION crew_revocation_guard();
CREATE TRIGGER crew_revocation_mark_delete AFTER DELETE ON "clients"
  FOR EACH ROW EXECUTE FUNCTION crew_revocation_mark();
CREATE CONSTRAINT TRIGGER crew_revocation_guard_delete AFTER DELETE ON "clients"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crew_revocation_guard();

CREATE TRIGGER crew_revocation_mark AFTER INSERT OR UPDATE OR DELETE ON "revisions"
  FOR EACH ROW EXECUTE FUNCTION crew_revocation_mark();
CREATE CONSTRAINT TRIGGER crew_revocation_guard AFTER INSERT OR UPDATE OR DELETE ON "revisions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crew_revocation_guard();
