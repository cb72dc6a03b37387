-- AlterTable
ALTER TABLE "users" ADD COLUMN     "sea_companies" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "sea_deadweights" int4multirange,
ADD COLUMN     "sea_engine_manufacturer_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "sea_engine_type_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "sea_vessel_type_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- CreateIndex
CREATE INDEX "users_sea_vessel_type_ids_idx" ON "users" USING GIN ("sea_vessel_type_ids");

-- CreateIndex
CREATE INDEX "users_sea_engine_type_ids_idx" ON "users" USING GIN ("sea_engine_type_ids");

-- CreateIndex
CREATE INDEX "users_sea_engine_manufacturer_ids_idx" ON "users" USING GIN ("sea_engine_manufacturer_ids");



-- The list's sea-service filters from the applicant row (docs/applicants.md "Filters"): the
-- ship types, main-engine types and makers of all the applicant's sea service (GIN), the
-- deadweights as a multirange (GiST: "a ship between from and to"), the companies served with
-- (trigram). Kept by this area's own feed from the records' sea service, like any derived column.
CREATE INDEX "users_sea_deadweights_idx" ON "users" USING GIST ("sea_deadweights");
CREATE INDEX "users_sea_companies_trgm" ON "users" USING GIN ("sea_companies" gin_trgm_ops);

CREATE FUNCTION users_derive_sea_facets(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u
     SET sea_vessel_type_ids = d.types, sea_engine_type_ids = d.engines, sea_engine_manufacturer_ids = d.makers,
         sea_deadweights = d.deadweights, sea_companies = d.companies
    FROM (SELECT u2.id,
                 COALESCE(a.types, '{}') AS types, COALESCE(a.engines, '{}') AS engines, COALESCE(a.makers, '{}') AS makers,
                 a.deadweights, COALESCE(a.companies, '') AS companies
            FROM users u2
            LEFT JOIN LATERAL (
              SELECT array_agg(DISTINCT e.vessel_type_id ORDER BY e.vessel_type_id) FILTER (WHERE e.vessel_type_id IS NOT NULL) AS types,
                     array_agg(DISTINCT e.engine_type_id ORDER BY e.engine_type_id) FILTER (WHERE e.engine_type_id IS NOT NULL) AS engines,
                     array_agg(DISTINCT e.engine_manufacturer_id ORDER BY e.engine_manufacturer_id) FILTER (WHERE e.engine_manufacturer_id IS NOT NULL) AS makers,
                     range_agg(int4range(e.vessel_deadweight, e.vessel_deadweight, '[]')) FILTER (WHERE e.vessel_deadweight IS NOT NULL) AS deadweights,
                     string_agg(DISTINCT e.vessel_manager, ' | ' ORDER BY e.vessel_manager) AS companies
                FROM expiriences e WHERE e.user_id = u2.id) a ON true
           WHERE u2.id = ANY (ids)) d
   WHERE u.id = d.id
     AND (u.sea_vessel_type_ids IS DISTINCT FROM d.types OR u.sea_engine_type_ids IS DISTINCT FROM d.engines
          OR u.sea_engine_manufacturer_ids IS DISTINCT FROM d.makers OR u.sea_deadweights IS DISTINCT FROM d.deadweights
          OR u.sea_companies IS DISTINCT FROM d.companies)
$$;
CREATE TRIGGER users_derive_sea_facets_insert AFTER INSERT ON "expiriences" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_sea_facets', 'user_id');
CREATE TRIGGER users_derive_sea_facets_update AFTER UPDATE ON "expiriences" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_sea_facets', 'user_id');
CREATE TRIGGER users_derive_sea_facets_delete AFTER DELETE ON "expiriences" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_derived_on_rows('users_derive_sea_facets', 'user_id');

-- The trail leaves the new derived columns out too.
DROP TRIGGER audit_version ON "users";
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION audit_version('users', '', '',
  '~tag_list', '~last_expirience_id', '~vessel_last_name', '~vessel_last_rank_title', '~vessel_last_manager_name',
  '~vessel_last_date_on', '~last_contract_soff', '~search_vessel_names', '~vessel_planned_name', '~date_planned',
  '~promotions_count', '~promotions_roles', '~has_warnings', '~valid_state', '~valid_states', '~last_contact',
  '~ext_update', '~external_objects', '~search_document', '~search_phones', '~dedupe_keys',
  '~sea_vessel_type_ids', '~sea_engine_type_ids', '~sea_engine_manufacturer_ids', '~sea_deadweights', '~sea_companies');

-- The applicants there are now (a chunk of 10,000 at a time), outside the trail.
SELECT set_config('crew.audit', 'off', true);
DO $$
DECLARE
  last_id integer := 0;
  chunk integer[];
BEGIN
  LOOP
    SELECT array_agg(id ORDER BY id) INTO chunk FROM (SELECT id FROM users WHERE id > last_id ORDER BY id LIMIT 10000) s;
    EXIT WHEN chunk IS NULL;
    PERFORM users_derive_sea_facets(chunk);
    last_id := chunk[array_length(chunk, 1)];
  END LOOP;
END $$;
SELECT set_config('crew.audit', '', true);
