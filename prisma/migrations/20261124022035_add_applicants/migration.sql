-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "crewing_applicant_id" TEXT NOT NULL,
    "surname" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "middle" TEXT,
    "birthday" DATE,
    "country_birth_id" INTEGER,
    "email" TEXT,
    "email_alternative" TEXT,
    "mobile_phone" TEXT,
    "mobile_phone_alternative" TEXT,
    "phonehome" TEXT,
    "address" TEXT,
    "role_id" INTEGER,
    "crewing_status_id" INTEGER,
    "status" TEXT,
    "readiness_date" DATE,
    "wage" INTEGER,
    "hot" BOOLEAN NOT NULL DEFAULT false,
    "no_call_answer" BOOLEAN NOT NULL DEFAULT false,
    "ex_scg" BOOLEAN NOT NULL DEFAULT false,
    "stable_employee" BOOLEAN NOT NULL DEFAULT false,
    "need_reaction" BOOLEAN NOT NULL DEFAULT false,
    "need_education" BOOLEAN NOT NULL DEFAULT false,
    "ukr_crewing_id" TEXT,
    "crewell_id" TEXT,
    "maritime_zone_id" INTEGER,
    "telegram_user_id" TEXT,
    "us_visa_doe" DATE,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "archived_at" TIMESTAMP(3),
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tag_list" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "last_expirience_id" INTEGER,
    "vessel_last_name" TEXT,
    "vessel_last_rank_title" TEXT,
    "vessel_last_manager_name" TEXT,
    "vessel_last_date_on" DATE,
    "last_contract_soff" DATE,
    "search_vessel_names" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "vessel_planned_name" TEXT,
    "date_planned" DATE,
    "promotions_count" INTEGER NOT NULL DEFAULT 0,
    "promotions_roles" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "has_warnings" BOOLEAN NOT NULL DEFAULT false,
    "valid_state" TEXT,
    "valid_states" JSONB NOT NULL DEFAULT '{}',
    "last_contact" TIMESTAMP(3),
    "ext_update" TIMESTAMP(3),
    "external_objects" JSONB NOT NULL DEFAULT '[]',
    "search_document" tsvector,
    "search_phones" TEXT NOT NULL DEFAULT '',
    "dedupe_keys" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tags" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_tags" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "tag_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "favorites" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favorites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "background_tasks" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "params" JSONB NOT NULL DEFAULT '{}',
    "result" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,
    "author_id" INTEGER,
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "background_tasks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_crewing_applicant_id_key" ON "users"("crewing_applicant_id");

-- CreateIndex
CREATE INDEX "users_created_at_id_idx" ON "users"("created_at", "id");

-- CreateIndex
CREATE INDEX "users_updated_at_id_idx" ON "users"("updated_at", "id");

-- CreateIndex
CREATE INDEX "users_surname_name_id_idx" ON "users"("surname", "name", "id");

-- CreateIndex
CREATE INDEX "users_birthday_id_idx" ON "users"("birthday", "id");

-- CreateIndex
CREATE INDEX "users_readiness_date_id_idx" ON "users"("readiness_date", "id");

-- CreateIndex
CREATE INDEX "users_wage_id_idx" ON "users"("wage", "id");

-- CreateIndex
CREATE INDEX "users_status_id_idx" ON "users"("status", "id");

-- CreateIndex
CREATE INDEX "users_role_id_id_idx" ON "users"("role_id", "id");

-- CreateIndex
CREATE INDEX "users_crewing_status_id_idx" ON "users"("crewing_status_id");

-- CreateIndex
CREATE INDEX "users_country_birth_id_idx" ON "users"("country_birth_id");

-- CreateIndex
CREATE INDEX "users_author_id_idx" ON "users"("author_id");

-- CreateIndex
CREATE INDEX "users_date_planned_id_idx" ON "users"("date_planned", "id");

-- CreateIndex
CREATE INDEX "users_last_contract_soff_id_idx" ON "users"("last_contract_soff", "id");

-- CreateIndex
CREATE INDEX "users_vessel_last_name_idx" ON "users"("vessel_last_name");

-- CreateIndex
CREATE INDEX "users_promotions_count_id_idx" ON "users"("promotions_count", "id");

-- CreateIndex
CREATE INDEX "users_archived_idx" ON "users"("archived");

-- CreateIndex
CREATE INDEX "users_dedupe_keys_idx" ON "users" USING GIN ("dedupe_keys");

-- CreateIndex
CREATE UNIQUE INDEX "tags_name_key" ON "tags"("name");

