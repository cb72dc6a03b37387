import { z } from "zod";
import { defineJob } from "../jobs/define-job.js";

/** Hourly: sessions past their expiry deleted (purge-expired-sessions-handler.ts). */
export const purgeExpiredSessionsJob = defineJob({
  id: "purge-expired-sessions",
  version: 1,
  payload: z.object({}).strict(),
  schedule: { everyMs: 60 * 60 * 1000, payload: {} },
});
