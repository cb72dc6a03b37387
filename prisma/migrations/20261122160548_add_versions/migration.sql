-- CreateTable
CREATE TABLE "versions" (
    "id" BIGSERIAL NOT NULL,
    "item_type" TEXT NOT NULL,
    "item_id" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "changes" JSONB NOT NULL,
    "owner_type" TEXT,
    "owner_id" INTEGER,
    "actor_id" INTEGER,
    "request_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "versions_item_type_item_id_id_idx" ON "versions"("item_type", "item_id", "id");

-- CreateIndex
CREATE INDEX "versions_owner_type_owner_id_id_idx" ON "versions"("owner_type", "owner_id", "id");


-- The audit trail (docs/versions.md). Every audited table gets an AFTER trigger calling this
-- with its JSON:API type, the column and type of the record it belongs to (or ''), and the
-- names of its secret columns. The kernel names the actor and request at the start of each
-- write transaction (set_config('crew.actor_id' / 'crew.request_id', ..., true)), so every
-- path that writes a row, raw SQL included, is recorded with who and which request.
CREATE OR REPLACE FUNCTION audit_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  row_now jsonb := COALESCE(new_row, old_row);
  owner_column text := TG_ARGV[1];
  owner_kind text := TG_ARGV[2];
  secrets text[] := CASE WHEN TG_NARGS > 3 THEN TG_ARGV[3:TG_NARGS - 1] ELSE ARRAY[]::text[] END;
  changes jsonb := '{}'::jsonb;
  column_name text;
  before_value jsonb;
  after_value jsonb;
BEGIN
  -- Bulk loads (seed:scale) switch the trail off for their own transaction only.
  IF current_setting('crew.audit', true) = 'off' THEN
    RETURN NULL;
  END IF;
  FOR column_name IN SELECT jsonb_object_keys(row_now) LOOP
    IF column_name IN ('updated_at', 'created_at') THEN
      CONTINUE;
    END IF;
    before_value := old_row -> column_name;
    after_value := new_row -> column_name;
    IF TG_OP = 'UPDATE' AND before_value IS NOT DISTINCT FROM after_value THEN
      CONTINUE;
    END IF;
    IF column_name = ANY (secrets) THEN
      before_value := CASE WHEN before_value IS NULL OR before_value = 'null'::jsonb THEN 'null'::jsonb ELSE '"[redacted]"'::jsonb END;
      after_value := CASE WHEN after_value IS NULL OR after_value = 'null'::jsonb THEN 'null'::jsonb ELSE '"[redacted]"'::jsonb END;
    END IF;
    changes := changes || jsonb_build_object(column_name, jsonb_build_array(before_value, after_value));
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  INSERT INTO versions (item_type, item_id, event, changes, owner_type, owner_id, actor_id, request_id)
  VALUES (
    TG_ARGV[0],
    (row_now ->> 'id')::integer,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    changes,
    CASE
      WHEN owner_column = '' THEN NULL
      WHEN left(owner_kind, 1) = '$' THEN row_now ->> substr(owner_kind, 2)
      ELSE owner_kind
    END,
    CASE WHEN owner_column = '' THEN NULL ELSE (row_now ->> owner_column)::integer END,
    NULLIF(current_setting('crew.actor_id', true), '')::integer,
    NULLIF(current_setting('crew.request_id', true), '')
  );
  RETURN NULL;
END;
$$;

CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "clients" FOR EACH ROW EXECUTE FUNCTION audit_version('clients', '', '', 'password_hash');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "permission_records" FOR EACH ROW EXECUTE FUNCTION audit_version('permissions', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "ranks" FOR EACH ROW EXECUTE FUNCTION audit_version('ranks', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "vessel_types" FOR EACH ROW EXECUTE FUNCTION audit_version('vessel_types', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "engine_types" FOR EACH ROW EXECUTE FUNCTION audit_version('engine_types', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "engine_manufacturers" FOR EACH ROW EXECUTE FUNCTION audit_version('engine_manufacturers', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "vendor_types" FOR EACH ROW EXECUTE FUNCTION audit_version('vendor_types', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "vendors" FOR EACH ROW EXECUTE FUNCTION audit_version('vendors', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "certificate_types" FOR EACH ROW EXECUTE FUNCTION audit_version('certificate_types', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "relation_types" FOR EACH ROW EXECUTE FUNCTION audit_version('relation_types', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "crewing_statuses" FOR EACH ROW EXECUTE FUNCTION audit_version('crewing_statuses', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "countries" FOR EACH ROW EXECUTE FUNCTION audit_version('countries', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "ports" FOR EACH ROW EXECUTE FUNCTION audit_version('ports', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "main_engines" FOR EACH ROW EXECUTE FUNCTION audit_version('main_engines', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "applicant_contracts" FOR EACH ROW EXECUTE FUNCTION audit_version('applicant_contracts', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "applicant_documents" FOR EACH ROW EXECUTE FUNCTION audit_version('applicant_documents', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "english_test_types" FOR EACH ROW EXECUTE FUNCTION audit_version('english_test_types', '', '');
