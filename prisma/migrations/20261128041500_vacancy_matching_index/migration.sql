-- Vacancy matching (issue 18): the candidates holding a rank and ready by the joining date, in
-- one index range. Without it PostgreSQL ANDs the rank index with the readiness index, reading
-- ~180,000 readiness entries at 200,000 applicants (docs/vacancies.md "Matching"). Partial:
-- archived applicants are never candidates. Hand-written (schema.prisma has no partial index).
CREATE INDEX IF NOT EXISTS "users_match_rank_ready" ON "users" ("role_id", "readiness_date") WHERE NOT "archived";
