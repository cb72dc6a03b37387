import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/**
 * A broadcast to a tag (docs/outside-channels.md "Broadcast to a tag"): queues one telegram-send
 * job per message still queued under the broadcast's task, so every worker process sends its
 * share at the pace they keep together in Redis.
 */
export const telegramBroadcastJob = defineJob({
  id: "telegram-broadcast",
  version: 1,
  payload: z.object({ broadcastId: z.number().int().positive() }),
  retry: { attempts: 4, backoffMs: 5_000 },
});
