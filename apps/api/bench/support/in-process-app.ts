import { join, resolve } from "node:path";
import { Redis } from "ioredis";
import { createApp } from "../../src/app.js";
import { loadConfig, type TConfig } from "../../src/config.js";
import type { TDb } from "../../src/db/client.js";
import { startEmbeddedDatabase } from "../../src/db/embedded.js";
import type { TDeps } from "../../src/deps.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs } from "../../src/jobs/index.js";
import { createLogger } from "../../src/lib/logger.js";
import { inProcessBus } from "../../src/live/event-bus.js";
import { diskStorage } from "../../src/storage/disk-storage.js";
import { credentialsIn } from "../../test/support/credentials.js";

/** The settings the request-timing benches run the app with: quiet, no Equasis stand-in, files under `dataDir`. */
export const benchConfig = (dataDir: string, overrides: Record<string, string> = {}): TConfig =>
  loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "bench-session-secret-bench-session-secret-00",
    LOG_LEVEL: "silent",
    EQUASIS_STAND_IN: "false",
    ...overrides,
  });

/** `A=1 B=2` (a bench's BENCH_*_ENV setting) as config overrides. */
export const envOverrides = (text: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (text ?? "")
      .split(/\s+/)
      .filter((pair) => pair.includes("="))
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );

/**
 * The database `pnpm seed:scale` filled: the one DATABASE_URL names, else the embedded one under
 * DATA_DIR (default ./.data in the folder pnpm was started from).
 */
export const scaleDatabase = async (): Promise<{
  url: string;
  embedded: boolean;
  label: string;
  stop(): Promise<void>;
}> => {
  const url = process.env.DATABASE_URL;
  if (url)
    return {
      url,
      embedded: false,
      label: `PostgreSQL (${new URL(url).host}${new URL(url).pathname})`,
      stop: async () => undefined,
    };
  const embedded = await startEmbeddedDatabase(
    resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? "./.data"),
  );
  return { url: embedded.url, embedded: true, label: "embedded PGlite", stop: () => embedded.stop() };
};

/**
 * The Redis a bench's app holds sessions with, as production does: on PostgreSQL with REDIS_URL
 * set (and BENCH_REDIS not 0) the session cache is on (its revocation channel is Redis); without
 * it every request reads its session from the database, which no deployment with Redis does
 * (docs/performance.md "Holding a verified session in memory"). The embedded database keeps its
 * in-memory channel either way.
 */
const benchRedis = (embedded: boolean): Redis | null => {
  const url = process.env.REDIS_URL;
  if (!url || embedded || process.env.BENCH_REDIS === "0") return null;
  return new Redis(url, { maxRetriesPerRequest: 1 });
};

/**
 * The real app (src/app.ts) on `db` in this process, on a loopback port of its own: jobs in
 * process, no schedules; Redis for the session cache when there is one (benchRedis).
 */
export const serveApp = async (
  db: TDb,
  embedded: boolean,
  dataDir: string,
  overrides: Record<string, string> = {},
): Promise<{ origin: string; sessionCache: boolean; close(): void }> => {
  const config = benchConfig(dataDir, overrides);
  const logger = createLogger(config);
  const storage = diskStorage(join(dataDir, "files"));
  const redis = benchRedis(embedded);
  const deps: TDeps = {
    config,
    logger,
    db,
    redis,
    bus: inProcessBus(),
    storage,
    jobs: createJobs(
      { config, db, logger, redis: null, storage },
      { handlers: JOB_HANDLERS, schedules: false },
    ),
    sessionSecret: config.SESSION_SECRET ?? "",
    embedded,
  };
  const server = createApp(deps).listen(0, "127.0.0.1");
  await new Promise<void>((done) => server.once("listening", () => done()));
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    // On: the embedded database's channel in memory, or Redis on PostgreSQL.
    sessionCache: config.SESSION_CACHE_MS > 0 && (embedded || redis !== null),
    close: () => {
      server.close();
      redis?.disconnect();
    },
  };
};

/**
 * Signs in through the API and gives a GET that sends the newest credentials and keeps the
 * rotated ones an answer carries, as the browser does.
 */
export const signedInGet = async (
  origin: string,
  email: string,
  password: string,
): Promise<(path: string, extra?: Record<string, string>) => Promise<Response>> => {
  const signIn = await fetch(`${origin}/api/auth/sign_in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  let headers: Record<string, string> = credentialsIn(signIn.headers) ?? {};
  return async (path, extra = {}) => {
    const res = await fetch(`${origin}${path}`, { headers: { ...headers, ...extra } });
    headers = credentialsIn(res.headers) ?? headers;
    return res;
  };
};
