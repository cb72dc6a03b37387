/**
 * `pnpm bench:cost`: where an authenticated list request's time goes, and how the API's
 * throughput compares with a peer.
 *
 * 1. The split. The real app (src/app.ts) in this process, on a database of its own (a fresh
 *    one on DATABASE_URL's server, dropped afterwards; else the embedded PGlite), with the
 *    production logger writing JSON lines to /dev/null. Every top-level middleware is timed
 *    from its entry to its next() (or, for the one that answers, to the answer's end), database
 *    round trips (pg's Client#query) are timed and charged to the middleware that made them,
 *    `res.json` (serialisation and send) is timed apart, and so is the request log's line,
 *    written when the answer finishes. Requests go one at a time over loopback, following
 *    token rotation, so the figures are the cost of one request with nothing queued.
 *
 * 2. Throughput (BENCH_THROUGHPUT=0 skips it): the API as its own process (src/main.ts,
 *    production settings, request logs to /dev/null) against the same database, autocannon
 *    with BENCH_CONNECTIONS (default 10) for BENCH_SECONDS (default 5) per run, alternating
 *    with the peer when one is set up (bench/peer-zenstack: ZenStack's automatic JSON:API
 *    handler over the same tables, no authentication), BENCH_ROUNDS rounds (default 3),
 *    medians reported.
 *
 *   pnpm bench:cost            # DATABASE_URL=postgresql://… for PostgreSQL
 *
 * BENCH_ROUTES=ranks,ports (labels' first words) times only those lists; BENCH_NODE_ARGS go to
 * this checkout's API process (`--cpu-prof --cpu-prof-dir=…` profiles the throughput runs).
 *
 * BENCH_BEFORE=<another checkout>/apps/api also starts that checkout's API on the same
 * database and takes turns with it: the before and after of a change, measured alike.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import type { Express } from "express";
import pg from "pg";
import pino from "pino";
import { DEMO_PASSWORD } from "@crew/contracts";
import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createDb } from "../src/db/client.js";
import { seedDemo } from "../src/seed/seed.js";
import type { TDeps } from "../src/deps.js";
import { JOB_HANDLERS } from "../src/job-handlers.js";
import { createJobs } from "../src/jobs/index.js";
import { createLogger } from "../src/lib/logger.js";
import { inProcessBus } from "../src/live/event-bus.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import { createStorage } from "../src/storage/create-storage.js";
import {
  API_DIR,
  buildApi,
  freePort,
  startApi,
  startProcess,
  waitForHttp,
  type TProcess,
} from "../test/support/api-process.js";
import { credentialsIn } from "../test/support/credentials.js";
import { throwawayDatabase } from "../test/support/throwaway-database.js";
import { ascending, quantile } from "./support/percentile.js";
import { rotatingGet, type TRotatingAuth } from "./support/rotating-get.js";
import { sameRows } from "./support/same-rows.js";

type THeaders = Record<string, string>;

/**
 * The routes measured: the issue's small lists. `peer` is the same list from the peer's handler,
 * asked for the same page (size and order) so both answer the same rows; the harness checks that
 * before it times them (`sameRows`). Left to their defaults the peer would answer up to 100 rows
 * with a count, ordered as the table is, and the API 25 by its own default order.
 */
const ROUTES = [
  { label: "15 ranks", ours: "/api/ranks?sort=id&page[size]=100", peer: "/api/rank?sort=id&page[limit]=100" },
  {
    label: "clients filtered by role",
    ours: "/api/clients?filter[role]=manager&sort=id&page[size]=100",
    peer: "/api/client?filter[role]=manager&sort=id&page[limit]=100",
  },
  {
    label: "ports with their countries",
    ours: "/api/ports?include=country&sort=id&page[size]=100",
    peer: "/api/port?include=country&sort=id&page[limit]=100",
  },
] as const;

// ------------------------------------------------------------------ instruments

/**
 * What src/app.ts mounts, in order, as a list request meets it (the /api/auth router is
 * skipped by its path and never entered). The bench prints the app's stack beside this, so a
 * change to app.ts that shifts it shows.
 */
const STAGES = [
  "request log (start)",
  "security headers (helmet)",
  "CORS",
  "JSON body parser",
  "content-type check",
  "input guard (NUL, depth)",
  "Cache-Control: no-store",
  "health routes (passed by)",
  "public config route (passed by)",
  "API reference routes (passed by)",
  "auth routes (not entered)",
  "Telegram webhook (passed by)",
  "authenticate: session, rotation, permission map",
  "resource routes: kernel, query, rows",
] as const;
const ANSWERING = "resource routes: kernel, query, rows";

