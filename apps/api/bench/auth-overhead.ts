/**
 * `pnpm --filter @crew/api bench:auth`: the added cost of authentication per request.
 *
 * Compares an authenticated GET /api/ranks (the real app: token check, rotation, actor)
 * with the same resource route behind a baseline app that replaces authentication by a
 * fixed actor and is otherwise wired like src/app.ts (logger, helmet, CORS, JSON body).
 * The difference is what authentication adds. GET /api/health is printed for reference.
 *
 * Three measurements: autocannon runs (sequential and concurrent, baseline and
 * authenticated alternating, medians), paired sequential requests (one of each in turn, the
 * steadiest figure on a busy machine), and authenticate() alone in the server process next
 * to a bare SELECT 1 (the floor for any request that asks the database anything).
 *
 * The server runs in a child process on a throwaway database (embedded PGlite in memory by
 * default; a fresh database on the DATABASE_URL server when set, dropped afterwards), so
 * the load generator does not share its event loop. Runs follow token rotation: answers
 * carrying new credentials replace the ones sent, and every run starts a fresh session.
 *
 * Options (environment): BENCH_SECONDS (per run, default 5), BENCH_ROUNDS (alternating
 * baseline/authenticated runs, medians reported, default 3), BENCH_CONNECTIONS (concurrent
 * runs, default 10), BENCH_PAIRS (paired sequential requests, default 2000).
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { DEMO_PASSWORD } from "@crew/contracts";
import { createApp } from "../src/app.js";
import { findAccountByEmail } from "../src/auth/account-repository.js";
import { sessionServiceFor } from "../src/auth/session-service.js";
import { loadConfig } from "../src/config.js";
import { createDb } from "../src/db/client.js";
import { seedDemo } from "../src/seed/seed.js";
import type { TDeps } from "../src/deps.js";
import { errorMiddleware } from "../src/errors/error-middleware.js";
import type { TActor } from "../src/http/context.js";
import { cors } from "../src/http/cors.js";
import { JOB_HANDLERS } from "../src/job-handlers.js";
import { createJobs } from "../src/jobs/index.js";
import { createLogger } from "../src/lib/logger.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import { apiRouter } from "../src/resources/api-router.js";
import { inProcessBus } from "../src/live/event-bus.js";
import { createStorage } from "../src/storage/create-storage.js";
import { credentialsIn } from "../test/support/credentials.js";
import { throwawayDatabase, type TThrowawayDatabase } from "../test/support/throwaway-database.js";
import { ascending, quantile } from "./support/percentile.js";
import { rotatingGet, type TRotatingAuth } from "./support/rotating-get.js";

const BENCH_EMAIL = "admin@example.com";
const ROUTE = "/api/ranks";

interface TReady {
  appPort: number;
  baselinePort: number;
  database: string;
}

// ---------------------------------------------------------------------------- server side

/** src/app.ts's pipeline with authentication replaced by a fixed actor: the baseline. */
const baselineApp = (deps: TDeps, actor: TActor): Express => {
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "extended");
  app.use(pinoHttp({ logger: deps.logger }));
  app.use(helmet());
  app.use(cors(deps.config));
  app.use("/api", express.json({ type: ["application/json", "application/vnd.api+json"], limit: "1mb" }));
  app.use("/api", (req, _res, next) => {
    req.actor = actor;
    next();
  });
  app.use("/api", apiRouter(deps));
  app.use(errorMiddleware(deps.logger));
  return app;
};

const listen = (app: Express): Promise<number> =>
  new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });

const serve = async (): Promise<void> => {
  // A fresh database, migrated: on the DATABASE_URL server (dropped afterwards), else an in-memory PGlite.
  const database = await throwawayDatabase(process.env.DATABASE_URL, "crew_bench");
  const stop = async () => {
    await database.drop().catch(() => undefined);
    process.exit(0);
  };
  process.on("disconnect", () => void stop());
  try {
    await prepareAndListen(database, stop);
  } catch (error) {
    await database.drop().catch(() => undefined);
    throw error;
  }
};

