import { TAG_BATCH_LIMIT } from "@crew/contracts";
import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/**
 * users/assign_tag and users/remove_tag (spec 001 §4), queued by the users binding and run by
 * applicants-tag-batch-handler.ts: the applicants the request chose, their ids fixed when queued.
 */
export const applicantsTagBatchJob = defineJob({
  id: "users-tag-batch",
  version: 1,
  payload: z.object({
    taskId: z.number().int().positive(),
    actorId: z.number().int().positive(),
    tagId: z.number().int().positive(),
    mode: z.enum(["add", "remove"]),
    userIds: z.array(z.number().int().positive()).max(TAG_BATCH_LIMIT),
  }),
  retry: { attempts: 3, backoffMs: 2_000 },
});
