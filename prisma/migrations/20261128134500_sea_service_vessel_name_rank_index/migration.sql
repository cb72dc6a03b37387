-- The coincidence check's vessel-name branch (docs/records.md "Benchmark"): with only
-- (upper(btrim(vessel_name)), date_on) the planner ANDed it with expiriences_role_id_idx and
-- read ~72,000 entries of the rank to keep a handful (4-8 ms of a ~12 ms check at 200,000 applicants).
CREATE INDEX IF NOT EXISTS "records_expiriences_vessel_key_rank" ON "expiriences" (upper(btrim("vessel_name")), "role_id", "date_on");
