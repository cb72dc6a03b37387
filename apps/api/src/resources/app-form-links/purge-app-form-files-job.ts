import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/**
 * Daily: the files of application forms that can no longer be sent (purge-app-form-files-handler.ts).
 * `closedForMs` is how long a link stays closed before its files go (default 7 days).
 */
export const purgeAppFormFilesJob = defineJob({
  id: "purge-app-form-files",
  version: 1,
  payload: z.object({ closedForMs: z.number().int().min(0).optional() }).strict(),
  schedule: { everyMs: 24 * 60 * 60 * 1000, payload: {} },
});
