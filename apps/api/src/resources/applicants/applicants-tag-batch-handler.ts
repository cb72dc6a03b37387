import { handleJob } from "../../jobs/define-job.js";
import { applicantsTagBatchJob } from "./applicants-tag-batch-job.js";
import { applicantsRepository } from "./applicants-repository.js";

/** Applicants per transaction: short transactions keep the list answering while a batch runs. */
const CHUNK = 500;

/**
 * Puts a tag on, or takes it off, the chosen applicants in chunks, each in an audited
 * transaction in the name of the staff member who asked, with progress on the task row.
 * Running it twice changes nothing the second time.
 */
export const applicantsTagBatchHandler = handleJob(applicantsTagBatchJob, async (p, ctx) => {
  const tasks = ctx.repository(applicantsRepository).tasks;
  try {
    await tasks.start(p.taskId, p.userIds.length);
    let changed = 0;
    for (let i = 0; i < p.userIds.length; i += CHUNK) {
      const chunk = p.userIds.slice(i, i + CHUNK);
      changed += await ctx.write({ id: p.actorId }, (tx) =>
        applicantsRepository(tx).applyTagBatch(p.mode, p.tagId, chunk),
      );
      await tasks.progress(p.taskId, Math.min(i + CHUNK, p.userIds.length));
    }
    await tasks.finish(p.taskId, { changed, applicants: p.userIds.length });
    ctx.logger.info({ taskId: p.taskId, changed }, "tag batch done");
  } catch (error) {
    if (ctx.lastAttempt) await tasks.fail(p.taskId, error instanceof Error ? error.message : String(error));
    throw error;
  }
});
