import { createHash } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { startEmbeddedDatabase } from "../src/db/embedded.js";
import { migrate, readMigrations, type TMigrateResult } from "../src/db/migrate.js";

interface TMigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
  started_at: Date;
  applied_steps_count: number;
}

const migrationRows = async (url: string): Promise<TMigrationRow[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<TMigrationRow>(`SELECT * FROM "_prisma_migrations" ORDER BY migration_name`))
      .rows;
  } finally {
    await client.end();
  }
};

/** The rows `prisma migrate deploy` would have written, so it can take over this database. */
const expectPrismaRows = (rows: TMigrationRow[]) => {
  const files = readMigrations();
  expect(rows.map((r) => r.migration_name)).toEqual(files.map((m) => m.name));
  for (const [i, row] of rows.entries()) {
    const file = files[i];
    expect(row.checksum).toBe(
      createHash("sha256")
        .update(file?.sql ?? "")
        .digest("hex"),
    );
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(row.finished_at).toBeInstanceOf(Date);
    expect(row.finished_at?.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
    expect(row.rolled_back_at).toBeNull();
    expect(row.logs).toBeNull();
    expect(row.applied_steps_count).toBe(1);
  }
};

const applied = (results: TMigrateResult[]) => results.flatMap((r) => r.applied).sort();

// A fresh database on the machine's PostgreSQL: the run's test database is already migrated.
const withFreshPostgresDatabase = async (run: (url: string) => Promise<void>) => {
  const server = new URL(inject("databaseUrl"));
  const name = `crew_migrate_${Date.now()}_${process.pid}`;
  server.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
};

describe("migration runner", () => {
  it.skipIf(inject("embedded"))(
    "applies each migration once when two processes migrate at the same time",
    async () => {
      await withFreshPostgresDatabase(async (url) => {
        const results = await Promise.all([migrate(url), migrate(url)]);
        expect(applied(results)).toEqual(readMigrations().map((m) => m.name));
        expectPrismaRows(await migrationRows(url));
        const again = await migrate(url);
        expect(again.applied).toEqual([]);
      });
    },
  );

  // PGlite is one session (the socket takes one connection), so it cannot race; it must
  // still record migrations the same way and apply nothing on the next start.
  it.runIf(inject("embedded"))(
    "records migrations like Prisma and applies nothing the second time (embedded)",
    async () => {
      const db = await startEmbeddedDatabase(null);
      try {
        const first = await migrate(db.url);
        const second = await migrate(db.url);
        expect(first.applied).toEqual(readMigrations().map((m) => m.name));
        expect(second).toEqual({ applied: [], skipped: first.applied });
        expectPrismaRows(await migrationRows(db.url));
      } finally {
        await db.stop();
      }
    },
  );
});
