/**
 * An API process for the fault tests: the real server (src/serve.ts, as src/main.ts runs
 * it) with the probe job registered and one route in front of the app that queues it, the
 * way a resource action queues its job. PROBE_JOBS_PREFIX keeps a test's queue to itself.
 */
import express from "express";
import { createDb } from "../../src/db/client.js";
import { AppError } from "../../src/errors/app-error.js";
import { serve } from "../../src/serve.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { probeHandler, probeJob } from "./probe-job.js";

serve({
  openDb: createDb,
  jobHandlers: [...JOB_HANDLERS, probeHandler],
  jobsPrefix: process.env.PROBE_JOBS_PREFIX,
  wrap: (app, deps) => {
    const outer = express();
    outer.post(
      "/probe/enqueue",
      express.json({ type: ["application/json", "application/vnd.api+json"] }),
      async (req, res) => {
        try {
          const id = await deps.jobs.enqueue(probeJob, probeJob.payload.parse(req.body));
          res.json({ id });
        } catch (error) {
          const status = error instanceof AppError ? error.status : 500;
          res.status(status).json({
            errors: error instanceof AppError ? error.errors : [{ status: "500", title: String(error) }],
          });
        }
      },
    );
    outer.use(app);
    return outer;
  },
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
