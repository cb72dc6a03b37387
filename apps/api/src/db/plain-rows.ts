import type pg from "pg";
import type { Prisma } from "../generated/prisma/client.js";
import { sqlPoolOf, statementName, type TDb, type TTx } from "./client.js";

/**
 * Rows of one plain SQL read. On the pool it goes to pg directly, as one named statement; in a
 * transaction (its reads must stay on its connection) through Prisma's raw query. Prisma's raw
 * query maps every value through its own type layer and costs several times pg's CPU on small
 * reads (docs/performance.md "Plain reads on the pool"); the planner's block, the applicants
 * list and a manning scale's rows read this way.
 *
 * Both paths decode alike for what these reads select: int4, text, boolean, arrays of them,
 * json. Not alike: int8 (pg gives text, cast counts to int), numeric, and timestamps (pg reads
 * them in the process's time zone): read dates as epoch milliseconds (`epochMs`).
 */
export const plainRows = async <T extends pg.QueryResultRow>(
  db: TTx | TDb,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<T[]> => {
  // An interactive transaction's client has no `$connect` (and no pool of its own here).
  const sql = "$connect" in db ? sqlPoolOf(db) : undefined;
  if (!sql) return db.$queryRawUnsafe<T[]>(text, ...values);
  const result = await sql.pool.query<T>({
    ...(sql.embedded ? {} : { name }),
    text,
    values: [...values],
  });
  return result.rows;
};

/** `plainRows` of a query built with `Prisma.sql`, named by a hash of its text (as Prisma names its own). */
export const sqlRows = <T extends pg.QueryResultRow>(db: TTx | TDb, query: Prisma.Sql): Promise<T[]> =>
  plainRows<T>(db, statementName({ sql: query.text }), query.text, query.values);

/** A date column as epoch milliseconds (see plainRows); null stays null. */
export const epochMs = (column: string): string => `(extract(epoch FROM ${column}) * 1000)::float8`;

/** Epoch milliseconds back to the Date Prisma would have given. */
export const dateOf = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));
