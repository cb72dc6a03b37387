import { z } from "zod";
import { defineJob } from "./define-job.js";
import { deleteExpiredSessions } from "./expired-session-repository.js";

/**
 * Expired sessions can no longer sign anyone in, but they would pile up (one per device and
 * sign-in) and keep old token hashes around; sign-in only clears the expired sessions of the
 * account signing in.
 */
export const purgeExpiredSessionsJob = defineJob({
  id: "purge-expired-sessions",
  version: 1,
  payload: z.object({}).strict(),
  schedule: { everyMs: 60 * 60 * 1000, payload: {} },
  async handle(_payload, ctx) {
    const deleted = await deleteExpiredSessions(ctx.db, new Date());
    ctx.logger.info({ deleted }, "purged expired sessions");
  },
});
