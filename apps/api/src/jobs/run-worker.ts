import { Redis } from "ioredis";
import { ConfigError, loadConfig } from "../config.js";
import type { TDb } from "../db/client.js";
import { createLogger } from "../lib/logger.js";
import { redisBus } from "../live/event-bus.js";
import { stopOnSignals } from "../lib/stop-on-signals.js";
import { createStorage } from "../storage/create-storage.js";
import { createJobs, type TJobsOptions } from "./index.js";

export type TWorkerOptions = Pick<TJobsOptions, "handlers" | "prefix" | "lockMs" | "stalledIntervalMs"> & {
  /** Opens the database (the entry point passes db/client's createDb: only it and repositories open one). */
  openDb: (url: string) => TDb;
};

/**
 * The worker process: consumes queued jobs from Redis (production; several may run side by
 * side). `src/worker.ts` runs it with src/job-handlers.ts's jobs; the fault tests run it with a probe
 * job and shorter locks. Stops on SIGTERM/SIGINT after the running jobs finish.
 */
export const runWorker = async ({ openDb, ...options }: TWorkerOptions): Promise<void> => {
  const config = loadConfig();
  const logger = createLogger(config);
  if (!config.REDIS_URL || !config.DATABASE_URL)
    throw new ConfigError("The worker needs REDIS_URL and DATABASE_URL.");
  const db = openDb(config.DATABASE_URL);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const jobs = createJobs(
    // Publish only (it never subscribes): a job's new notifications reach the API processes' streams.
    {
      config,
      db,
      logger,
      redis,
      storage: createStorage(config),
      bus: redisBus(config.REDIS_URL, redis, logger),
    },
    { ...options, redisUrl: config.REDIS_URL },
  );
  await jobs.start();
  logger.info({ pid: process.pid }, "worker started");
  stopOnSignals(
    logger,
    { stopping: "worker stopping: finishing running jobs", failed: "worker shutdown failed" },
    async () => {
      await jobs.stop();
      await db.$disconnect();
      await redis.quit();
    },
  );
};
