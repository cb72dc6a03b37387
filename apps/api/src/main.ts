import { Redis } from "ioredis";
import { createApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { createDb } from "./db/client.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { seed } from "./db/seed.js";
import { withStartupLock } from "./db/startup-lock.js";
import type { TDeps } from "./deps.js";
import { closeServer } from "./http/close-server.js";
import { createJobs } from "./jobs/index.js";
import { createLogger } from "./lib/logger.js";
import { sessionSecret } from "./lib/session-secret.js";
import { ensurePermissionRecords } from "./permissions/seed-permissions.js";

/**
 * `pnpm start`: migrate, seed an empty database, serve the API and the built SPA.
 * Several of these may run side by side on one PostgreSQL (migration and seeding take locks).
 */
const main = async () => {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(config);
  await migrate(database.url, (m) => logger.info(m));
  const db = createDb(database.url, database.embedded);
  await withStartupLock(database.url, database.embedded, async () => {
    await ensurePermissionRecords(db);
    await seed(db, config, database.embedded, logger);
  });
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }) : null;
  const jobs = createJobs({ config, db, logger, redis });
  const deps: TDeps = { config, db, logger, jobs, redis, sessionSecret: sessionSecret(config), embedded: database.embedded };
  if (!config.REDIS_URL || config.INLINE_WORKER) await jobs.start();

  const app = createApp(deps);
  const server = app.listen(config.PORT, config.HOST, () => {
    logger.info(`Crewing back office on http://localhost:${config.PORT} (${database.embedded ? "embedded database" : "PostgreSQL"})`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    // Past this, a stuck request or job would keep the process from ever stopping.
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      await closeServer(server);
      await jobs.stop();
      await db.$disconnect();
      await redis?.quit();
      await database.stop();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
