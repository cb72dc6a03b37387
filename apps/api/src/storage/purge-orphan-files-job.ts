import { z } from "zod";
import { defineJob } from "../jobs/define-job.js";

/** Daily: stored objects no row names, once old enough (purge-orphan-files-handler.ts). */
export const purgeOrphanFilesJob = defineJob({
  id: "purge-orphan-files",
  version: 1,
  payload: z.object({ olderThanMs: z.number().int().min(0).optional() }).strict(),
  schedule: { everyMs: 24 * 60 * 60 * 1000, payload: {} },
});
