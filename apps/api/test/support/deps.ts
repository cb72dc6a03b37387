import { afterAll, inject } from "vitest";
import { createApp } from "../../src/app.js";
import { withRevocation } from "../../src/auth/revocation-repository.js";
import { loadConfig, type TConfig } from "../../src/config.js";
import { createDb, type TDb, type TTx } from "../../src/db/client.js";
import type { TDeps } from "../../src/deps.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs } from "../../src/jobs/index.js";
import { createLogger } from "../../src/lib/logger.js";
import { inProcessBus } from "../../src/live/event-bus.js";
import { diskStorage } from "../../src/storage/disk-storage.js";
import { join } from "node:path";
import type { Express } from "express";

export const TEST_SESSION_SECRET = "test-session-secret-test-session-secret-0123456789";

let deps: TDeps | undefined;
let app: Express | undefined;

export const testConfig = (overrides: Record<string, string> = {}): TConfig =>
  loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/tmp/crew-test-data",
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...overrides,
  });

/** The app's dependencies over this run's test database; one set per test file. */
export const testDeps = (): TDeps => {
  if (deps) return deps;
  const config = testConfig();
  const logger = createLogger(config);
  const embedded = inject("embedded");
  const db: TDb = createDb(inject("databaseUrl"), embedded);
  const storage = diskStorage(join(config.dataDir, "files"));
  const bus = inProcessBus();
  deps = {
    config,
    logger,
    db,
    redis: null,
    bus,
    storage,
    jobs: createJobs({ config, db, logger, redis: null, storage, bus }, { handlers: JOB_HANDLERS }),
    sessionSecret: TEST_SESSION_SECRET,
    embedded,
  };
  afterAll(async () => {
    await deps?.db.$disconnect();
    deps = undefined;
    app = undefined;
  });
  return deps;
};

/**
 * A test's own write to sessions, the account columns a request reads, or the permissions
 * revision: announced as a revocation like the app's writes (the guard trigger refuses others).
 */
export const revoking = <T>(fn: (tx: TTx) => Promise<T>, db: TDb = testDeps().db): Promise<T> =>
  withRevocation(db, fn);

export const testApp = (): Express => {
  app ??= createApp(testDeps());
  return app;
};