const prepareAndListen = async (database: TThrowawayDatabase, stop: () => Promise<void>): Promise<void> => {
  const db = createDb(database.url, database.embedded);
  await ensurePermissionRecords(db);
  await seedDemo(db);
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: "/tmp/crew-bench",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    // The session cache (docs/performance.md): SESSION_CACHE_MS=0 measures without it; on
    // PostgreSQL it needs REDIS_URL (the revocation channel), as in production.
    SESSION_CACHE_MS: process.env.SESSION_CACHE_MS ?? "",
  });
  const redis =
    process.env.REDIS_URL && !database.embedded
      ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 })
      : null;
  await redis?.ping();
  const logger = createLogger(config);
  const storage = createStorage(config);
  const jobs = createJobs(
    { config, db, logger, redis: null, storage },
    { handlers: JOB_HANDLERS, redisUrl: null, schedules: false },
  );
  const deps: TDeps = {
    config,
    db,
    logger,
    redis,
    bus: inProcessBus(),
    storage,
    jobs,
    sessionSecret: config.SESSION_SECRET ?? "",
    embedded: database.embedded,
  };

  const account = await findAccountByEmail(db, BENCH_EMAIL);
  if (!account) throw new Error(`the demo seed has no ${BENCH_EMAIL}`);
  const { actor } = await sessionServiceFor(deps).start(account);
  const ready: TReady = {
    appPort: await listen(createApp(deps)),
    baselinePort: await listen(baselineApp(deps, actor)),
    database: database.label,
  };
  process.on("message", (m: TDirectAsk) => {
    timeAuthenticate(deps, m.headers, m.calls).then(
      (answer) => process.send?.(answer),
      (error: unknown) => {
        console.error(error);
        void stop();
      },
    );
  });
  process.send?.(ready);
};

interface TDirectAsk {
  headers: Record<string, string>;
  calls: number;
}
interface TDirectAnswer {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  trivialP50Ms: number;
  rotations: number;
}

/**
 * The middleware's own cost without HTTP around it: the session check (one query), the
 * permission map from the cache and, every 5 s, a rotation (one more query).
 */
const timeAuthenticate = async (
  deps: TDeps,
  start: Record<string, string>,
  calls: number,
): Promise<TDirectAnswer> => {
  const sessions = sessionServiceFor(deps);
  let headers = start;
  let rotations = 0;
  const samples: number[] = [];
  const trivial: number[] = [];
  for (let i = 0; i < calls; i++) {
    let t = performance.now();
    const { issued } = await sessions.authenticate({ headers }, { rotate: true });
    samples.push(performance.now() - t);
    if (issued && issued.accessToken !== headers["access-token"]) {
      rotations++;
      headers = { ...headers, "access-token": issued.accessToken };
    }
    // The floor for any request that asks the database anything, measured alongside.
    t = performance.now();
    await deps.db.$queryRaw`SELECT 1`;
    trivial.push(performance.now() - t);
  }
  return { ...stats(samples), trivialP50Ms: stats(trivial).p50Ms, rotations };
};

const stats = (samples: number[]) => {
  const sorted = ascending(samples);
  return {
    meanMs: sorted.reduce((a, b) => a + b, 0) / Math.max(sorted.length, 1),
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
  };
};

// ---------------------------------------------------------------------------- load side

type THeaders = Record<string, string>;

