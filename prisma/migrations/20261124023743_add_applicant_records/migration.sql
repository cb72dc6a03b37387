-- Applicant records (docs/records.md). First the naming decision of the records issue: the
-- reference list of document kinds, which held the table `applicant_documents`, becomes
-- `applicant_document_kinds` (JSON:API type `applicant-documents`, spec 000 §7.2), and
-- `applicant_documents` becomes the applicant's own documents (spec 001 §7). Renamed, not
-- copied: the kinds keep their ids, rows and history.
ALTER TABLE "applicant_documents" RENAME TO "applicant_document_kinds";
ALTER TABLE "applicant_document_kinds" RENAME CONSTRAINT "applicant_documents_pkey" TO "applicant_document_kinds_pkey";
ALTER INDEX "applicant_documents_title_key" RENAME TO "applicant_document_kinds_title_key";
ALTER SEQUENCE "applicant_documents_id_seq" RENAME TO "applicant_document_kinds_id_seq";
DROP TRIGGER audit_version ON "applicant_document_kinds";
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "applicant_document_kinds"
  FOR EACH ROW EXECUTE FUNCTION audit_version('applicant-documents', '', '');
-- The kinds' history follows them to their new type.
UPDATE "versions" SET item_type = 'applicant-documents' WHERE item_type = 'applicant_documents';