-- CreateIndex
CREATE INDEX "user_tags_tag_id_user_id_idx" ON "user_tags"("tag_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_tags_user_id_tag_id_key" ON "user_tags"("user_id", "tag_id");

-- CreateIndex
CREATE INDEX "favorites_user_id_idx" ON "favorites"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "favorites_client_id_user_id_key" ON "favorites"("client_id", "user_id");

-- CreateIndex
CREATE INDEX "background_tasks_author_id_created_at_idx" ON "background_tasks"("author_id", "created_at");

-- AddForeignKey
ALTER TABLE "time_plans" ADD CONSTRAINT "time_plans_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_country_birth_id_fkey" FOREIGN KEY ("country_birth_id") REFERENCES "countries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_crewing_status_id_fkey" FOREIGN KEY ("crewing_status_id") REFERENCES "crewing_statuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- ---------------------------------------------------------------------------------------
-- Applicants by hand: what schema.prisma cannot say (docs/applicants.md).

-- Applicant numbers staff quote ("100123"): assigned by the server on create, never reused.
CREATE SEQUENCE "users_applicant_number_seq" START WITH 100001;

-- The audit trail learns to leave derived columns out: a trigger argument after the owner
-- type that starts with '~' names a column the trail ignores (a change to only such columns is
-- not recorded at all); the others still name secrets. Backward compatible: no trigger before
-- this migration passes a '~' argument.
CREATE OR REPLACE FUNCTION audit_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  row_now jsonb := COALESCE(new_row, old_row);
  owner_column text := TG_ARGV[1];
  owner_kind text := TG_ARGV[2];
  extra text[] := CASE WHEN TG_NARGS > 3 THEN TG_ARGV[3:TG_NARGS - 1] ELSE ARRAY[]::text[] END;
  secrets text[] := ARRAY(SELECT a FROM unnest(extra) AS a WHERE left(a, 1) <> '~');
  ignored text[] := ARRAY(SELECT substr(a, 2) FROM unnest(extra) AS a WHERE left(a, 1) = '~');
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
    IF column_name IN ('updated_at', 'created_at') OR column_name = ANY (ignored) THEN
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

-- Search (docs/applicants.md "Search"). The words of a text as the index keeps them: lower
-- case, accents off, every run of spaces and punctuation a break, so e-mails and hyphenated
-- names are several words and a quoted e-mail is a phrase of them.
CREATE FUNCTION search_words(t text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(unaccent(coalesce(t, ''))), '[[:space:][:punct:]]+', ' ', 'g'))
$$;

-- One search term (a word or a quoted phrase) as a query: its words in order, each a prefix.
CREATE FUNCTION search_term_query(term text) RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_tsquery('simple', string_agg(quote_literal(w) || ':*', ' <-> ' ORDER BY n))
    FROM unnest(string_to_array(search_words(term), ' ')) WITH ORDINALITY AS t(w, n)
   WHERE w <> ''
$$;

