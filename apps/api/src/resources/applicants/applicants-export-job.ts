import { EXPORT_MAX_ROWS } from "@crew/contracts";
import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/**
 * A large users/index_xlsx (docs/applicants.md "Export"), queued by the users binding and run
 * by applicants-export-handler.ts.
 */
export const applicantsExportJob = defineJob({
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
  retry: { attempts: 2, backoffMs: 5_000 },
});
