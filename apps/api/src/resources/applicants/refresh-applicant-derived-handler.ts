import { handleJob } from "../../jobs/define-job.js";
import { refreshApplicantDerivedJob } from "./refresh-applicant-derived-job.js";
import { applicantsRepository } from "./applicants-repository.js";

/**
 * Every area's derived applicant columns for every applicant, so values that depend on
 * today (the next plan, document validity) move on (docs/applicants.md "Derived columns").
 * Writes only rows whose values changed; safe to run twice.
 */
export const refreshApplicantDerivedHandler = handleJob(refreshApplicantDerivedJob, async (_payload, ctx) => {
  const started = Date.now();
  const users = ctx.repository(applicantsRepository);
  let last: number | null = 0;
  let chunks = 0;
  while (last !== null) {
    last = await users.refreshDerivedAfter(last, 2_000);
    chunks += 1;
  }
  ctx.logger.info({ ms: Date.now() - started, chunks }, "applicants' derived columns refreshed");
});
