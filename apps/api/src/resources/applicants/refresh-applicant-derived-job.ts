import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/** Daily: every applicant's derived columns (refresh-applicant-derived-handler.ts). */
export const refreshApplicantDerivedJob = defineJob({
  id: "refresh-applicant-derived",
  version: 1,
  payload: z.object({}).strict(),
  schedule: { everyMs: 24 * 60 * 60 * 1000, payload: {} },
});
