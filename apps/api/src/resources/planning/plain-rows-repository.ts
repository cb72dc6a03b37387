import type pg from "pg";
import { sqlPoolOf, type TDb, type TTx } from "../../db/client.js";

/** The app's client, not an interactive transaction's (Prisma leaves `$connect` off the latter): only it has the pool. */
const isAppClient = (client: TTx | TDb): client is TDb => "$connect" in client;

/**
 * Rows of one plain SQL read. On the pool it goes to pg directly, as one named statement; in a
 * transaction (a write's answer) through Prisma. The scheduler's block of plans reads a dozen
 * small sets (the seafarers' names, their first service, the planning checks' documents), and
 * Prisma's relation loading and row mapping cost more CPU than the queries themselves (docs/planner.md
 * "Speed"). Dates and timestamps are read as epoch milliseconds (`float8`), so no time-zone
 * setting can shift them and both paths give numbers; counts stay out (pg gives bigint as text).
 */
export const plainRows = async <T extends pg.QueryResultRow>(
  db: TTx,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<T[]> => {
  const sql = isAppClient(db) ? sqlPoolOf(db) : undefined;
  if (!sql) return db.$queryRawUnsafe<T[]>(text, ...values);
  const result = await sql.pool.query<T>({
    ...(sql.embedded ? {} : { name }),
    text,
    values: [...values],
  });
  return result.rows;
};

/** A date column as epoch milliseconds (see plainRows); null stays null. */
export const epochMs = (column: string): string => `(extract(epoch FROM ${column}) * 1000)::float8`;

/** Epoch milliseconds back to the Date Prisma would have given. */
export const dateOf = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));
