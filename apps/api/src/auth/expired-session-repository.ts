import type { TTx } from "../db/client.js";

export const expiredSessionRepository = (db: TTx) => ({
  /** Deletes the sessions that expired before `now`; returns how many. */
  async deleteBefore(now: Date): Promise<number> {
    const { count } = await db.session.deleteMany({ where: { expiresAt: { lt: now } } });
    return count;
  },
});
