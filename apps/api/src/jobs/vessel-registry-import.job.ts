import { z } from "zod";
import { runRegistryImport } from "../resources/fleet/registry-import-runner.js";
import { defineJob } from "./define-job.js";

const RETRY = { attempts: 4, backoffMs: 30_000 };

/**
 * A registry import (POST /api/vessels/bulk_parse): fetches each IMO of the run from Equasis
 * at the configured pace and creates or refreshes the vessels. Retried when the registry is
 * unreachable; each run carries on from the IMOs still pending.
 */
export const vesselRegistryImportJob = defineJob({
  id: "vessel-registry-import",
  version: 1,
  payload: z.object({ runId: z.number().int().positive() }),
  retry: RETRY,
  async handle({ runId }, ctx) {
    await runRegistryImport(ctx, runId, { number: ctx.attempt, last: ctx.attempt >= RETRY.attempts });
  },
});
