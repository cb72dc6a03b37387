import type { TDb, TTx } from "../../db/client.js";

/**
 * One short transaction of demo writes with the audit trail and the derived-column triggers
 * off (for this transaction only: demo data is nobody's work, docs/versions.md; the seeder
 * refreshes the derived columns itself). Short because the server already answers while the
 * demo fills (docs/performance.md "First start"): the embedded database has one connection,
 * so a request waits for whatever transaction holds it.
 */
export const quietly = <T>(db: TDb, fn: (tx: TTx) => Promise<T>): Promise<T> =>
  db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true), set_config('crew.derived', 'off', true)`;
      return fn(tx);
    },
    { maxWait: 60_000, timeout: 120_000 },
  );
