import pg from "pg";
import { startEmbeddedDatabase } from "../../src/db/embedded.js";
import { migrate } from "../../src/db/migrate.js";

export interface TThrowawayDatabase {
  url: string;
  embedded: boolean;
  /** What to print: "embedded PGlite" or "PostgreSQL (host:port)". */
  label: string;
  drop(): Promise<void>;
}

/**
 * A database of one's own, migrated: a fresh database on the PostgreSQL server `serverUrl`
 * names (dropped by `drop()`), or an in-memory embedded PGlite when it is undefined. The
 * fuzzer, the fault tests and the benches use it so nothing they write reaches another
 * test file's database.
 */
export const throwawayDatabase = async (
  serverUrl: string | undefined,
  prefix = "crew_tmp",
  /** false: leave it empty (a server of another checkout migrates it with its own migrations). */
  options: { migrate?: boolean } = {},
): Promise<TThrowawayDatabase> => {
  if (!serverUrl) {
    const db = await startEmbeddedDatabase(null);
    await migrate(db.url);
    return { url: db.url, embedded: true, label: "embedded PGlite", drop: () => db.stop() };
  }
  const name = `${prefix}_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (options.migrate !== false) await migrate(url.toString());
  return {
    url: url.toString(),
    embedded: false,
    label: `PostgreSQL (${url.host})`,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
};
