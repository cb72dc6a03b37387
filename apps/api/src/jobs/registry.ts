import { purgeExpiredSessionsJob } from "./purge-expired-sessions.job.js";
import type { TJobDefinition } from "./types.js";

/** Every job a worker can run. A job must be listed here to be queued or consumed. */
export const JOB_DEFINITIONS: readonly TJobDefinition[] = [purgeExpiredSessionsJob];

export type TJobRegistry = ReadonlyMap<string, TJobDefinition>;

export const jobRegistry = (definitions: readonly TJobDefinition[]): TJobRegistry => {
  const registry = new Map<string, TJobDefinition>();
  for (const d of definitions) {
    if (registry.has(d.id)) throw new Error(`job ${d.id} is defined twice`);
    registry.set(d.id, d);
  }
  return registry;
};
