import { handleJob } from "../../jobs/define-job.js";
import { runRegistryImport } from "./registry-import-runner.js";
import { vesselRegistryImportJob } from "./vessel-registry-import-job.js";

/**
 * Fetches each IMO of the run from Equasis at the configured pace and creates or refreshes
 * the vessels; each retry carries on from the IMOs still pending.
 */
export const vesselRegistryImportHandler = handleJob(vesselRegistryImportJob, async ({ runId }, ctx) => {
  await runRegistryImport(ctx, runId);
});
