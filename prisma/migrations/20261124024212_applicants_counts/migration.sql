-- DropIndex
DROP INDEX "users_vessel_last_name_idx";

-- CreateTable
CREATE TABLE "users_counts" (
    "archived" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL,
    "role_id" INTEGER NOT NULL,
    "crewing_status_id" INTEGER NOT NULL,
    "has_external" BOOLEAN NOT NULL,
    "n" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "users_counts_pkey" PRIMARY KEY ("archived","status","role_id","crewing_status_id","has_external")
);

-- CreateIndex
CREATE INDEX "users_vessel_last_name_id_idx" ON "users"("vessel_last_name", "id");

-- CreateIndex
CREATE INDEX "users_tag_list_idx" ON "users" USING GIN ("tag_list");



-- The list's totals by facet (docs/applicants.md "List and search"): one statement-level
-- trigger per event on users adds the statement's net change per facet combination, so a
-- filter on archived, status, rank, crewing status and external ids alone is counted from a
-- few rows. Updates that move no row between combinations (derived columns, names) write
-- nothing. Rows are written in key order so concurrent writers never deadlock on them.
CREATE FUNCTION users_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO users_counts AS c (archived, status, role_id, crewing_status_id, has_external, n)
    SELECT archived, coalesce(status, ''), coalesce(role_id, 0), coalesce(crewing_status_id, 0),
           (ukr_crewing_id IS NOT NULL OR crewell_id IS NOT NULL), count(*)
      FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (archived, status, role_id, crewing_status_id, has_external) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO users_counts AS c (archived, status, role_id, crewing_status_id, has_external, n)
    SELECT archived, coalesce(status, ''), coalesce(role_id, 0), coalesce(crewing_status_id, 0),
           (ukr_crewing_id IS NOT NULL OR crewell_id IS NOT NULL), -count(*)
      FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (archived, status, role_id, crewing_status_id, has_external) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO users_counts AS c (archived, status, role_id, crewing_status_id, has_external, n)
    SELECT k1, k2, k3, k4, k5, sum(d) FROM (
      SELECT archived AS k1, coalesce(status, '') AS k2, coalesce(role_id, 0) AS k3, coalesce(crewing_status_id, 0) AS k4,
             (ukr_crewing_id IS NOT NULL OR crewell_id IS NOT NULL) AS k5, 1 AS d FROM new_rows
      UNION ALL
      SELECT archived, coalesce(status, ''), coalesce(role_id, 0), coalesce(crewing_status_id, 0),
             (ukr_crewing_id IS NOT NULL OR crewell_id IS NOT NULL), -1 FROM old_rows
    ) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (archived, status, role_id, crewing_status_id, has_external) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_counts_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_counts_apply();
CREATE TRIGGER users_counts_update AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_counts_apply();
CREATE TRIGGER users_counts_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_counts_apply();

INSERT INTO users_counts (archived, status, role_id, crewing_status_id, has_external, n)
SELECT archived, coalesce(status, ''), coalesce(role_id, 0), coalesce(crewing_status_id, 0),
       (ukr_crewing_id IS NOT NULL OR crewell_id IS NOT NULL), count(*)
  FROM users GROUP BY 1, 2, 3, 4, 5;

-- The age filter's total: an index-only count of the listed (not archived) applicants' birthdays.
CREATE INDEX "users_count_birthday" ON "users" ("birthday") WHERE NOT "archived";