/** One request's times: by stage, and the database round trips made within each stage. */
interface TRecord {
  stages: Map<string, number>;
  db: Map<string, number>;
}
let record: TRecord = { stages: new Map(), db: new Map() };
const records: TRecord[] = [];
let current = "outside";
const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);

const STRINGIFY = "JSON.stringify of the answer";
const SEND = "res.send: size check, headers, write";
const LOG_LINE = "request log (line written at the end)";

/** Database round trips, charged to the stage that is running (requests go one at a time). */
const timeQueries = () => {
  const original: unknown = Reflect.get(pg.Client.prototype, "query");
  if (typeof original !== "function") throw new Error("pg.Client#query not found");
  const timed = function (this: pg.Client, ...args: unknown[]) {
    const stage = current;
    const into = record;
    const started = performance.now();
    const done = () => add(into.db, stage, performance.now() - started);
    // pg takes a callback (the pool's own queries) or answers with a promise.
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return Reflect.apply(last, undefined, results);
      };
    }
    const result: unknown = Reflect.apply(original, this, args);
    if (result instanceof Promise) void result.finally(done).catch(() => undefined);
    return result;
  };
  Object.defineProperty(pg.Client.prototype, "query", { value: timed, writable: true, configurable: true });
};

type TLayer = {
  name: string;
  handle: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => unknown;
};
const stackOf = (app: Express): TLayer[] => (app.router as unknown as { stack: TLayer[] }).stack;

/** A label for each of the app's layers: STAGES in order, then `#index name` for the rest. */
const labelsOf = (app: Express): string[] => stackOf(app).map((l, i) => STAGES[i] ?? `#${i} ${l.name}`);

/**
 * Wraps each top-level layer of the app (time to its next(), or to the answer's end for the
 * one that answers), JSON.stringify and res.send inside the answering stage, and the request
 * log's line, written in a 'finish' listener the log's middleware adds.
 */
const instrument = (app: Express) => {
  const labels = labelsOf(app);
  stackOf(app).forEach((layer, index) => {
    const original = layer.handle;
    if (original.length > 3) return;
    const stage = labels[index] ?? `#${index} ${layer.name}`;
    layer.handle = function (req, res, next) {
      if (index === 0) {
        record = { stages: new Map(), db: new Map() };
        // One listener per stage below: more than Node's default ten is expected here.
        res.setMaxListeners(40);
      }
      const mine = record;
      const started = performance.now();
      const previous = current;
      current = stage;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        add(mine.stages, stage, performance.now() - started);
      };
      if (index === 0) {
        let before = 0;
        res.once("finish", () => {
          before = performance.now();
          current = LOG_LINE;
        });
        return original.call(this, req, res, (err?: unknown) => {
          // Runs after the log's own listener: the line is written by then.
          res.once("finish", () => {
            add(mine.stages, LOG_LINE, performance.now() - before);
            current = "outside";
            records.push(mine);
          });
          finish();
          current = previous;
          next(err);
        });
      }
      res.once("finish", finish);
      return original.call(this, req, res, (err?: unknown) => {
        finish();
        current = previous;
        next(err);
      });
    };
  });
  const timedInAnswer = <T>(label: string, fn: () => T): T => {
    if (current !== ANSWERING) return fn();
    const started = performance.now();
    const into = record;
    const out = fn();
    const ms = performance.now() - started;
    add(into.stages, label, ms);
    // Shown on its own line, not twice.
    add(into.stages, ANSWERING, -ms);
    return out;
  };
  const stringify = JSON.stringify;
  Object.defineProperty(JSON, "stringify", {
    value: (
      value: unknown,
      replacer?: (this: unknown, key: string, value: unknown) => unknown,
      space?: string | number,
    ) => timedInAnswer(STRINGIFY, () => stringify(value, replacer, space)),
    writable: true,
    configurable: true,
  });
  const send = app.response.send;
  app.response.send = function (body?: unknown) {
    return timedInAnswer(SEND, () => send.call(this, body));
  };
  return labels;
};

const us = (ms: number) => `${(ms * 1000).toFixed(0).padStart(6)} µs`;

// ------------------------------------------------------------------ HTTP helpers

