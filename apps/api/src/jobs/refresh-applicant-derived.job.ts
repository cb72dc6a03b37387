import { z } from "zod";
import { usersRepository } from "../resources/applicants/users-repository.js";
import { defineJob } from "./define-job.js";

/**
 * Daily: every area's derived applicant columns for every applicant, so values that depend on
 * today (the next plan, document validity) move on (docs/applicants.md "Derived columns").
 * Writes only rows whose values changed; safe to run twice.
 */
export const refreshApplicantDerivedJob = defineJob({
  id: "refresh-applicant-derived",
  version: 1,
  payload: z.object({}).strict(),
  schedule: { everyMs: 24 * 60 * 60 * 1000, payload: {} },
  async handle(_payload, ctx) {
    const started = Date.now();
    const users = usersRepository(ctx.db);
    let last: number | null = 0;
    let chunks = 0;
    while (last !== null) {
      last = await users.refreshDerivedAfter(last, 2_000);
      chunks += 1;
    }
    ctx.logger.info({ ms: Date.now() - started, chunks }, "applicants' derived columns refreshed");
  },
});
