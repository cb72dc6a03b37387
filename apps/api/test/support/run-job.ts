import type { z } from "zod";
import type { TConfig } from "../../src/config.js";
import { jobContext } from "../../src/jobs/run-job.js";
import type { TJobHandler } from "../../src/jobs/types.js";
import { createStorage } from "../../src/storage/create-storage.js";
import { testDeps } from "./deps.js";

/** Runs one job's handler now, with the test database (and, optionally, another configuration and the storage it chooses). */
export const runJobOnce = async <S extends z.ZodType>(
  handler: TJobHandler<S>,
  payload: z.input<S>,
  overrides: { config?: TConfig } = {},
): Promise<void> => {
  const deps = testDeps();
  const base = {
    config: overrides.config ?? deps.config,
    db: deps.db,
    logger: deps.logger,
    redis: null,
    storage: overrides.config ? createStorage(overrides.config) : deps.storage,
  };
  await handler.handle(
    handler.job.payload.parse(payload),
    jobContext(base, deps.jobs, handler.job, "test", 1),
  );
};
