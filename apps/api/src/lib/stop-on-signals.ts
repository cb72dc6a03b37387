import type { Logger } from "pino";

/** Past this, a stuck request or job would keep the process from ever stopping (compose gives 30 s). */
const FORCE_EXIT_MS = 25_000;

/**
 * A process's graceful stop, shared by the API (serve.ts) and the worker (jobs/run-worker.ts):
 * on the first SIGTERM or SIGINT it logs `stopping`, runs `stop` (its own order of closing)
 * once, and exits 0; 1 when `stop` throws or takes longer than 25 s.
 */
export const stopOnSignals = (
  logger: Logger,
  messages: { stopping: string; failed: string },
  stop: () => Promise<void>,
): void => {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, messages.stopping);
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, FORCE_EXIT_MS);
    force.unref();
    try {
      await stop();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, messages.failed);
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
};
