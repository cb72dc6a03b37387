import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/**
 * Takes channel posts of vacancies no longer published to Telegram off the channel
 * (docs/vacancies.md "Telegram channel"). Queued after an unpublishing edit and run every
 * minute, so paths that unpublish without the vacancies route (the plan, the plan's deletion
 * by the database trigger) are covered too.
 */
export const vacancyChannelSweepJob = defineJob({
  id: "vacancy-channel-sweep",
  version: 1,
  payload: z.object({}),
  retry: { attempts: 3, backoffMs: 5_000 },
  schedule: { everyMs: 60_000, payload: {} },
});
