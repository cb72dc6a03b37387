-- The list's sea-service filters over the records area's sea service (docs/applicants.md
-- "The sea-service filters read a view"): deadweight, vessel type, main engine type and
-- maker, and the company (manager) served with, one row per sea-service record.
CREATE OR REPLACE VIEW "users_sea_service" AS
  SELECT e.user_id, e.vessel_deadweight AS deadweight, e.vessel_type_id, e.engine_type_id,
         e.engine_manufacturer_id, e.vessel_manager AS company_name
    FROM expiriences e;

-- "with such a company" matches part of the name (ILIKE '%…%'): a trigram index keeps it off a
-- scan of every sea-service record. Hand-written (operator class); the drift test lists users_sea_service_*.
CREATE INDEX "users_sea_service_company_trgm" ON "expiriences" USING GIN ("vessel_manager" gin_trgm_ops);
