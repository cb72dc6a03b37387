import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/** Sends one stored outbound chat message to Telegram (docs/outside-channels.md "Sending"). */
export const telegramSendJob = defineJob({
  id: "telegram-send",
  version: 1,
  payload: z.object({ messageId: z.number().int().positive() }),
  // Network failures: a few more tries; 429s are retried inside a run after retry_after.
  retry: { attempts: 4, backoffMs: 5_000 },
});
