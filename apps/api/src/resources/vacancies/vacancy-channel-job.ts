import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/**
 * Takes channel posts of vacancies no longer published to Telegram off the channel
 * (docs/vacancies.md "Telegram channel"). Queued right after a write of the vacancies route
 * commits that unpublishes a vacancy, takes telegram off its sources or deletes it (`post`:
 * the deleted vacancy's post, which no row remembers any more), and run every minute as the
 * safety net, so paths that unpublish without the route (the plan, the plan's deletion by the
 * database trigger) and a queue that lost the job are covered too.
 */
export const vacancyChannelSweepJob = defineJob({
  id: "vacancy-channel-sweep",
  version: 1,
  payload: z.object({
    post: z.object({ chatId: z.string(), messageId: z.number().int(), title: z.string() }).optional(),
  }),
  retry: { attempts: 3, backoffMs: 5_000 },
  schedule: { everyMs: 60_000, payload: {} },
});
