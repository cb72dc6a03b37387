import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import type { Logger } from "pino";
import { loadConfig, type TConfig } from "./config.js";
import { migrate } from "./db/migrate.js";
import { takeStartupLock } from "./db/startup-lock.js";
import { keptSecret } from "./lib/kept-secret.js";
import { createLogger } from "./lib/logger.js";
import { stopOnSignals } from "./lib/stop-on-signals.js";
import { ensurePermissionRecords } from "./permissions/permission-seed-repository.js";
import { seed, seedProgress } from "./seed/seed.js";
import { serve, type TServeOptions } from "./serve.js";
import { createStorage } from "./storage/create-storage.js";

/** A worker that dies this soon after its start is failing to start, not crashing under use. */
const EARLY_DEATH_MS = 5_000;
/** That many early deaths in a row: the configuration or the database is wrong, stop trying. */
const MAX_EARLY_DEATHS = 5;

export const apiProcessCount = (config: Pick<TConfig, "API_PROCESSES">): number =>
  config.API_PROCESSES === "auto" ? availableParallelism() : config.API_PROCESSES;

/**
 * The server entry (main.ts): one API process, or with API_PROCESSES above 1 (PostgreSQL and
 * Redis only, config.ts refuses the rest) a node:cluster primary that migrates, writes the
 * permission records and the demo once under the start-up lock, then forks that many workers
 * serving PORT (the primary hands out connections in turn) and restarts any that dies.
 * SIGTERM/SIGINT stop every worker gracefully (each finishes its requests), then the primary.
 * Jobs are unchanged: with Redis they are BullMQ's, whose queue hands each job to one consumer
 * (a worker process, or each API process with INLINE_WORKER) and keeps one shared schedule.
 */
export const startApi = async (options: TServeOptions): Promise<void> => {
  if (cluster.isWorker) {
    await serve({ ...options, prepared: true });
    return;
  }
  const config = loadConfig();
  const processes = apiProcessCount(config);
  if (processes <= 1) {
    await serve(options);
    return;
  }
  const logger = createLogger(config);
  // Secrets kept in DATA_DIR when not configured (outside production) are made here once:
  // workers making their own at the same moment would sign and seal with different keys.
  keptSecret(config, config.SESSION_SECRET, "session-secret");
  keptSecret(config, config.EQUASIS_SECRET, "equasis-secret");
  await prepareDatabase(config, options, logger);
  superviseWorkers(processes, logger);
};

/** What serve.ts does before it listens, done once for all workers (the demo written whole: readiness is per worker). */
const prepareDatabase = async (config: TConfig, options: TServeOptions, logger: Logger): Promise<void> => {
  const url = config.DATABASE_URL;
  if (!url) throw new Error("several API processes need DATABASE_URL (config.ts checks it)");
  await migrate(url, (m) => logger.info(m));
  const db = options.openDb(url, false);
  const release = await takeStartupLock(url, false);
  try {
    await ensurePermissionRecords(db);
    const fill = await seed(db, config, false, logger, createStorage(config));
    if (fill) await fill(seedProgress(), () => false);
  } finally {
    await release();
    await db.$disconnect();
  }
};

const superviseWorkers = (processes: number, logger: Logger): void => {
  let stopping = false;
  let earlyDeaths = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    earlyDeaths = lived < EARLY_DEATH_MS ? earlyDeaths + 1 : 0;
    if (earlyDeaths >= MAX_EARLY_DEATHS) {
      logger.error({ code, signal }, `API workers keep dying at start (${earlyDeaths} in a row); stopping`);
      for (const w of startedAt.keys()) w.process.kill("SIGTERM");
      process.exitCode = 1;
      return;
    }
    logger.warn({ worker: worker.process.pid, code, signal }, "API worker died; starting another");
    // A worker failing at start is retried after a pause, not in a tight loop.
    setTimeout(fork, earlyDeaths ? 1_000 : 0);
  });
  for (let i = 0; i < processes; i++) fork();
  logger.info(`API primary ${process.pid}: ${processes} worker processes`);

  stopOnSignals(
    logger,
    { stopping: "shutting down: stopping the API workers", failed: "shutdown failed" },
    async () => {
      stopping = true;
      const workers = [...startedAt.keys()];
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              w.once("exit", (code: number | null) => {
                if (code) logger.warn({ worker: w.process.pid, code }, "API worker stopped with an error");
                resolve();
              });
              w.process.kill("SIGTERM");
            }),
        ),
      );
    },
  );
};