const signIn = async (base: string): Promise<THeaders> => {
  const res = await fetch(`${base}/api/auth/sign_in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: DEMO_PASSWORD }),
  });
  const headers = credentialsIn(res.headers);
  if (!res.ok || !headers) throw new Error(`sign-in answered ${res.status}`);
  return headers;
};

const listen = (app: Express): Promise<{ url: string; close(): Promise<void> }> =>
  new Promise((resolveListen) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolveListen({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });

// ------------------------------------------------------------------ part 1: the split

const split = async (deps: TDeps, requests: number) => {
  const app = createApp(deps);
  const labels = instrument(app);
  const server = await listen(app);
  let headers = await signIn(server.url);
  const rows: string[] = [];
  try {
    for (const route of ROUTES.filter(chosen)) {
      // Warm-up: JIT, prepared statements, the permission cache.
      for (let i = 0; i < 300; i++) {
        const res = await fetch(`${server.url}${route.ours}`, { headers });
        await res.arrayBuffer();
        headers = credentialsIn(res.headers) ?? headers;
      }
      records.length = 0;
      const walls: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        const res = await fetch(`${server.url}${route.ours}`, { headers });
        await res.arrayBuffer();
        walls.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`GET ${route.ours} answered ${res.status}`);
        headers = credentialsIn(res.headers) ?? headers;
      }
      const order = [...labels, STRINGIFY, SEND, LOG_LINE];
      const seen = order.filter((stage) => records.some((r) => r.stages.has(stage)));
      rows.push(
        `\nGET ${route.ours} (${route.label}): ${records.length} sequential requests; median (mean) per request`,
      );
      for (const stage of seen) {
        const own = records.map((r) => r.stages.get(stage) ?? 0);
        const db = records.map((r) => r.db.get(stage) ?? 0);
        const mean = own.reduce((a, b) => a + b, 0) / own.length;
        const dbMedian = quantile(ascending(db), 0.5);
        rows.push(
          `  ${stage.padEnd(48)} ${us(quantile(ascending(own), 0.5))} (${us(mean).trim()})${dbMedian > 0 ? `   database round trips ${us(dbMedian).trim()}` : ""}`,
        );
      }
      const serverTotals = records.map((r) => [...r.stages.values()].reduce((a, b) => a + b, 0));
      rows.push(`  ${"server, all stages".padEnd(48)} ${us(quantile(ascending(serverTotals), 0.5))}`);
      rows.push(
        `  ${"whole request, fetch to fetch (client in-process)".padEnd(48)} ${us(quantile(ascending(walls), 0.5))}`,
      );
    }
  } finally {
    await server.close();
  }
  return rows;
};

// ------------------------------------------------------------------ part 2: throughput

interface TRun {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  cpuUs: number;
}

/** CPU time a process has used so far (user + system), from /proc: steadier than req/s on a shared machine. */
const cpuMsOf = (pid: number | undefined): number => {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
};

const run = async (
  url: string,
  path: string,
  connections: number,
  seconds: number,
  auth?: TRotatingAuth,
  pid?: number,
): Promise<TRun> => {
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [rotatingGet(path, auth)],
  });
  const cpuUs = ((cpuMsOf(pid) - cpuBefore) * 1000) / Math.max(result.requests.total, 1);
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuUs,
  };
};

const median = (xs: TRun[]): TRun => {
  const by = (key: "rps" | "cpuUs") =>
    [...xs].map((x) => x[key]).sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const middle = [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)];
  return {
    rps: by("rps"),
    cpuUs: by("cpuUs"),
    p50: middle?.p50 ?? 0,
    p99: middle?.p99 ?? 0,
    non2xx: xs.reduce((n, x) => n + x.non2xx, 0),
  };
};

const PEER_DIR = resolve(API_DIR, "bench/peer-zenstack");

/** A server compared with the API (the peer, the floor): `entry` on DATABASE_URL at a free port, ready once `readyPath` answers. */
const startBeside = async (
  entry: string,
  databaseUrl: string,
  readyPath: string,
): Promise<TProcess & { url: string }> => {
  const port = await freePort();
  const proc = startProcess(entry, { DATABASE_URL: databaseUrl, PORT: String(port) }, { quiet: true });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${url}${readyPath}`, 60_000);
  return Object.assign(proc, { url });
};

const startPeer = async (databaseUrl: string): Promise<(TProcess & { url: string }) | undefined> =>
  existsSync(join(PEER_DIR, "node_modules/.generated/schema.ts"))
    ? startBeside(join(PEER_DIR, "start.sh"), databaseUrl, "/api/rank")
    : undefined;

/**
 * The stack's floor (bench/stack-floor.ts): Express 5 and pg answering the same lists with no
 * authentication, permissions or log. Skipped with BENCH_FLOOR=0.
 */
const startFloor = (databaseUrl: string): Promise<TProcess & { url: string }> =>
  startBeside("bench/stack-floor.ts", databaseUrl, "/api/ranks");

