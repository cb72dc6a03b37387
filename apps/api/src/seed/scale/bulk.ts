import type { Prisma } from "../../generated/prisma/client.js";
import type { TDb } from "../../db/client.js";

/**
 * One long transaction of set-based inserts with the audit trail and the derived-column
 * triggers off (for this transaction only): the parts refresh the derived columns once at
 * the end, with `refreshDerivedColumns`.
 */
export const bulk = <T>(db: TDb, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> =>
  db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT set_config('crew.audit', 'off', true), set_config('crew.derived', 'off', true)`;
      return fn(tx);
    },
    { maxWait: 60_000, timeout: 30 * 60_000 },
  );

/** Every area's derived columns of every applicant (docs/applicants.md "Derived columns", 3), 5,000 at a time. */
export const refreshDerivedColumns = async (db: TDb, log: (line: string) => void): Promise<void> => {
  let last = 0;
  for (;;) {
    const ids = (
      await db.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE id > ${last} ORDER BY id LIMIT 5000`
    ).map((x) => x.id);
    if (!ids.length) break;
    await db.$queryRaw`SELECT users_refresh_derived(${ids}::int[])::text AS done`;
    last = ids[ids.length - 1] ?? last;
  }
  log("derived columns refreshed");
};
