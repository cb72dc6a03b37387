import { CREW_SITE_SOURCES, EXTERNAL_REFRESH_ALL_LIMIT } from "@crew/contracts";
import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/**
 * POST external_object_versions/refresh_all, queued by the binding and run by
 * crew-sites-refresh-all-handler.ts: the applicants the caller confirmed, their ids fixed when
 * queued, refreshed one at a time at CREW_SITES_PACE_MS, progress on the task row.
 */
export const crewSitesRefreshAllJob = defineJob({
  id: "crew-sites-refresh-all",
  version: 1,
  payload: z.object({
    taskId: z.number().int().positive(),
    actorId: z.number().int().positive(),
    source: z.enum(CREW_SITE_SOURCES),
    userIds: z.array(z.number().int().positive()).max(EXTERNAL_REFRESH_ALL_LIMIT),
  }),
  // A run that stops half way (a worker died, the database went away) goes on from where it was.
  retry: { attempts: 3, backoffMs: 5_000 },
});