/** Another checkout's apps/api to measure beside this one (BENCH_BEFORE): the code before a change. */
const BEFORE_DIR = process.env.BENCH_BEFORE;
/**
 * BENCH_BEFORE_ENV="SESSION_CACHE_MS=0" (space-separated NAME=value): the "before" is this
 * checkout with those settings, when the other tree cannot share the database (a migration
 * it does not know, such as the session revocation guard, refuses its writes).
 */
const BEFORE_ENV = process.env.BENCH_BEFORE_ENV
  ? Object.fromEntries(
      process.env.BENCH_BEFORE_ENV.split(/\s+/)
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    )
  : undefined;

/** BENCH_ROUTES: the lists to time, by the first word of their label ("15 ranks" is "ranks"). */
const chosen = (route: { label: string }): boolean => {
  const wanted = (process.env.BENCH_ROUTES ?? "").split(",").filter(Boolean);
  return wanted.length === 0 || wanted.some((w) => route.label.replace(/^\d+ /, "").startsWith(w));
};

const throughput = async (databaseUrl: string | undefined, embedded: boolean) => {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const envFor = (): Record<string, string> => ({
    DATA_DIR: join(tmpdir(), `crew-cost-${randomUUID().slice(0, 8)}`),
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SEED_DEMO: "true",
    LOG_LEVEL: "info",
    ...(databaseUrl && !embedded ? { DATABASE_URL: databaseUrl } : {}),
    // The session cache needs the revocation channel on PostgreSQL (docs/performance.md); both trees get the same.
    ...(process.env.REDIS_URL && !embedded
      ? { REDIS_URL: process.env.REDIS_URL, INLINE_WORKER: "true" }
      : {}),
    ...(process.env.SESSION_CACHE_MS ? { SESSION_CACHE_MS: process.env.SESSION_CACHE_MS } : {}),
  });
  // One after the other: the first seeds the database.
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": node options for this checkout's API only (a profile of its runs).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  // The production bundle (BENCH_SOURCE=1: src/ under tsx, as before 2026-11-29).
  const built = process.env.BENCH_SOURCE !== "1";
  if (built) {
    buildApi();
    if (BEFORE_DIR) buildApi(resolve(BEFORE_DIR));
  }
  const api = await startApi(envFor(), { quiet: true, timeoutMs: 180_000, nodeArgs, built });
  const before = BEFORE_DIR
    ? await startApi(envFor(), { quiet: true, timeoutMs: 180_000, dir: resolve(BEFORE_DIR), built })
    : BEFORE_ENV
      ? await startApi({ ...envFor(), ...BEFORE_ENV }, { quiet: true, timeoutMs: 180_000, built })
      : undefined;
  const peer = !embedded && databaseUrl ? await startPeer(databaseUrl) : undefined;
  const floor =
    !embedded && databaseUrl && process.env.BENCH_FLOOR !== "0" ? await startFloor(databaseUrl) : undefined;
  const lines: string[] = [
    `\nThroughput: autocannon, ${connections} connections, ${seconds} s runs, ${rounds} rounds taking turns, medians; the API ${built ? "as built (dist/main.js)" : "from src/ under tsx"}.`,
    "  req/s swings with the machine's other load; the server's CPU time per request (from /proc) is the steadier measure of its cost.",
  ];
  if (!peer)
    lines.push(
      embedded
        ? "  (the peer runs on PostgreSQL only: set DATABASE_URL)"
        : "  (no peer: set it up with bench/peer-zenstack/README.md to compare)",
    );
  if (before) lines.push(`  before = ${BEFORE_DIR ?? `this checkout with ${process.env.BENCH_BEFORE_ENV}`}`);
  const cell = (r: TRun) =>
    `${r.rps.toFixed(0).padStart(5)} req/s ${r.cpuUs.toFixed(0).padStart(5)} µs CPU/req${r.non2xx ? ` ${r.non2xx} non-2xx!` : ""}`;
  const ratio = (a: TRun, b: TRun) =>
    `${(a.rps / b.rps).toFixed(2)}x req/s, ${(b.cpuUs / a.cpuUs).toFixed(2)}x by CPU`;
  try {
    for (const route of ROUTES.filter(chosen)) {
      const ours: TRun[] = [];
      const old: TRun[] = [];
      const theirs: TRun[] = [];
      const bare: TRun[] = [];
      // Our answer once, checked against each server compared with it before any is timed.
      const mine: unknown =
        floor || peer
          ? await fetch(`${api.url}${route.ours}`, { headers: await signIn(api.url) }).then((r) => r.json())
          : undefined;
      // The floor answers the API's own path and parameters it ignores (its SQL holds them).
      let floorSame = false;
      if (floor) {
        const floorAnswer: unknown = await fetch(`${floor.url}${route.ours}`).then((r) => r.json());
        const check = sameRows(mine, floorAnswer);
        lines.push(`  ${route.label}: the floor's rows the same? ${check.summary}`);
        floorSame = check.ok;
      }
      if (peer) {
        const peerAnswer: unknown = await fetch(`${peer.url}${route.peer}`).then((r) => r.json());
        const check = sameRows(mine, peerAnswer);
        lines.push(`  ${route.label}: same rows? ${check.summary}`);
        if (!check.ok) {
          lines.push("    not timed: the two answers differ, so a comparison would prove nothing");
          continue;
        }
      }
      await run(api.url, route.ours, connections, 2, { headers: await signIn(api.url) });
      if (before) await run(before.url, route.ours, connections, 2, { headers: await signIn(before.url) });
      if (peer) await run(peer.url, route.peer, connections, 2);
      if (floor && floorSame) await run(floor.url, route.ours, connections, 2);
      for (let i = 0; i < rounds; i++) {
        ours.push(
          await run(api.url, route.ours, connections, seconds, { headers: await signIn(api.url) }, api.pid),
        );
        if (before)
          old.push(
            await run(
              before.url,
              route.ours,
              connections,
              seconds,
              { headers: await signIn(before.url) },
              before.pid,
            ),
          );
        if (peer) theirs.push(await run(peer.url, route.peer, connections, seconds, undefined, peer.pid));
        if (floor && floorSame)
          bare.push(await run(floor.url, route.ours, connections, seconds, undefined, floor.pid));
      }
      const o = median(ours);
      const b = before ? median(old) : undefined;
      const t = peer ? median(theirs) : undefined;
      lines.push(`  ${route.label}`);
      lines.push(`    now     ${cell(o)}`);
      if (b) lines.push(`    before  ${cell(b)}   now/before: ${ratio(o, b)}`);
      if (t)
        lines.push(
          `    peer    ${cell(t)}   now/peer: ${ratio(o, t)}${b ? `; before/peer: ${ratio(b, t)}` : ""}`,
        );
      const f = bare.length > 0 ? median(bare) : undefined;
      if (f)
        lines.push(
          `    floor   ${cell(f)}   floor/now: ${ratio(f, o)}${t ? `; floor/peer: ${ratio(f, t)}` : ""}`,
        );
    }
  } finally {
    await api.stop();
    await before?.stop();
    await peer?.stop();
    await floor?.stop();
  }
  return lines;
};

