-- Search strategies (docs/database.md "Search"): trigram indexes (pg_trgm) serve ILIKE '%word%'
-- on large lists, unaccent matches names whatever their diacritics. Both are PostgreSQL contrib
-- modules; the embedded PGlite loads them (db/embedded.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
