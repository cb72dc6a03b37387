import type { TJobHandler } from "./types.js";

/** The handlers a process can run, by job id. A job must be in it to be queued or consumed. */
export type TJobRegistry = ReadonlyMap<string, TJobHandler>;

export const jobRegistry = (handlers: readonly TJobHandler[]): TJobRegistry => {
  const registry = new Map<string, TJobHandler>();
  for (const h of handlers) {
    if (registry.has(h.job.id)) throw new Error(`job ${h.job.id} is defined twice`);
    registry.set(h.job.id, h);
  }
  return registry;
};
