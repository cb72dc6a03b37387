import pg from "pg";

/** A key of our own (the migration runner uses Prisma's). */
const STARTUP_LOCK = 72707370;

/**
 * Runs the start-up writes (permission records, seed) under an advisory lock, so replicas
 * starting together on an empty database seed it once. The embedded database has one
 * process and one connection, so it needs (and could hold) no second connection.
 */
export const withStartupLock = async <T>(
  url: string,
  embedded: boolean,
  fn: () => Promise<T>,
): Promise<T> => {
  if (embedded) return fn();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK]);
    return await fn();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => undefined);
    await client.end();
  }
};