interface TRun {
  label: string;
  requests: number;
  rps: number;
  perRequestMs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const run = async (
  label: string,
  port: number,
  path: string,
  connections: number,
  seconds: number,
  auth?: TRotatingAuth,
): Promise<TRun> => {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [rotatingGet(path, auth)],
  });
  const requests = result.requests.total;
  return {
    label,
    requests,
    rps: requests / seconds,
    // Little's law: time per request at this concurrency, finer than the whole-ms histogram.
    perRequestMs: (connections * seconds * 1000) / Math.max(requests, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
};

/** One baseline then one authenticated request, `pairs` times, timed one by one. */
const pairedRun = async (ready: TReady, auth: { headers: THeaders }, pairs: number) => {
  const timed = async (port: number, headers: THeaders): Promise<{ ms: number; res: Response }> => {
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${ROUTE}`, { headers });
    await res.arrayBuffer();
    return { ms: performance.now() - t, res };
  };
  const base: number[] = [];
  const authed: number[] = [];
  const added: number[] = [];
  let refused = 0;
  for (let i = 0; i < pairs; i++) {
    const b = await timed(ready.baselinePort, {});
    const a = await timed(ready.appPort, auth.headers);
    if (a.res.status !== 200) refused++;
    auth.headers = credentialsIn(a.res.headers) ?? auth.headers;
    base.push(b.ms);
    authed.push(a.ms);
    added.push(a.ms - b.ms);
  }
  const p50 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  return { baseP50: p50(base), authP50: p50(authed), addedP50: p50(added), refused };
};

const median = (runs: TRun[]): TRun => {
  const middle = [...runs].sort((a, b) => a.perRequestMs - b.perRequestMs)[Math.floor(runs.length / 2)];
  if (!middle) throw new Error("no runs");
  return middle;
};

const row = (r: TRun): string =>
  `  ${r.label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  ${r.perRequestMs.toFixed(3).padStart(7)} ms/req  p50 ${r.p50} ms  p99 ${r.p99} ms` +
  (r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : "");

const main = async (): Promise<void> => {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const concurrency = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const pairs = Number(process.env.BENCH_PAIRS ?? 2000);
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], {
    execArgv: process.execArgv,
    stdio: "inherit",
  });
  // The server's next message, or a failure when it exits first.
  const nextMessage = <T>(): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`bench server exited (${code})`));
      child.once("exit", exited);
      child.once("message", (m) => {
        child.off("exit", exited);
        resolve(m as T);
      });
    });
  const ready = await nextMessage<TReady>();
  try {
    /**
     * A fresh session for each authenticated run: a run cut off by its duration drops the
     * answers in flight, one of which may have carried a rotation; the token it replaced
     * would die 5 s later, during the next run.
     */
    const freshSession = async (): Promise<{ headers: THeaders }> => {
      const res = await fetch(`http://127.0.0.1:${ready.appPort}/api/auth/sign_in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: BENCH_EMAIL, password: DEMO_PASSWORD }),
      });
      const headers = credentialsIn(res.headers);
      if (!res.ok || !headers) throw new Error(`sign-in failed: ${res.status}`);
      return { headers };
    };
    const probe = await fetch(`http://127.0.0.1:${ready.appPort}${ROUTE}`, {
      headers: (await freshSession()).headers,
    });
    if (probe.status !== 200)
      throw new Error(`GET ${ROUTE} answered ${probe.status}: the bench needs that route`);

    console.log(
      `Authentication overhead: GET ${ROUTE}, database: ${ready.database}, ${rounds} alternating rounds of ${seconds} s`,
    );
    // Warm both paths (JIT, permission cache, connection pool) before measuring.
    await run("warm-up", ready.baselinePort, ROUTE, concurrency, 2);
    await run("warm-up", ready.appPort, ROUTE, concurrency, 2, await freshSession());

    for (const connections of [1, concurrency]) {
      const health = await run(
        "GET /api/health (no auth, no db)",
        ready.appPort,
        "/api/health",
        connections,
        seconds,
      );
      // Alternate the two so a noisy neighbour hurts both alike; report the medians.
      const bases: TRun[] = [];
      const authed: TRun[] = [];
      for (let i = 0; i < rounds; i++) {
        bases.push(
          await run(`baseline ${ROUTE} (fixed actor)`, ready.baselinePort, ROUTE, connections, seconds),
        );
        authed.push(
          await run(
            `authenticated ${ROUTE}`,
            ready.appPort,
            ROUTE,
            connections,
            seconds,
            await freshSession(),
          ),
        );
      }
      const base = median(bases);
      const withAuth = median(authed);
      const added = withAuth.perRequestMs - base.perRequestMs;
      console.log(
        `\n${connections === 1 ? "Sequential" : "Concurrent"} (${connections} connection${connections === 1 ? "" : "s"}; medians):`,
      );
      for (const r of [health, base, withAuth]) console.log(row(r));
      console.log(
        `  ratio authenticated / baseline: ${(withAuth.perRequestMs / base.perRequestMs).toFixed(2)}x`,
      );
      console.log(
        `  added by authentication: ${added.toFixed(3)} ms per request${connections > 1 ? " (at this concurrency)" : ""}`,
      );
      const refused = authed.reduce((n, r) => n + r.non2xx, 0);
      if (refused > 0) console.log(`  WARNING: ${refused} authenticated requests were refused`);
    }

    const paired = await pairedRun(ready, await freshSession(), pairs);
    console.log(
      `\nPaired sequential requests (${pairs} pairs, baseline and authenticated alternately, so load hits both alike):`,
    );
    console.log(
      `  baseline p50 ${paired.baseP50.toFixed(3)} ms, authenticated p50 ${paired.authP50.toFixed(3)} ms`,
    );
    console.log(
      `  ratio of medians: ${(paired.authP50 / paired.baseP50).toFixed(2)}x; added (median of per-pair differences): ${paired.addedP50.toFixed(3)} ms`,
    );
    if (paired.refused > 0) console.log(`  WARNING: ${paired.refused} authenticated requests were refused`);

    child.send({ headers: (await freshSession()).headers, calls: 3000 } satisfies TDirectAsk);
    const direct = await nextMessage<TDirectAnswer>();
    console.log(
      `\nauthenticate() alone, in process, 3000 sequential calls: mean ${direct.meanMs.toFixed(3)} ms, p50 ${direct.p50Ms.toFixed(3)} ms, ` +
        `p99 ${direct.p99Ms.toFixed(3)} ms (${direct.rotations} rotations); a bare SELECT 1 through Prisma alongside: p50 ${direct.trivialP50Ms.toFixed(3)} ms`,
    );
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once("exit", resolve));
  }
};

if (process.argv.includes("--serve")) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
