import type { Server } from "node:http";
import type { Express } from "express";
import { Redis } from "ioredis";
import { createApp } from "./app.js";
import { withProcessId } from "./http/process-id.js";
import { loadConfig } from "./config.js";
import type { TDb } from "./db/client.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { seed, seedProgress, type TSeedProgress } from "./seed/seed.js";
import { takeStartupLock } from "./db/startup-lock.js";
import type { TDeps } from "./deps.js";
import { JOB_HANDLERS } from "./job-handlers.js";
import { createJobs, type TJobHandler } from "./jobs/index.js";
import { createLogger } from "./lib/logger.js";
import { stopOnSignals } from "./lib/stop-on-signals.js";
import { keptSecret } from "./lib/kept-secret.js";
import { inProcessBus, redisBus } from "./live/event-bus.js";
import { ensurePermissionRecords } from "./permissions/permission-seed-repository.js";
import { createStorage } from "./storage/create-storage.js";
import { closeServer } from "./http/close-server.js";
import { registryForDemo } from "./equasis/stand-in-for-demo.js";
import { telegramForDemo } from "./telegram/stand-in-for-demo.js";
import { ukrCrewingForDemo } from "./ukrcrewing/stand-in-for-demo.js";
import { crewellForDemo } from "./crewell/stand-in-for-demo.js";
import { feedDemoProfiles } from "./crew-sites/demo-profiles.js";
import { externalVersionsRepository } from "./resources/external-versions/external-versions-repository.js";
import { registerWebhook, startTelegramPoller, type TPoller } from "./telegram/telegram-poller.js";

export interface TServeOptions {
  /** Opens the Prisma client (main.ts passes db/client's createDb: only it and repositories open one). */
  openDb: (url: string, embedded: boolean) => TDb;
  /** Jobs this process can queue and run (default: the registry's). The fault tests add a probe job. */
  jobHandlers?: readonly TJobHandler[];
  /** BullMQ key prefix (default "bull"). */
  jobsPrefix?: string;
  /** Wraps the app; the fault tests mount a probe route in front of it. */
  wrap?: (app: Express, deps: TDeps) => Express;
  /**
   * A worker of several API processes (api-cluster.ts): the primary has migrated the database and
   * written the permission records and the demo, so this process only serves.
   */
  prepared?: boolean;
}

/**
 * `pnpm start`: migrate, seed an empty database, serve the API and the built SPA; stop
 * gracefully on SIGTERM/SIGINT. Several of these may run side by side on one PostgreSQL
 * (migration and seeding take locks).
 */
export const serve = async (options: TServeOptions): Promise<Server> => {
  const loaded = loadConfig();
  const logger = createLogger(loaded);
  const database = await openDatabase(loaded);
  // The vessel registry's stand-in on a laptop demo (equasis/stand-in-for-demo.ts).
  const registry = await registryForDemo(loaded, database.embedded, logger);
  // The same for the Telegram bot (telegram/stand-in-for-demo.ts, docs/outside-channels.md).
  const telegram = await telegramForDemo(registry.config, database.embedded, logger);
  // And the crew job sites (ukrcrewing/, crewell/): their profiles are fed after the seed.
  const ukrCrewing = await ukrCrewingForDemo(telegram.config, database.embedded, logger);
  const crewell = await crewellForDemo(ukrCrewing.config, database.embedded, logger);
  const config = crewell.config;
  if (!options.prepared) await migrate(database.url, (m) => logger.info(m));
  const db = options.openDb(database.url, database.embedded);
  const storage = createStorage(config);
  const releaseStartupLock = options.prepared
    ? async () => {}
    : await takeStartupLock(database.url, database.embedded);
  let fill: Awaited<ReturnType<typeof seed>> = null;
  try {
    if (!options.prepared) {
      await ensurePermissionRecords(db);
      fill = await seed(db, config, database.embedded, logger, storage);
    }
  } catch (error) {
    await releaseStartupLock();
    throw error;
  }
  if (!fill) await releaseStartupLock();
  // The demo beyond the accounts fills while the server answers (a first start answers at once,
  // issue 20.7); /api/ready says 503 with this progress until it is done.
  const seeding: TSeedProgress | undefined = fill ? seedProgress() : undefined;
  // The job sites' stand-ins answer with the demo applicants' profiles (written by the seed).
  const feedProfiles = async (): Promise<void> => {
    if (ukrCrewing.standIn || crewell.standIn)
      feedDemoProfiles(await externalVersionsRepository(db).demoSources(), {
        ukrCrewing: ukrCrewing.standIn,
        crewell: crewell.standIn,
      });
  };
  if (!fill) await feedProfiles();
  // One retry per command: while Redis is away, what needs it (readiness, shared sign-in
  // counts, live events) fails within a second or two instead of waiting for it to return.
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : null;
  redis?.on("error", (error) => logger.warn({ err: error }, "Redis connection error"));
  const bus = redis && config.REDIS_URL ? redisBus(config.REDIS_URL, redis, logger) : inProcessBus();
  const jobs = createJobs(
    { config, db, logger, redis, storage, bus },
    { handlers: options.jobHandlers ?? JOB_HANDLERS, prefix: options.jobsPrefix },
  );
  const deps: TDeps = {
    config,
    db,
    logger,
    jobs,
    redis,
    bus,
    storage,
    sessionSecret: keptSecret(config, config.SESSION_SECRET, "session-secret"),
    embedded: database.embedded,
    seeding,
  };
  if (!config.REDIS_URL || config.INLINE_WORKER) await jobs.start();
  // Telegram updates: by webhook behind PUBLIC_URL, else long polling by the one process holding the lease.
  let poller: TPoller | null = null;
  if (config.TELEGRAM_BOT_TOKEN) {
    if (config.PUBLIC_URL)
      await registerWebhook(deps).catch((error: unknown) =>
        logger.warn(
          { reason: error instanceof Error ? error.name : "unknown" },
          "Telegram: setting the webhook failed",
        ),
      );
    else poller = startTelegramPoller(deps);
  }

  const served = options.wrap ? options.wrap(createApp(deps), deps) : createApp(deps);
  // Tests of several processes see which one answered (never outside NODE_ENV=test).
  const app = options.prepared && config.NODE_ENV === "test" ? withProcessId(served) : served;
  const server = app.listen(config.PORT, config.HOST, () => {
    logger.info(
      `Crewing back office on http://localhost:${config.PORT} (${database.embedded ? "embedded database" : "PostgreSQL"})`,
    );
  });

  let stopping = false;
  const filled =
    fill && seeding
      ? fill(seeding, () => stopping)
          .then(feedProfiles)
          .catch((error: unknown) => {
            seeding.state = "failed";
            if (!stopping) logger.error({ err: error }, "the demo seed failed: the demo stays partial");
          })
          .finally(() => releaseStartupLock())
      : Promise.resolve();

  stopOnSignals(
    logger,
    { stopping: "shutting down: finishing requests in flight", failed: "shutdown failed" },
    async () => {
      await closeServer(server);
      // The demo fill stops after the area it is writing (its transactions need the database).
      stopping = true;
      await filled;
      await poller?.stop();
      await jobs.stop();
      await bus.close();
      await db.$disconnect();
      // Redis may be the reason for the stop: closing it must not fail the shutdown.
      await redis?.quit().catch(() => redis.disconnect());
      await database.stop();
      await registry.stop();
      await telegram.stop();
      await ukrCrewing.stop();
      await crewell.stop();
    },
  );
  return server;
};