// ------------------------------------------------------------------ main

const main = async () => {
  const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
  const database = await throwawayDatabase(process.env.DATABASE_URL, "crew_cost");
  const db = createDb(database.url, database.embedded);
  let redis: Redis | null = null;
  try {
    await ensurePermissionRecords(db);
    await seedDemo(db);
    timeQueries();
    const config = loadConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATA_DIR: join(tmpdir(), "crew-cost"),
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SESSION_CACHE_MS: process.env.SESSION_CACHE_MS ?? "",
    });
    redis =
      process.env.REDIS_URL && !database.embedded
        ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 })
        : null;
    await redis?.ping();
    const logger = createLogger(config, { destination: pino.destination({ dest: "/dev/null", sync: true }) });
    const storage = createStorage(config);
    const deps: TDeps = {
      config,
      db,
      logger,
      redis,
      bus: inProcessBus(),
      storage,
      embedded: database.embedded,
      jobs: createJobs(
        { config, db, logger, redis: null, storage },
        { handlers: JOB_HANDLERS, redisUrl: null, schedules: false },
      ),
      sessionSecret: config.SESSION_SECRET ?? "",
    };
    const probe = createApp(deps);
    console.log(
      `bench:cost on ${database.label}\nthe app's middleware (function names): ${stackOf(probe)
        .map((l) => l.name)
        .join(", ")}\nread as: ${labelsOf(probe).join(" → ")}`,
    );
    for (const line of await split(deps, requests)) console.log(line);
    if (process.env.BENCH_THROUGHPUT !== "0") {
      // The embedded database is one session: the API process below serves its own from DATA_DIR.
      for (const line of await throughput(database.embedded ? undefined : database.url, database.embedded))
        console.log(line);
    }
  } finally {
    await redis?.quit();
    await db.$disconnect();
    await database.drop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
