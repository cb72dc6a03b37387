import { handleJob } from "../jobs/define-job.js";
import { expiredSessionRepository } from "./expired-session-repository.js";
import { purgeExpiredSessionsJob } from "./purge-expired-sessions-job.js";

/**
 * Expired sessions can no longer sign anyone in, but they would pile up (one per device and
 * sign-in) and keep old token hashes around; sign-in only clears the expired sessions of the
 * account signing in.
 */
export const purgeExpiredSessionsHandler = handleJob(purgeExpiredSessionsJob, async (_payload, ctx) => {
  // A write transaction: deleting sessions is announced as a revocation (auth/revocation-repository.ts).
  const deleted = await ctx.write(null, (tx) => expiredSessionRepository(tx).deleteBefore(new Date()));
  ctx.logger.info({ deleted }, "purged expired sessions");
});
