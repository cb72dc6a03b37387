import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { EXPORT_MAX_ROWS, applicants } from "@crew/contracts";
import { handleJob } from "../../jobs/define-job.js";
import { newKey } from "../../kernel/files-service.js";
import { parseListQuery } from "../../kernel/list-query.js";
import { storedFilesRepository } from "../../storage/stored-files-repository.js";
import { visibleTagsFor } from "./tag-visibility.js";
import { applicantsExportJob } from "./applicants-export-job.js";
import { applicantQueryOf } from "./applicants-query.js";
import { applicantsRepository } from "./applicants-repository.js";
import { XLSX_TYPE, writeApplicantsXlsx } from "./applicants-xlsx.js";

/**
 * The list query of the request, run when the job runs, written with the streaming writer to
 * a temporary file (memory stays flat), stored as the task's `file`, progress on the task row
 * as rows are written.
 */
export const applicantsExportHandler = handleJob(applicantsExportJob, async (p, ctx) => {
  const repo = ctx.repository(applicantsRepository);
  const path = join(tmpdir(), `users-export-${p.taskId}-${randomUUID()}.xlsx`);
  try {
    const q = applicantQueryOf(parseListQuery(applicants, p.query), p.actorId);
    const ids = await repo.list.ids(q, p.limit ?? EXPORT_MAX_ROWS);
    await repo.tasks.start(p.taskId, ids.length);
    const visibleTags = visibleTagsFor(await repo.clientTagLists(p.actorId));
    const out = createWriteStream(path);
    await writeApplicantsXlsx(out, {
      ids,
      rows: (chunk) => repo.export.rows(chunk),
      visibleTags,
      onProgress: async (done) => {
        await repo.tasks.progress(p.taskId, done);
      },
    });
    await finished(out);
    const body = await readFile(path);
    const key = newKey("background_tasks");
    await ctx.storage.put(key, body, { contentType: XLSX_TYPE });
    const checksum = createHash("sha256").update(body).digest("base64");
    let replaced: string[] = [];
    try {
      replaced = await ctx.write({ id: p.actorId }, async (tx) => {
        const files = storedFilesRepository(tx);
        // A retry after a stored file replaces it (one file per task).
        const before = await files.ofAttribute("background_tasks", p.taskId, "file");
        await files.remove(before.map((f) => f.id));
        await files.create(
          [
            {
              key,
              filename: p.filename,
              contentType: XLSX_TYPE,
              byteSize: body.length,
              checksum,
              recordType: "background_tasks",
              recordId: p.taskId,
              name: "file",
              position: 0,
            },
          ],
          p.actorId,
        );
        return before.map((f) => f.key);
      });
    } catch (error) {
      await ctx.storage.delete(key).catch(() => undefined);
      throw error;
    }
    for (const old of replaced) await ctx.storage.delete(old).catch(() => undefined);
    await repo.tasks.finish(p.taskId, { rows: ids.length });
    ctx.logger.info({ taskId: p.taskId, rows: ids.length, bytes: body.length }, "export written");
  } catch (error) {
    if (ctx.lastAttempt)
      await repo.tasks.fail(p.taskId, error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    await rm(path, { force: true });
  }
});
