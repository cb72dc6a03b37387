import { ConfigError } from "./config.js";
import { createDb } from "./db/client.js";
import { JOB_HANDLERS } from "./job-handlers.js";
import { runWorker } from "./jobs/run-worker.js";

/** Worker process: consumes queued jobs from Redis (production; several may run). */
runWorker({ openDb: (url) => createDb(url, false), handlers: JOB_HANDLERS }).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
