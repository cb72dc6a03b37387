import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/** Hourly: applicants' documents placed by their warning lines (document-validity-handler.ts). */
export const documentValidityJob = defineJob({
  id: "document-validity",
  version: 1,
  payload: z.object({}).strict(),
  schedule: { everyMs: 60 * 60 * 1000, payload: {} },
});