CREATE FUNCTION phone_digits(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT NULLIF(regexp_replace(coalesce(t, ''), '[^0-9]', '', 'g'), '')
$$;

-- Before every write of an applicant: the search document, the phone digits and the duplicate
-- keys, rebuilt only when a column they read changed.
CREATE FUNCTION users_search_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.surname IS NOT DISTINCT FROM OLD.surname AND NEW.name IS NOT DISTINCT FROM OLD.name
     AND NEW.middle IS NOT DISTINCT FROM OLD.middle AND NEW.birthday IS NOT DISTINCT FROM OLD.birthday
     AND NEW.email IS NOT DISTINCT FROM OLD.email AND NEW.email_alternative IS NOT DISTINCT FROM OLD.email_alternative
     AND NEW.mobile_phone IS NOT DISTINCT FROM OLD.mobile_phone
     AND NEW.mobile_phone_alternative IS NOT DISTINCT FROM OLD.mobile_phone_alternative
     AND NEW.phonehome IS NOT DISTINCT FROM OLD.phonehome
     AND NEW.crewing_applicant_id IS NOT DISTINCT FROM OLD.crewing_applicant_id
     AND NEW.tag_list IS NOT DISTINCT FROM OLD.tag_list
     AND NEW.search_vessel_names IS NOT DISTINCT FROM OLD.search_vessel_names THEN
    RETURN NEW;
  END IF;
  NEW.search_document := to_tsvector('simple', concat_ws(' ',
    search_words(NEW.surname), search_words(NEW.name), search_words(NEW.middle),
    search_words(NEW.crewing_applicant_id), search_words(NEW.email), search_words(NEW.email_alternative),
    search_words(array_to_string(NEW.tag_list, ' ')), search_words(array_to_string(NEW.search_vessel_names, ' '))));
  NEW.search_phones := concat_ws(' ', phone_digits(NEW.mobile_phone), phone_digits(NEW.mobile_phone_alternative), phone_digits(NEW.phonehome));
  NEW.dedupe_keys := ARRAY(SELECT k FROM unnest(ARRAY[
    'e:' || NULLIF(lower(btrim(NEW.email)), ''),
    'e:' || NULLIF(lower(btrim(NEW.email_alternative)), ''),
    'p:' || CASE WHEN length(phone_digits(NEW.mobile_phone)) >= 7 THEN phone_digits(NEW.mobile_phone) END,
    'p:' || CASE WHEN length(phone_digits(NEW.mobile_phone_alternative)) >= 7 THEN phone_digits(NEW.mobile_phone_alternative) END,
    'n:' || search_words(NEW.surname) || '|' || search_words(NEW.name) || '|' || to_char(NEW.birthday, 'YYYY-MM-DD')
  ]) AS k WHERE k IS NOT NULL);
  RETURN NEW;
END;
$$;
CREATE TRIGGER users_search_fill BEFORE INSERT OR UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION users_search_fill();

-- GIN indexes of the search (not expressible in schema.prisma; the drift test lists them).
CREATE INDEX "users_search_document_idx" ON "users" USING GIN ("search_document");
CREATE INDEX "users_search_phones_idx" ON "users" USING GIN ("search_phones" gin_trgm_ops);

-- Derived columns (docs/applicants.md "Derived columns: how an area plugs in"). Each area that
-- feeds the applicant row owns a function users_derive_<area>(ids integer[]) RETURNS void that
-- recomputes its columns for those applicants set-based, writing only rows that change. Its
-- tables call it from statement-level triggers through users_derived_on_rows(); the daily job
-- and bulk loads call users_refresh_derived(), which runs every users_derive_* function.
CREATE FUNCTION users_derived_on_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  col text := COALESCE(NULLIF(TG_ARGV[1], ''), 'user_id');
BEGIN
  -- Bulk loads switch the feeds off and refresh once at the end (seed:scale).
  IF current_setting('crew.derived', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %1$I) FROM new_rows WHERE %1$I IS NOT NULL', col) INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %1$I) FROM old_rows WHERE %1$I IS NOT NULL', col) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT x) FROM (SELECT %1$I AS x FROM new_rows UNION SELECT %1$I FROM old_rows) s WHERE x IS NOT NULL', col) INTO ids;
  END IF;
  IF ids IS NOT NULL THEN
    EXECUTE format('SELECT %I($1)', TG_ARGV[0]) USING ids;
  END IF;
  RETURN NULL;
END;
$$;

