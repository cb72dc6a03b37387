import { handleJob } from "../../jobs/define-job.js";
import { appFormLinksRepository } from "./app-form-links-repository.js";
import { purgeAppFormFilesJob } from "./purge-app-form-files-job.js";

/** A closed link's scans stay this long (a seafarer told "the link expired" may ask staff for them). */
const CLOSED_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Scans and photos a seafarer uploaded to a form that was never sent belong to nobody once the
 * link is closed (replaced by a newer link, expired, or deleted): nothing can send or take them.
 * This deletes their rows in one audited transaction, then their objects. Files of a sent form
 * stay until staff take them or delete the link (decisions.md). Safe to run twice: an object
 * already gone is skipped by the storage, and a failure after the commit leaves objects no row
 * names, which purge-orphan-files removes.
 */
export const purgeAppFormFilesHandler = handleJob(purgeAppFormFilesJob, async (payload, ctx) => {
  const closedBefore = new Date(Date.now() - (payload.closedForMs ?? CLOSED_FOR_MS));
  const keys = await ctx.write(null, (tx) => appFormLinksRepository(tx).deleteAbandonedFiles(closedBefore));
  for (const key of keys) await ctx.storage.delete(key);
  ctx.logger.info({ deleted: keys.length }, "purged files of closed application forms");
});
