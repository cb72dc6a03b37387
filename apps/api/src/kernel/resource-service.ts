import type { TResourceEntry } from "./binding.js";
import type { TKernelDeps } from "./kernel-deps.js";
import { createReads } from "./read-service.js";
import { createFileWrites } from "./record-files.js";
import { createRecordOutput } from "./record-output.js";
import { createServiceCore } from "./service-core.js";
import type { TResourceService } from "./service-types.js";
import { createVersions } from "./versions-service.js";
import { createWrites } from "./write-service.js";

export type { TParentScope, TResourceService } from "./service-types.js";

/**
 * The generic service of one resource (service-types.ts says what it offers), put together
 * from its parts: the shared core (binding, scope, load), reads, writes, files and versions.
 */
export const createResourceService = (entry: TResourceEntry, kernel: TKernelDeps): TResourceService => {
  const core = createServiceCore(entry, kernel);
  const reads = createReads(core, createRecordOutput(core));
  return {
    def: entry.def,
    ...reads,
    ...createWrites(core, reads.answer),
    ...createFileWrites(core, reads.answer),
    versions: createVersions(core),
    repository: (client = kernel.read) => core.repoOf(client),
  };
};
