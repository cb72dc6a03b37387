import type { Logger } from "pino";
import type { TJobs } from "./types.js";

// Placeholder: the jobs module (BullMQ with REDIS_URL, in-process otherwise) is built in the platform work.
export const createJobs = (_opts: { redisUrl?: string | undefined; logger: Logger }): TJobs => ({
  async enqueue() {
    throw new Error("jobs not built yet");
  },
  async start() {},
  async stop() {},
});
