import pg from "pg";

/** A key of our own (the migration runner uses Prisma's). */
const STARTUP_LOCK = 72707370;

/**
 * Takes the start-up lock (permission records, seed) and hands back its release, so replicas
 * starting together on an empty database seed it once; the lock may outlive the start (the
 * demo fills while the server answers: a second replica waits until the fill is done). The
 * embedded database has one process and one connection, so it needs (and could hold) no
 * second connection.
 */
export const takeStartupLock = async (url: string, embedded: boolean): Promise<() => Promise<void>> => {
  if (embedded) return async () => {};
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return async () => {
    await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  };
};
