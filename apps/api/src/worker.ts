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
  const jobs = createJobs({ redisUrl: config.REDIS_URL, logger });
  await jobs.start();
  logger.info("worker started");
  const shutdown = async () => {
    await jobs.stop();
    await db.$disconnect();
    await redis.quit();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
