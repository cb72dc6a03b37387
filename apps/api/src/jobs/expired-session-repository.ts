import type { TDb } from "../db/client.js";

/** Deletes the sessions that expired before `now`; returns how many. */
export const deleteExpiredSessions = async (db: TDb, now: Date): Promise<number> => {
  const { count } = await db.session.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
};
