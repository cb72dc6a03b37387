import type { z } from "zod";
import type { TConfig } from "../../src/config.js";
import { jobContext } from "../../src/jobs/run-job.js";
import type { TJobDefinition } from "../../src/jobs/types.js";
import { testDeps } from "./deps.js";

/** Runs one job's handler now, with the test database (and, optionally, another configuration). */
export const runJobOnce = async <S extends z.ZodType>(job: TJobDefinition<S>, payload: z.input<S>, overrides: { config?: TConfig } = {}): Promise<void> => {
  const deps = testDeps();
  const base = { config: overrides.config ?? deps.config, db: deps.db, logger: deps.logger, redis: null };
  await job.handle(job.payload.parse(payload), jobContext(base, deps.jobs, job, "test", 1));
};