-- CreateTable
CREATE TABLE "applicant_documents" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "n_tpd" INTEGER NOT NULL DEFAULT 1,
    "n_doc" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "valid_from" DATE,
    "valid_until" DATE,
    "issuing_country_id" INTEGER,
    "issued_by" TEXT,
    "role_id" INTEGER,
    "endorsement_id" INTEGER,
    "validity" TEXT NOT NULL DEFAULT 'valid',
    "expiry_line" INTEGER,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "applicant_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expiriences" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "role_id" INTEGER NOT NULL,
    "vessel_id" INTEGER,
    "vessel_name" TEXT NOT NULL,
    "vessel_imo" TEXT,
    "vessel_type_id" INTEGER,
    "vessel_flag_id" INTEGER,
    "vessel_deadweight" INTEGER,
    "engine_type_id" INTEGER,
    "engine_manufacturer_id" INTEGER,
    "vessel_manager" TEXT,
    "company_agent_id" INTEGER,
    "date_on" DATE NOT NULL,
    "date_off" DATE,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "expiriences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "experience_verifications" (
    "id" SERIAL NOT NULL,
    "expirience_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "result" TEXT NOT NULL DEFAULT 'pending',
    "contact_company" TEXT,
    "contact_person" TEXT,
    "contact_details" TEXT,
    "verified_on" DATE,
    "comment" TEXT,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "experience_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_performances" (
    "id" SERIAL NOT NULL,
    "expirience_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "doc_type" TEXT NOT NULL,
    "role_id" INTEGER,
    "rating" INTEGER,
    "date" DATE,
    "comment" TEXT,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_performances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "interviews" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "date" DATE,
    "interviewer_id" INTEGER,
    "role_id" INTEGER,
    "result" TEXT,
    "notes" TEXT,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "interviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "relatives" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "relation_type_id" INTEGER,
    "birthday" DATE,
    "phone" TEXT,
    "address" TEXT,
    "next_of_kin" BOOLEAN NOT NULL DEFAULT false,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "relatives_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recommendations" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "person" TEXT NOT NULL,
    "company" TEXT,
    "vessel_name" TEXT,
    "role_id" INTEGER,
    "contact" TEXT,
    "date" DATE,
    "text" TEXT,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recommendations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "english_test_results" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "english_test_type_id" INTEGER NOT NULL,
    "date" DATE,
    "score" INTEGER,
    "level" TEXT,
    "comment" TEXT,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "english_test_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attachments" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "addressable_type" TEXT,
    "addressable_id" INTEGER,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_settings" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_settings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "expiriences_user_id_date_on_idx" ON "expiriences"("user_id", "date_on");

-- CreateIndex
CREATE INDEX "expiriences_vessel_id_date_on_idx" ON "expiriences"("vessel_id", "date_on");

-- CreateIndex
CREATE INDEX "expiriences_vessel_imo_idx" ON "expiriences"("vessel_imo");

-- CreateIndex
CREATE INDEX "expiriences_role_id_idx" ON "expiriences"("role_id");

-- CreateIndex
CREATE INDEX "expiriences_vessel_type_id_idx" ON "expiriences"("vessel_type_id");

-- CreateIndex
CREATE INDEX "expiriences_engine_type_id_idx" ON "expiriences"("engine_type_id");

-- CreateIndex
CREATE INDEX "expiriences_engine_manufacturer_id_idx" ON "expiriences"("engine_manufacturer_id");

-- CreateIndex
CREATE INDEX "expiriences_vessel_deadweight_idx" ON "expiriences"("vessel_deadweight");

-- CreateIndex
CREATE INDEX "expiriences_company_agent_id_idx" ON "expiriences"("company_agent_id");

-- CreateIndex
CREATE INDEX "expiriences_author_id_idx" ON "expiriences"("author_id");

-- CreateIndex
CREATE INDEX "experience_verifications_expirience_id_created_at_idx" ON "experience_verifications"("expirience_id", "created_at");

-- CreateIndex
CREATE INDEX "experience_verifications_user_id_idx" ON "experience_verifications"("user_id");

-- CreateIndex
CREATE INDEX "experience_verifications_author_id_idx" ON "experience_verifications"("author_id");

-- CreateIndex
CREATE INDEX "user_performances_expirience_id_created_at_idx" ON "user_performances"("expirience_id", "created_at");

-- CreateIndex
CREATE INDEX "user_performances_user_id_doc_type_idx" ON "user_performances"("user_id", "doc_type");

-- CreateIndex
CREATE INDEX "user_performances_role_id_idx" ON "user_performances"("role_id");

-- CreateIndex
CREATE INDEX "user_performances_author_id_idx" ON "user_performances"("author_id");

-- CreateIndex
CREATE INDEX "interviews_user_id_date_idx" ON "interviews"("user_id", "date");

-- CreateIndex
CREATE INDEX "interviews_interviewer_id_idx" ON "interviews"("interviewer_id");

-- CreateIndex
CREATE INDEX "interviews_role_id_idx" ON "interviews"("role_id");

-- CreateIndex
CREATE INDEX "interviews_author_id_idx" ON "interviews"("author_id");

-- CreateIndex
CREATE INDEX "relatives_user_id_idx" ON "relatives"("user_id");

-- CreateIndex
CREATE INDEX "relatives_relation_type_id_idx" ON "relatives"("relation_type_id");

-- CreateIndex
CREATE INDEX "relatives_author_id_idx" ON "relatives"("author_id");

-- CreateIndex
CREATE INDEX "recommendations_user_id_idx" ON "recommendations"("user_id");

-- CreateIndex
CREATE INDEX "recommendations_role_id_idx" ON "recommendations"("role_id");

-- CreateIndex
CREATE INDEX "recommendations_author_id_idx" ON "recommendations"("author_id");

-- CreateIndex
CREATE INDEX "english_test_results_user_id_date_idx" ON "english_test_results"("user_id", "date");

-- CreateIndex
CREATE INDEX "english_test_results_english_test_type_id_idx" ON "english_test_results"("english_test_type_id");

-- CreateIndex
CREATE INDEX "english_test_results_author_id_idx" ON "english_test_results"("author_id");

-- CreateIndex
CREATE INDEX "attachments_user_id_created_at_idx" ON "attachments"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "attachments_addressable_type_addressable_id_idx" ON "attachments"("addressable_type", "addressable_id");

-- CreateIndex
CREATE INDEX "attachments_author_id_idx" ON "attachments"("author_id");

-- CreateIndex
CREATE UNIQUE INDEX "app_settings_key_key" ON "app_settings"("key");

-- CreateIndex
CREATE UNIQUE INDEX "applicant_documents_endorsement_id_key" ON "applicant_documents"("endorsement_id");

-- CreateIndex
CREATE INDEX "applicant_documents_user_id_sequence_idx" ON "applicant_documents"("user_id", "sequence");

-- CreateIndex
CREATE INDEX "applicant_documents_n_doc_idx" ON "applicant_documents"("n_doc");

-- CreateIndex
CREATE INDEX "applicant_documents_valid_until_idx" ON "applicant_documents"("valid_until");

-- CreateIndex
CREATE INDEX "applicant_documents_issuing_country_id_idx" ON "applicant_documents"("issuing_country_id");

-- CreateIndex
CREATE INDEX "applicant_documents_role_id_idx" ON "applicant_documents"("role_id");

-- CreateIndex
CREATE INDEX "applicant_documents_author_id_idx" ON "applicant_documents"("author_id");

-- CreateIndex
CREATE INDEX "users_last_expirience_id_idx" ON "users"("last_expirience_id");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_last_expirience_id_fkey" FOREIGN KEY ("last_expirience_id") REFERENCES "expiriences"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expiriences" ADD CONSTRAINT "expiriences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expiriences" ADD CONSTRAINT "expiriences_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expiriences" ADD CONSTRAINT "expiriences_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expiriences" ADD CONSTRAINT "expiriences_vessel_type_id_fkey" FOREIGN KEY ("vessel_type_id") REFERENCES "vessel_types"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expiriences" ADD CONSTRAINT "expiriences_vessel_flag_id_fkey" FOREIGN KEY ("vessel_flag_id") REFERENCES "countries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expiriences" ADD CONSTRAINT "expiriences_engine_type_id_fkey" FOREIGN KEY ("engine_type_id") REFERENCES "engine_types"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expiriences" ADD CONSTRAINT "expiriences_engine_manufacturer_id_fkey" FOREIGN KEY ("engine_manufacturer_id") REFERENCES "engine_manufacturers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expiriences" ADD CONSTRAINT "expiriences_company_agent_id_fkey" FOREIGN KEY ("company_agent_id") REFERENCES "crewing_agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expiriences" ADD CONSTRAINT "expiriences_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experience_verifications" ADD CONSTRAINT "experience_verifications_expirience_id_fkey" FOREIGN KEY ("expirience_id") REFERENCES "expiriences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experience_verifications" ADD CONSTRAINT "experience_verifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experience_verifications" ADD CONSTRAINT "experience_verifications_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_performances" ADD CONSTRAINT "user_performances_expirience_id_fkey" FOREIGN KEY ("expirience_id") REFERENCES "expiriences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_performances" ADD CONSTRAINT "user_performances_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_performances" ADD CONSTRAINT "user_performances_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_performances" ADD CONSTRAINT "user_performances_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applicant_documents" ADD CONSTRAINT "applicant_documents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applicant_documents" ADD CONSTRAINT "applicant_documents_n_doc_fkey" FOREIGN KEY ("n_doc") REFERENCES "applicant_document_kinds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applicant_documents" ADD CONSTRAINT "applicant_documents_issuing_country_id_fkey" FOREIGN KEY ("issuing_country_id") REFERENCES "countries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applicant_documents" ADD CONSTRAINT "applicant_documents_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applicant_documents" ADD CONSTRAINT "applicant_documents_endorsement_id_fkey" FOREIGN KEY ("endorsement_id") REFERENCES "applicant_documents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applicant_documents" ADD CONSTRAINT "applicant_documents_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewer_id_fkey" FOREIGN KEY ("interviewer_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "relatives" ADD CONSTRAINT "relatives_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "relatives" ADD CONSTRAINT "relatives_relation_type_id_fkey" FOREIGN KEY ("relation_type_id") REFERENCES "relation_types"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "relatives" ADD CONSTRAINT "relatives_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "english_test_results" ADD CONSTRAINT "english_test_results_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "english_test_results" ADD CONSTRAINT "english_test_results_english_test_type_id_fkey" FOREIGN KEY ("english_test_type_id") REFERENCES "english_test_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "english_test_results" ADD CONSTRAINT "english_test_results_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- ---------------------------------------------------------------------------------------
-- Applicant records by hand (docs/records.md): what schema.prisma cannot say.

-- The nets under the API's own 422s.
ALTER TABLE "expiriences" ADD CONSTRAINT "records_expiriences_dates_in_order" CHECK ("date_off" IS NULL OR "date_off" >= "date_on");
ALTER TABLE "applicant_documents" ADD CONSTRAINT "records_documents_dates_in_order" CHECK ("valid_until" IS NULL OR "valid_from" IS NULL OR "valid_until" >= "valid_from");
ALTER TABLE "applicant_documents" ADD CONSTRAINT "records_documents_n_tpd" CHECK ("n_tpd" IN (1, 2, 3));

-- The coincidence check (experience_verifications/check_coincidences) finds service on a ship
-- by IMO (an index of schema.prisma) or, without IMO, by name whatever its case and spacing.
CREATE INDEX "records_expiriences_vessel_key" ON "expiriences" (upper(btrim("vessel_name")), "date_on");

-- Document warning lines (days before expiry; DOCUMENT_EXPIRY_WARNING_DAYS): kept here so
-- every path that writes a document (API, jobs, bulk loads, raw SQL) places it the same way.
-- The hourly `document-validity` job writes the configured lines and moves documents on.
INSERT INTO "app_settings" ("key", "value") VALUES ('document_expiry_days', '[90, 60, 30]');

CREATE FUNCTION document_expiry_days() RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT COALESCE(
    (SELECT array_agg(x::integer ORDER BY x::integer DESC)
       FROM app_settings s, jsonb_array_elements_text(s.value) AS x WHERE s.key = 'document_expiry_days'),
    '{90,60,30}')
$$;

-- The line an expiry date is inside on a day: 0 expired (the day after valid_until), else the
-- narrowest line (days) it is within, null beyond every line or when it never expires.
CREATE FUNCTION document_expiry_line(valid_until date, on_day date, lines integer[]) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN valid_until IS NULL THEN NULL
    WHEN valid_until < on_day THEN 0
    ELSE (SELECT min(l) FROM unnest(lines) AS l WHERE valid_until - on_day <= l)
  END
$$;

CREATE FUNCTION document_validity(line integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN line = 0 THEN 'expired' WHEN line IS NULL THEN 'valid' ELSE 'expiring' END
$$;

-- A document written with an expiry date is placed at once (the job moves it on with time).
CREATE FUNCTION applicant_documents_validity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.expiry_line := document_expiry_line(NEW.valid_until, current_date, document_expiry_days());
  NEW.validity := document_validity(NEW.expiry_line);
  RETURN NEW;
END;
$$;
CREATE TRIGGER applicant_documents_validity BEFORE INSERT OR UPDATE OF "valid_until" ON "applicant_documents"
  FOR EACH ROW EXECUTE FUNCTION applicant_documents_validity();

-- Derived columns of `users` (docs/applicants.md "Derived columns: how an area plugs in").

-- Sea service: the record with the latest date_on (ties: the highest id) and the vessel names of all.
CREATE FUNCTION users_derive_sea_service(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u
     SET last_expirience_id = d.expirience_id, vessel_last_name = d.vessel_name, vessel_last_rank_title = d.rank_title,
         vessel_last_manager_name = d.manager, vessel_last_date_on = d.date_on, last_contract_soff = d.date_off,
         search_vessel_names = d.names
    FROM (SELECT u2.id, last.id AS expirience_id, last.vessel_name, last.rank_title, last.manager, last.date_on, last.date_off,
                 COALESCE((SELECT array_agg(DISTINCT e.vessel_name ORDER BY e.vessel_name) FROM expiriences e WHERE e.user_id = u2.id), '{}') AS names
            FROM users u2
            LEFT JOIN LATERAL (
              SELECT e.id, e.vessel_name, r.title AS rank_title, e.vessel_manager AS manager, e.date_on, e.date_off
                FROM expiriences e LEFT JOIN ranks r ON r.id = e.role_id
               WHERE e.user_id = u2.id
               ORDER BY e.date_on DESC, e.id DESC
               LIMIT 1) last ON true
           WHERE u2.id = ANY (ids)) d
   WHERE u.id = d.id
     AND (u.last_expirience_id IS DISTINCT FROM d.expirience_id OR u.vessel_last_name IS DISTINCT FROM d.vessel_name
          OR u.vessel_last_rank_title IS DISTINCT FROM d.rank_title OR u.vessel_last_manager_name IS DISTINCT FROM d.manager
          OR u.vessel_last_date_on IS DISTINCT FROM d.date_on OR u.last_contract_soff IS DISTINCT FROM d.date_off
          OR u.search_vessel_names IS DISTINCT FROM d.names)
$$;
CREATE TRIGGER users_derive_sea_service_insert AFTER INSERT ON "expiriences" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_sea_service', 'user_id');
CREATE TRIGGER users_derive_sea_service_update AFTER UPDATE ON "expiriences" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_sea_service', 'user_id');
CREATE TRIGGER users_derive_sea_service_delete AFTER DELETE ON "expiriences" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_sea_service', 'user_id');

-- Documents: per kind (an endorsement counted apart from its certificate) the best of its
-- documents (a renewed certificate supersedes the expired one); valid_state the worst kind.
CREATE FUNCTION users_derive_documents(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH per_kind AS (
    SELECT ad.user_id,
           k.title || CASE WHEN ad.n_tpd = 3 THEN ' (endorsement)' ELSE '' END AS kind,
           min(CASE ad.validity WHEN 'expired' THEN 2 WHEN 'expiring' THEN 1 ELSE 0 END) AS grade
      FROM applicant_documents ad JOIN applicant_document_kinds k ON k.id = ad.n_doc
     WHERE ad.user_id = ANY (ids)
     GROUP BY 1, 2
  ), per_user AS (
    SELECT u2.id,
           (SELECT CASE max(p.grade) WHEN 0 THEN 'valid' WHEN 1 THEN 'expiring' WHEN 2 THEN 'expired' END
              FROM per_kind p WHERE p.user_id = u2.id) AS valid_state,
           COALESCE((SELECT jsonb_object_agg(p.kind, CASE p.grade WHEN 0 THEN 'valid' WHEN 1 THEN 'expiring' ELSE 'expired' END)
                       FROM per_kind p WHERE p.user_id = u2.id), '{}'::jsonb) AS valid_states
      FROM users u2 WHERE u2.id = ANY (ids)
  )
  UPDATE users u SET valid_state = d.valid_state, valid_states = d.valid_states
    FROM per_user d
   WHERE u.id = d.id AND (u.valid_state IS DISTINCT FROM d.valid_state OR u.valid_states IS DISTINCT FROM d.valid_states)
$$;
CREATE TRIGGER users_derive_documents_insert AFTER INSERT ON "applicant_documents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_documents', 'user_id');
CREATE TRIGGER users_derive_documents_update AFTER UPDATE ON "applicant_documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_documents', 'user_id');
CREATE TRIGGER users_derive_documents_delete AFTER DELETE ON "applicant_documents" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_documents', 'user_id');

-- Performance: promotions (count and the ranks promoted to, in date order) and has_warnings
-- (a warning or a not-for-rehire mark on any contract).
CREATE FUNCTION users_derive_promotions(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET promotions_count = d.n, promotions_roles = d.roles, has_warnings = d.warnings
    FROM (SELECT u2.id,
                 (SELECT count(*)::integer FROM user_performances p WHERE p.user_id = u2.id AND p.doc_type = 'promotion') AS n,
                 COALESCE((SELECT array_agg(r.title ORDER BY p.date NULLS LAST, p.id) FROM user_performances p JOIN ranks r ON r.id = p.role_id
                            WHERE p.user_id = u2.id AND p.doc_type = 'promotion'), '{}') AS roles,
                 EXISTS (SELECT 1 FROM user_performances p WHERE p.user_id = u2.id AND p.doc_type IN ('warning', 'not_recommended')) AS warnings
            FROM users u2 WHERE u2.id = ANY (ids)) d
   WHERE u.id = d.id
     AND (u.promotions_count IS DISTINCT FROM d.n OR u.promotions_roles IS DISTINCT FROM d.roles OR u.has_warnings IS DISTINCT FROM d.warnings)
$$;
CREATE TRIGGER users_derive_promotions_insert AFTER INSERT ON "user_performances" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_promotions', 'user_id');
CREATE TRIGGER users_derive_promotions_update AFTER UPDATE ON "user_performances" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_promotions', 'user_id');
CREATE TRIGGER users_derive_promotions_delete AFTER DELETE ON "user_performances" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_promotions', 'user_id');

-- Values read further away: a renamed rank (the last sea service's rank, the ranks promoted to)
-- and a renamed document kind (the keys of valid_states).
CREATE FUNCTION users_derived_on_record_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF current_setting('crew.derived', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'ranks' THEN
    SELECT array_agg(DISTINCT x) INTO ids FROM (
      SELECT u.id AS x FROM users u JOIN expiriences e ON e.id = u.last_expirience_id
       WHERE e.role_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.title IS DISTINCT FROM o.title)
      UNION
      SELECT p.user_id FROM user_performances p
       WHERE p.doc_type = 'promotion'
         AND p.role_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.title IS DISTINCT FROM o.title)) s;
    IF ids IS NOT NULL THEN
      PERFORM users_derive_sea_service(ids);
      PERFORM users_derive_promotions(ids);
    END IF;
  ELSE
    SELECT array_agg(DISTINCT ad.user_id) INTO ids FROM applicant_documents ad
     WHERE ad.n_doc IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.title IS DISTINCT FROM o.title);
    IF ids IS NOT NULL THEN
      PERFORM users_derive_documents(ids);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_derive_records_rank_names AFTER UPDATE ON "ranks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_record_names();
CREATE TRIGGER users_derive_records_kind_names AFTER UPDATE ON "applicant_document_kinds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_record_names();

-- The list's sea-service filters (docs/applicants.md "The sea-service filters read a view"):
-- one row per sea-service record, its vessel's particulars as kept on the row.
CREATE OR REPLACE VIEW "users_sea_service" AS
  SELECT e.user_id, e.vessel_deadweight AS deadweight, e.vessel_type_id, e.engine_type_id,
         e.engine_manufacturer_id, e.vessel_manager AS company_name
    FROM expiriences e;

-- Records deleted with their applicant (ON DELETE CASCADE) lose their file rows too; the
-- objects then belong to nobody and the daily purge-orphan-files job deletes them. Attachments
-- addressed to a deleted record stay with the applicant (nothing a recruiter uploaded is lost).
CREATE FUNCTION records_forget_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stored_files f USING old_rows o WHERE f.record_type = TG_ARGV[0] AND f.record_id = o.id;
  IF TG_ARGV[0] <> 'attachments' THEN
    UPDATE attachments a SET addressable_type = NULL, addressable_id = NULL
      FROM old_rows o WHERE a.addressable_type = TG_ARGV[0] AND a.addressable_id = o.id;
  END IF;
  RETURN NULL;
END;
$$;

-- Audit trail: every record belongs to its applicant (its History shows them). A document's
-- validity, line and display order are derived or cosmetic and left out of the trail.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "expiriences" FOR EACH ROW EXECUTE FUNCTION audit_version('expiriences', 'user_id', 'users');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "experience_verifications" FOR EACH ROW EXECUTE FUNCTION audit_version('experience_verifications', 'user_id', 'users');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "user_performances" FOR EACH ROW EXECUTE FUNCTION audit_version('user_performances', 'user_id', 'users');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "applicant_documents" FOR EACH ROW EXECUTE FUNCTION audit_version('applicant_documents', 'user_id', 'users',
  '~validity', '~expiry_line', '~sequence');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "interviews" FOR EACH ROW EXECUTE FUNCTION audit_version('interviews', 'user_id', 'users');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "relatives" FOR EACH ROW EXECUTE FUNCTION audit_version('relatives', 'user_id', 'users');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "recommendations" FOR EACH ROW EXECUTE FUNCTION audit_version('recommendations', 'user_id', 'users');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "english_test_results" FOR EACH ROW EXECUTE FUNCTION audit_version('english_test_results', 'user_id', 'users');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "attachments" FOR EACH ROW EXECUTE FUNCTION audit_version('attachments', 'user_id', 'users');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "app_settings" FOR EACH ROW EXECUTE FUNCTION audit_version('app_settings', '', '');
CREATE TRIGGER records_forget_deleted AFTER DELETE ON "expiriences" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION records_forget_deleted('expiriences');
CREATE TRIGGER records_forget_deleted AFTER DELETE ON "experience_verifications" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION records_forget_deleted('experience_verifications');
CREATE TRIGGER records_forget_deleted AFTER DELETE ON "user_performances" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION records_forget_deleted('user_performances');
CREATE TRIGGER records_forget_deleted AFTER DELETE ON "applicant_documents" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION records_forget_deleted('applicant_documents');
CREATE TRIGGER records_forget_deleted AFTER DELETE ON "interviews" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION records_forget_deleted('interviews');
CREATE TRIGGER records_forget_deleted AFTER DELETE ON "relatives" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION records_forget_deleted('relatives');
CREATE TRIGGER records_forget_deleted AFTER DELETE ON "recommendations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION records_forget_deleted('recommendations');
CREATE TRIGGER records_forget_deleted AFTER DELETE ON "english_test_results" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION records_forget_deleted('english_test_results');
CREATE TRIGGER records_forget_deleted AFTER DELETE ON "attachments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION records_forget_deleted('attachments');
