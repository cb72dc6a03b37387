/**
 * A worker process for the fault tests: the real worker (src/jobs/run-worker.ts, as
 * src/worker.ts runs it) consuming the probe job, with a 2 s lock so a killed worker's job
 * is taken up again within seconds rather than BullMQ's default 30.
 */
import { createDb } from "../../src/db/client.js";
import { runWorker } from "../../src/jobs/run-worker.js";
import { probeHandler } from "./probe-job.js";

runWorker({
  openDb: (url) => createDb(url, false),
  handlers: [probeHandler],
  prefix: process.env.PROBE_JOBS_PREFIX,
  lockMs: 2_000,
  stalledIntervalMs: 1_000,
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
