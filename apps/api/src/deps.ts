import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { TConfig } from "./config.js";
import type { TDb } from "./db/client.js";
import type { TJobs } from "./jobs/types.js";
import type { TEventBus } from "./live/event-bus.js";
import type { TStorage } from "./storage/storage.js";
import type { TSeedProgress } from "./seed/seed.js";

/** What the app is built from; tests build it against their own database. */
export interface TDeps {
  config: TConfig;
  db: TDb;
  logger: Logger;
  jobs: TJobs;
  /** Shared Redis connection when REDIS_URL is set (rate limits, queues). */
  redis: Redis | null;
  /** Key of the HMAC that stores session tokens. */
  sessionSecret: string;
  /** True when the database is the embedded PGlite (one connection). */
  embedded: boolean;
  /** Live change events between API processes (Redis pub/sub, or in-process). */
  bus: TEventBus;
  /** Uploaded files (disk or S3-compatible). */
  storage: TStorage;
  /** The demo filling after the server started answering (/api/ready waits for it); absent otherwise. */
  seeding?: TSeedProgress;
}
