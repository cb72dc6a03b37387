import { handleJob } from "../jobs/define-job.js";
import { purgeOrphanFilesJob } from "./purge-orphan-files-job.js";
import { storedFilesRepository } from "./stored-files-repository.js";

/** Older than this, an object with no row is an orphan; younger ones may be an upload in flight. */
const GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Uploads put the object before its row commits and delete it again when the transaction
 * fails; only a process that dies between the two leaves an object nobody names. This
 * deletes such objects once they are a day old. Safe to run twice (docs/files.md).
 */
export const purgeOrphanFilesHandler = handleJob(purgeOrphanFilesJob, async (payload, ctx) => {
  const storage = ctx.storage;
  const repo = ctx.repository(storedFilesRepository);
  const cutoff = Date.now() - (payload.olderThanMs ?? GRACE_MS);
  let batch: string[] = [];
  let deleted = 0;
  const flush = async () => {
    const known = await repo.knownKeys(batch);
    for (const key of batch) {
      if (known.has(key)) continue;
      await storage.delete(key);
      deleted += 1;
    }
    batch = [];
  };
  for await (const object of storage.list("")) {
    if (object.modifiedAt.getTime() > cutoff) continue;
    batch.push(object.key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  ctx.logger.info({ deleted }, "purged orphan files");
});