-- Every area's derive function for `ids`, or for all applicants in chunks (ids null).
CREATE FUNCTION users_refresh_derived(ids integer[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fn text;
  chunk integer[];
  last_id integer;
BEGIN
  FOR fn IN
    SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = current_schema() AND p.proname LIKE 'users\_derive\_%' AND p.pronargs = 1
       AND p.proargtypes[0] = 'integer[]'::regtype AND p.prorettype = 'void'::regtype
     ORDER BY p.proname
  LOOP
    IF ids IS NOT NULL THEN
      EXECUTE format('SELECT %I($1)', fn) USING ids;
      CONTINUE;
    END IF;
    last_id := 0;
    LOOP
      SELECT array_agg(id ORDER BY id) INTO chunk FROM (SELECT id FROM users WHERE id > last_id ORDER BY id LIMIT 10000) s;
      EXIT WHEN chunk IS NULL;
      EXECUTE format('SELECT %I($1)', fn) USING chunk;
      last_id := chunk[array_length(chunk, 1)];
    END LOOP;
  END LOOP;
END;
$$;

-- Tags: tag_list, the sorted names (user_tags writes, tag renames and deletions).
CREATE FUNCTION users_derive_tags(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET tag_list = d.tag_list
    FROM (SELECT u2.id,
                 COALESCE((SELECT array_agg(t.name ORDER BY t.name) FROM user_tags ut JOIN tags t ON t.id = ut.tag_id
                            WHERE ut.user_id = u2.id), '{}') AS tag_list
            FROM users u2 WHERE u2.id = ANY (ids)) d
   WHERE u.id = d.id AND u.tag_list IS DISTINCT FROM d.tag_list
$$;
CREATE TRIGGER users_derive_tags_insert AFTER INSERT ON "user_tags" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_tags', 'user_id');
CREATE TRIGGER users_derive_tags_update AFTER UPDATE ON "user_tags" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_tags', 'user_id');
CREATE TRIGGER users_derive_tags_delete AFTER DELETE ON "user_tags" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_tags', 'user_id');

CREATE FUNCTION users_derived_on_tag_rename() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF current_setting('crew.derived', true) = 'off' THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT ut.user_id) INTO ids FROM user_tags ut
   WHERE ut.tag_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name);
  IF ids IS NOT NULL THEN
    PERFORM users_derive_tags(ids);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_derive_tags_rename AFTER UPDATE ON "tags" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_tag_rename();

-- Planning: vessel_planned_name and date_planned, the seafarer's next plan not yet on board
-- (to propose, pending approval or approved, not ended), from timeplans, their manning-scale
-- row and its vessel's name. Depends on today: the daily refresh moves it on.
CREATE FUNCTION users_derive_planning(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET vessel_planned_name = d.vessel_name, date_planned = d.start
    FROM (SELECT u2.id, nxt.vessel_name, nxt.start
            FROM users u2
            LEFT JOIN LATERAL (
              SELECT v.name AS vessel_name, tp.start
                FROM time_plans tp
                JOIN manning_scales ms ON ms.id = tp.manning_scale_id
                LEFT JOIN vessels v ON v.id = ms.vessel_id
               WHERE tp.user_id = u2.id AND tp."end" >= current_date
                 AND tp.status IN ('to_propose', 'pending_approval', 'approved')
               ORDER BY tp.start, tp.id
               LIMIT 1) nxt ON true
           WHERE u2.id = ANY (ids)) d
   WHERE u.id = d.id AND (u.vessel_planned_name IS DISTINCT FROM d.vessel_name OR u.date_planned IS DISTINCT FROM d.start)
$$;
CREATE TRIGGER users_derive_planning_insert AFTER INSERT ON "time_plans" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_planning', 'user_id');
CREATE TRIGGER users_derive_planning_update AFTER UPDATE ON "time_plans" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_planning', 'user_id');
CREATE TRIGGER users_derive_planning_delete AFTER DELETE ON "time_plans" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_planning', 'user_id');

-- A renamed vessel, or a manning-scale row moved to another vessel, renames the plans' vessel.
CREATE FUNCTION users_derived_on_plan_vessel() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF current_setting('crew.derived', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'vessels' THEN
    SELECT array_agg(DISTINCT tp.user_id) INTO ids FROM time_plans tp JOIN manning_scales ms ON ms.id = tp.manning_scale_id
     WHERE tp.user_id IS NOT NULL
       AND ms.vessel_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name);
  ELSE
    SELECT array_agg(DISTINCT tp.user_id) INTO ids FROM time_plans tp
     WHERE tp.user_id IS NOT NULL
       AND tp.manning_scale_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.vessel_id IS DISTINCT FROM o.vessel_id);
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM users_derive_planning(ids);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_derive_planning_vessel AFTER UPDATE ON "vessels" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_plan_vessel();
CREATE TRIGGER users_derive_planning_row AFTER UPDATE ON "manning_scales" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_plan_vessel();

-- Audit trail. The applicant's derived columns are left out (their own records are audited);
-- tags belong to the applicant (its History shows them); stars are personal and belong to no
-- record; a background task records its creation and removal, not its progress.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION audit_version('users', '', '',
  '~tag_list', '~last_expirience_id', '~vessel_last_name', '~vessel_last_rank_title', '~vessel_last_manager_name',
  '~vessel_last_date_on', '~last_contract_soff', '~search_vessel_names', '~vessel_planned_name', '~date_planned',
  '~promotions_count', '~promotions_roles', '~has_warnings', '~valid_state', '~valid_states', '~last_contact',
  '~ext_update', '~external_objects', '~search_document', '~search_phones', '~dedupe_keys');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "tags" FOR EACH ROW EXECUTE FUNCTION audit_version('tags', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "user_tags" FOR EACH ROW EXECUTE FUNCTION audit_version('user_tags', 'user_id', 'users');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "favorites" FOR EACH ROW EXECUTE FUNCTION audit_version('favorites', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "background_tasks" FOR EACH ROW EXECUTE FUNCTION audit_version('background_tasks', '', '',
  '~status', '~done', '~total', '~result', '~error', '~finished_at');
