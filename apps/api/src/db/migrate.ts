import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { findUp } from "../lib/find-up.js";

/**
 * Applies prisma/migrations/<name>/migration.sql in name order and records each in
 * `_prisma_migrations` exactly as `prisma migrate deploy` does (same table, checksum =
 * sha256 of the file, same advisory lock key), so either tool can take over. Prisma's own
 * migrate engine cannot be downloaded on our machines (docs/decisions.md).
 */
const PRISMA_ADVISORY_LOCK = 72707369;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface TMigration {
  name: string;
  sql: string;
  checksum: string;
}

export const migrationsDir = (): string => {
  const dir = findUp("prisma/migrations");
  if (!dir) throw new Error("prisma/migrations not found");
  return dir;
};

export const readMigrations = (dir = migrationsDir()): TMigration[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });

export interface TMigrateResult {
  applied: string[];
  skipped: string[];
}

export const migrate = async (
  connectionString: string,
  log: (msg: string) => void = () => {},
): Promise<TMigrateResult> => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const result: TMigrateResult = { applied: [], skipped: [] };
  try {
    // Two processes starting at once: the second waits here, then finds nothing to do.
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);
    const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed)
      throw new Error(`Migration ${failed.migration_name} failed earlier; resolve it before starting.`);
    const done = new Map(rows.filter((r) => r.finished_at).map((r) => [r.migration_name, r.checksum]));
    for (const m of readMigrations()) {
      const recorded = done.get(m.name);
      if (recorded !== undefined) {
        if (recorded !== m.checksum) log(`warning: migration ${m.name} was changed after it was applied`);
        result.skipped.push(m.name);
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`);
      }
      log(`applied migration ${m.name}`);
      result.applied.push(m.name);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => undefined);
    await client.end();
  }
  return result;
};
