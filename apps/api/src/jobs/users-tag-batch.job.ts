import { TAG_BATCH_LIMIT } from "@crew/contracts";
import { z } from "zod";
import { runInTransaction } from "../kernel/transaction-repository.js";
import { usersRepository } from "../resources/applicants/users-repository.js";
import { defineJob } from "./define-job.js";

const RETRY = { attempts: 3, backoffMs: 2_000 };
/** Applicants per transaction: short transactions keep the list answering while a batch runs. */
const CHUNK = 500;

/**
 * users/assign_tag and users/remove_tag (spec 001 §4): puts a tag on, or takes it off, the
 * applicants the request chose (their ids, fixed when it was queued), in chunks, each in an
 * audited transaction in the name of the staff member who asked, with progress on the task
 * row. Running it twice changes nothing the second time.
 */
export const usersTagBatchJob = defineJob({
  id: "users-tag-batch",
  version: 1,
  payload: z.object({
    taskId: z.number().int().positive(),
    actorId: z.number().int().positive(),
    tagId: z.number().int().positive(),
    mode: z.enum(["add", "remove"]),
    userIds: z.array(z.number().int().positive()).max(TAG_BATCH_LIMIT),
  }),
  retry: RETRY,
  async handle(p, ctx) {
    const tasks = usersRepository(ctx.db).tasks;
    try {
      await tasks.start(p.taskId, p.userIds.length);
      let changed = 0;
      for (let i = 0; i < p.userIds.length; i += CHUNK) {
        const chunk = p.userIds.slice(i, i + CHUNK);
        changed += await runInTransaction(ctx.db, { id: p.actorId }, (tx) => usersRepository(tx).applyTagBatch(p.mode, p.tagId, chunk));
        await tasks.progress(p.taskId, Math.min(i + CHUNK, p.userIds.length));
      }
      await tasks.finish(p.taskId, { changed, applicants: p.userIds.length });
      ctx.logger.info({ taskId: p.taskId, changed }, "tag batch done");
    } catch (error) {
      if (ctx.attempt >= RETRY.attempts) await tasks.fail(p.taskId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  },
});
