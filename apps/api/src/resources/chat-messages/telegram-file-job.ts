import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/** Saves a photo or document a seafarer sent on Telegram as an applicant attachment (docs/outside-channels.md "Files"). */
export const telegramFileJob = defineJob({
  id: "telegram-file",
  version: 1,
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { attempts: 4, backoffMs: 5_000 },
});
