import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.js";

export type TDb = PrismaClient;
/** The client of an interactive transaction; repositories accept it as well as TDb. */
export type { TTx } from "../kernel/model-types.js";
import type { TTx } from "../kernel/model-types.js";

/**
 * Names each statement by a hash of its SQL, so every connection prepares a query once and
 * reuses the plan. Unnamed, PostgreSQL re-plans on every call: measured on the per-request
 * session lookup, 1.1 ms unnamed against 0.5 ms named (bench:auth).
 */
const statementNames = new Map<string, string>();
export const statementName = (query: { sql: string }): string => {
  // The SQL texts are a bounded set (the app's query shapes): hash each once.
  let name = statementNames.get(query.sql);
  if (name === undefined) {
    name = `p_${createHash("sha1").update(query.sql).digest("base64url").slice(0, 24)}`;
    if (statementNames.size < 20_000) statementNames.set(query.sql, name);
  }
  return name;
};

/** The pg pool under a Prisma client: for the one per-request query that skips Prisma (auth/session-repository.ts). */
export interface TSqlPool {
  pool: pg.Pool;
  /** Statements stay unnamed on the embedded PGlite (see createDb). */
  embedded: boolean;
}
const pools = new WeakMap<TDb, TSqlPool>();
/** The pool under `db`; undefined for anything else, a transaction's client among them (it must keep its own connection). */
export const sqlPoolOf = (db: TDb | TTx): TSqlPool | undefined => pools.get(db as TDb);

/**
 * One Prisma client per process. `embedded` limits the pool to one connection because the
 * embedded PGlite is a single session (db/embedded.ts); for the same reason its statements
 * stay unnamed: a new connection is the old session, which already holds the names, while
 * pg's per-connection cache believes they are new ("prepared statement already exists").
 */
export const createDb = (connectionString: string, embedded: boolean): TDb => {
  const pool = new pg.Pool({
    connectionString,
    max: embedded ? 1 : 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // Named statements keep their plan per connection, and after five runs PostgreSQL may
    // switch one to a generic plan that ignores the values: the applicants page with filters,
    // search and include went from 13 ms to 123-225 ms on its sixth run (h21s). Planning each
    // run with its values costs far less than one such plan; parsing is still saved.
    ...(embedded ? {} : { options: "-c plan_cache_mode=force_custom_plan" }),
  });
  // The pool is ours (sqlPoolOf), Prisma still closes it on $disconnect.
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    ...(embedded ? {} : { statementNameGenerator: statementName }),
  });
  const client = new PrismaClient({ adapter });
  pools.set(client, { pool, embedded });
  return client;
};
