import { registerRevocations } from "../auth/revocation-repository.js";
import { BullmqJobs } from "./bullmq-provider.js";
import { InProcessJobs } from "./in-process-provider.js";
import { jobRegistry } from "./registry.js";
import type { TJobDeps, TJobHandler, TJobs } from "./types.js";

export interface TJobsOptions {
  /** The jobs this process can queue and run: src/job-handlers.ts's JOB_HANDLERS (tests add probes). */
  handlers: readonly TJobHandler[];
  /** BullMQ on this Redis; null forces in-process. Default: config.REDIS_URL. */
  redisUrl?: string | null;
  /** BullMQ key prefix (default "bull"). */
  prefix?: string;
  /** Run the definitions' schedules once started (default true). */
  schedules?: boolean;
  /** BullMQ: lock and stalled-check periods (see TBullmqOptions). */
  lockMs?: number;
  stalledIntervalMs?: number;
}

/** The jobs provider chosen by configuration: BullMQ when a Redis URL is set, in-process otherwise. */
export const createJobs = (deps: TJobDeps, options: TJobsOptions): TJobs => {
  const registry = jobRegistry(options.handlers);
  // A worker process writes sessions (the purge) too: it announces on the API processes' Redis.
  registerRevocations(deps.db, deps.redis);
  const redisUrl = options.redisUrl === undefined ? deps.config.REDIS_URL : options.redisUrl;
  const schedules = options.schedules ?? true;
  if (redisUrl)
    return new BullmqJobs(deps, registry, {
      redisUrl,
      prefix: options.prefix ?? "bull",
      schedules,
      lockMs: options.lockMs,
      stalledIntervalMs: options.stalledIntervalMs,
    });
  return new InProcessJobs(deps, registry, schedules);
};

export { defineJob, handleJob } from "./define-job.js";
export type { TJobContext, TJobDefinition, TJobDeps, TJobHandler, TJobs } from "./types.js";
