import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { EXPORT_MAX_ROWS, users } from "@crew/contracts";
import { z } from "zod";
import { newKey } from "../kernel/files-service.js";
import { parseListQuery } from "../kernel/list-query.js";
import { runInTransaction } from "../kernel/transaction-repository.js";
import { visibleTagsFor } from "../resources/applicants/tag-visibility.js";
import { userQueryOf } from "../resources/applicants/users-query.js";
import { usersRepository } from "../resources/applicants/users-repository.js";
import { XLSX_TYPE, writeUsersXlsx } from "../resources/applicants/users-xlsx.js";
import { createStorage } from "../storage/create-storage.js";
import { storedFilesRepository } from "../storage/stored-files-repository.js";
import { defineJob } from "./define-job.js";

const RETRY = { attempts: 2, backoffMs: 5_000 };

/**
 * A large users/index_xlsx (docs/applicants.md "Export"): the list query of the request, run
 * when the job runs, written with the streaming writer to a temporary file (memory stays flat),
 * stored as the task's `file`, progress on the task row as rows are written.
 */
export const usersExportJob = defineJob({
  id: "users-export",
  version: 1,
  payload: z.object({
    taskId: z.number().int().positive(),
    actorId: z.number().int().positive(),
    /** The list query as the request gave it: filter, search, sort. */
    query: z.object({
      filter: z.record(z.string(), z.string()).optional(),
      search: z.string().optional(),
      sort: z.string().optional(),
    }),
    filename: z.string().min(1).max(200),
    /** At most this many rows (default EXPORT_MAX_ROWS). */
    limit: z.number().int().positive().max(EXPORT_MAX_ROWS).optional(),
  }),
  retry: RETRY,
  async handle(p, ctx) {
    const repo = usersRepository(ctx.db);
    const path = join(tmpdir(), `users-export-${p.taskId}-${randomUUID()}.xlsx`);
    try {
      const q = userQueryOf(parseListQuery(users, p.query), p.actorId);
      const ids = await repo.list.ids(q, p.limit ?? EXPORT_MAX_ROWS);
      await repo.tasks.start(p.taskId, ids.length);
      const visibleTags = visibleTagsFor(await repo.clientTagLists(p.actorId));
      const out = createWriteStream(path);
      await writeUsersXlsx(out, {
        ids,
        rows: (chunk) => repo.export.rows(chunk),
        visibleTags,
        onProgress: async (done) => {
          await repo.tasks.progress(p.taskId, done);
        },
      });
      await finished(out);
      const body = await readFile(path);
      const storage = createStorage(ctx.config);
      const key = newKey("background_tasks");
      await storage.put(key, body, { contentType: XLSX_TYPE });
      const checksum = createHash("sha256").update(body).digest("base64");
      let replaced: string[] = [];
      try {
        replaced = await runInTransaction(ctx.db, { id: p.actorId }, async (tx) => {
          const files = storedFilesRepository(tx);
          // A retry after a stored file replaces it (one file per task).
          const before = await files.ofAttribute("background_tasks", p.taskId, "file");
          await files.remove(before.map((f) => f.id));
          await files.create([{
            key, filename: p.filename, contentType: XLSX_TYPE, byteSize: body.length, checksum,
            recordType: "background_tasks", recordId: p.taskId, name: "file", position: 0,
          }], p.actorId);
          return before.map((f) => f.key);
        });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      for (const old of replaced) await storage.delete(old).catch(() => undefined);
      await repo.tasks.finish(p.taskId, { rows: ids.length });
      ctx.logger.info({ taskId: p.taskId, rows: ids.length, bytes: body.length }, "export written");
    } catch (error) {
      if (ctx.attempt >= RETRY.attempts) await repo.tasks.fail(p.taskId, error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      await rm(path, { force: true });
    }
  },
});
