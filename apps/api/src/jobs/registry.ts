import { documentValidityJob } from "./document-validity.job.js";
import { purgeExpiredSessionsJob } from "./purge-expired-sessions.job.js";
import { purgeOrphanFilesJob } from "./purge-orphan-files.job.js";
import { refreshApplicantDerivedJob } from "./refresh-applicant-derived.job.js";
import { usersExportJob } from "./users-export.job.js";
import { usersTagBatchJob } from "./users-tag-batch.job.js";
import type { TJobDefinition } from "./types.js";
import { vesselRegistryImportJob } from "./vessel-registry-import.job.js";

/** Every job a worker can run. A job must be listed here to be queued or consumed. */
export const JOB_DEFINITIONS: readonly TJobDefinition[] = [
  purgeExpiredSessionsJob, purgeOrphanFilesJob, vesselRegistryImportJob, usersTagBatchJob, usersExportJob, refreshApplicantDerivedJob,
  documentValidityJob,
];

export type TJobRegistry = ReadonlyMap<string, TJobDefinition>;

export const jobRegistry = (definitions: readonly TJobDefinition[]): TJobRegistry => {
  const registry = new Map<string, TJobDefinition>();
  for (const d of definitions) {
    if (registry.has(d.id)) throw new Error(`job ${d.id} is defined twice`);
    registry.set(d.id, d);
  }
  return registry;
};
