import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findUp } from "../src/lib/find-up.js";
import { prismaDiffSql } from "../scripts/prisma-diff.mjs";

/**
 * Fails when prisma/schema.prisma and the database our migrations build disagree: the SQL
 * Prisma itself would write for schema.prisma is applied into a schema of its own next to
 * the migrated `public`, and the two catalogs are compared. A failure means a migration is
 * missing or wrong: `pnpm db:migration <name>` writes one (docs/database.md).
 */

// One line per fact Prisma's schema decides; names qualified by the schema are made neutral.
const CATALOG_QUERIES = {
  column: `
    SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
           || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE ' NULL' END
           || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
           || CASE WHEN a.attidentity <> '' THEN ' IDENTITY ' || a.attidentity::text ELSE '' END AS line
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'`,
  index: `
    SELECT t.relname || ': ' || pg_get_indexdef(i.oid) AS line
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = $1 AND t.relname <> '_prisma_migrations'`,
  // NOT NULL (contype n, PostgreSQL 18) is covered by the columns.
  constraint: `
    SELECT t.relname || ': ' || con.conname || ' ' || pg_get_constraintdef(con.oid) AS line
      FROM pg_constraint con
      JOIN pg_class t ON t.oid = con.conrelid
      JOIN pg_namespace n ON n.oid = con.connamespace
     WHERE n.nspname = $1 AND con.contype <> 'n' AND t.relname <> '_prisma_migrations'`,
  enum: `
    SELECT t.typname || ' (' || string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) || ')' AS line
      FROM pg_type t
      JOIN pg_enum e ON e.enumtypid = t.oid
      JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = $1
     GROUP BY t.typname`,
} as const;

/**
 * Runs `work` with a search_path set for one transaction only. The embedded PGlite is a
 * single session shared by every connection: a plain SET would outlive this test and send
 * the next test file's queries to the wrong schema.
 */
const withSearchPath = async <T>(client: pg.Client, path: string, work: () => Promise<T>): Promise<T> => {
  await client.query("BEGIN");
  try {
    await client.query(`SET LOCAL search_path TO ${path}`);
    const result = await work();
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
};

// Both schemas are read fully qualified (search_path pg_catalog), then the qualifier is dropped.
const catalog = (client: pg.Client, schema: string): Promise<string[]> =>
  withSearchPath(client, "pg_catalog", async () => {
    const unqualify = (line: string) => line.replaceAll(`"${schema}".`, "").replaceAll(`${schema}.`, "");
    const lines: string[] = [];
    for (const [kind, sql] of Object.entries(CATALOG_QUERIES)) {
      const { rows } = await client.query<{ line: string }>(sql, [schema]);
      lines.push(...rows.map((r) => `${kind} ${unqualify(r.line)}`));
    }
    return lines.sort();
  });

/**
 * What migrations add by hand because schema.prisma cannot say it (each with its reason in its
 * migration): the timeplans' exclusion constraints (no overlapping plans) and the date check;
 * the applicants' search indexes (GIN over a tsvector and trigram operators) and their NULLS LAST sort indexes.
 */
const HAND_WRITTEN = [
  /time_plans_row_no_overlap/,
  /time_plans_seafarer_no_overlap/,
  /time_plans_dates_in_order/,
  /users_search_document_idx/,
  /users_search_phones_idx/,
  /users_sort_/,
  /users_count_birthday/,
  // The default order of listed applicants, index-only (partial).
  /users_listed_created_at/,
  // Vacancy matching: rank and readiness of applicants not archived (partial).
  /users_match_rank_ready/,
  /users_sea_service_/,
  /users_sea_deadweights_idx/,
  /users_sea_companies_trgm/,
  // Applicant records: date and kind checks, the vessel-name expression index of the coincidence check.
  /records_/,
  // Comments: which addressable types exist, a comment type's direction and a result's effect.
  /comments_addressable_check/,
  /comment_types_direction_check/,
  /comment_event_results_effect_check/,
  // Tasks (issue 18): the status list, an item named whole or not at all, not its own parent, a watcher's reason.
  /tasks_status_check/,
  /tasks_item_check/,
  /tasks_not_own_parent_check/,
  /task_watchers_reason_check/,
  // The session cache's guard (issue 20): deferred constraint triggers refusing unannounced revocations.
  /crew_revocation_guard/,
];

const compare = (migrated: string[], expected: string[]) => ({
  missingFromMigrations: expected.filter((l) => !migrated.includes(l)),
  notInSchemaPrisma: migrated.filter((l) => !expected.includes(l) && !HAND_WRITTEN.some((p) => p.test(l))),
});

describe("schema.prisma and the migrations", () => {
  const expectedSchema = `expected_${randomUUID().slice(0, 8)}`;
  let client: pg.Client;

  beforeAll(async () => {
    const schemaFile = findUp("prisma/schema.prisma");
    if (!schemaFile) throw new Error("prisma/schema.prisma not found");
    // Before our own connection: the embedded database takes one connection at a time.
    const sql = await prismaDiffSql("empty", schemaFile, { databaseUrl: inject("databaseUrl") });
    client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    await client.query(`CREATE SCHEMA "${expectedSchema}"`);
    await withSearchPath(client, `"${expectedSchema}"`, () => client.query(sql));
  }, 180_000);

  afterAll(async () => {
    await client?.query(`DROP SCHEMA IF EXISTS "${expectedSchema}" CASCADE`);
    await client?.end();
  });

  it("agree: tables, columns, types, nullability, defaults, indexes, keys and enums", async () => {
    const migrated = await catalog(client, "public");
    const expected = await catalog(client, expectedSchema);
    expect(expected.length).toBeGreaterThan(50);
    expect(compare(migrated, expected)).toEqual({ missingFromMigrations: [], notInSchemaPrisma: [] });
  });

  it("the comparison notices a changed column and a missing index", async () => {
    await client.query(`ALTER TABLE "${expectedSchema}".sessions ALTER COLUMN device DROP NOT NULL`);
    await client.query(`DROP INDEX "${expectedSchema}".sessions_client_id_created_at_idx`);
    const { missingFromMigrations, notInSchemaPrisma } = compare(
      await catalog(client, "public"),
      await catalog(client, expectedSchema),
    );
    expect(missingFromMigrations).toEqual(["column sessions.device text NULL"]);
    expect(notInSchemaPrisma).toEqual([
      "column sessions.device text NOT NULL",
      expect.stringMatching(
        /^index sessions: CREATE INDEX sessions_client_id_created_at_idx ON sessions USING btree \(client_id, created_at\)$/,
      ),
    ]);
  });
});
