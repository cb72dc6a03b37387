import { z } from "zod";
import { defineJob } from "../../jobs/define-job.js";

/**
 * A registry import (POST /api/vessels/bulk_parse), queued by the vessels binding and run by
 * vessel-registry-import-handler.ts. Retried while the registry is unreachable.
 */
export const vesselRegistryImportJob = defineJob({
  id: "vessel-registry-import",
  version: 1,
  payload: z.object({ runId: z.number().int().positive() }),
  retry: { attempts: 4, backoffMs: 30_000 },
});
