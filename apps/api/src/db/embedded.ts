import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/**
 * The contrib extensions the migrations create (trigram search indexes, accent-free matching,
 * the timeplans' exclusion constraints); PostgreSQL ships them in contrib.
 */
const EXTENSIONS = { pg_trgm, unaccent, btree_gist };

export interface TEmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The embedded default: PGlite (PostgreSQL compiled to WASM) served on a local port, so the
 * server reaches it by the same code path (pg wire protocol, @prisma/adapter-pg) as a real
 * PostgreSQL. PGlite is one session, so the socket server takes one connection at a time and
 * the pool that uses it must hold one connection (see db/client.ts).
 * `dir` null keeps the database in memory (tests).
 */
export const startEmbeddedDatabase = async (dir: string | null, port = 0): Promise<TEmbeddedDatabase> => {
  let db: PGlite;
  if (dir) {
    const dataDir = join(dir, "pgdata");
    mkdirSync(dataDir, { recursive: true });
    db = await PGlite.create({ dataDir, extensions: EXTENSIONS });
  } else {
    db = await PGlite.create({ extensions: EXTENSIONS });
  }
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections: 1 });
  await server.start();
  const conn = server.getServerConn(); // "127.0.0.1:PORT"
  return {
    url: `postgresql://postgres:postgres@${conn}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
};
