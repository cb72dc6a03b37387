import { Redis } from "ioredis";
import { ConfigError, loadConfig } from "./config.js";
import { createDb } from "./db/client.js";
import { createJobs } from "./jobs/index.js";
import { createLogger } from "./lib/logger.js";

/** Worker process: consumes queued jobs from Redis (production; several may run). */
const main = async () => {
  const config = loadConfig();
  const logger = createLogger(config);
  if (!config.REDIS_URL || !config.DATABASE_URL) throw new ConfigError("The worker needs REDIS_URL and DATABASE_URL.");
  const db = createDb(config.DATABASE_URL, false);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const jobs = createJobs({ config, db, logger, redis }, { redisUrl: config.REDIS_URL });
  await jobs.start();
  logger.info("worker started");
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "worker stopping: finishing running jobs");
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    try {
      await jobs.stop();
      await db.$disconnect();
      await redis.quit();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "worker shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
