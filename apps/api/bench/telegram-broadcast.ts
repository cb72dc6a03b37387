/**
 * `pnpm bench:broadcast`: a broadcast to a tag of 2,000 seafarers against the Telegram Bot API
 * stand-in, with 429s (retry_after) injected on the way (docs/outside-channels.md "Broadcast to a
 * tag"). Prints how many were sent, failed, answered 429 and retried, and how long it took; it
 * fails when any message is left unsent or a seafarer got it twice. Not a timed test: the
 * duration is Telegram's pace (30 messages a second overall) plus the hold-offs.
 *
 * Database: a fresh embedded PGlite in a temporary folder, or, with BENCH_DATABASE_URL (a
 * PostgreSQL server's URL), a scratch database created on that server and dropped afterwards.
 * With REDIS_URL the sends run on two BullMQ workers sharing the pace through Redis (as two
 * processes would); without, in process.
 *
 * Environment: BENCH_SEAFARERS (default 2000), BENCH_THROTTLES (429 bursts, default 4),
 * BENCH_RETRY_AFTER (seconds each burst asks to wait, default 2).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { hashPassword } from "../src/auth/passwords.js";
import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createDb, type TDb } from "../src/db/client.js";
import { startEmbeddedDatabase } from "../src/db/embedded.js";
import { migrate } from "../src/db/migrate.js";
import type { TDeps } from "../src/deps.js";
import { JOB_HANDLERS } from "../src/job-handlers.js";
import { createJobs, type TJobs } from "../src/jobs/index.js";
import { createLogger } from "../src/lib/logger.js";
import { inProcessBus } from "../src/live/event-bus.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import { diskStorage } from "../src/storage/disk-storage.js";
import { startTelegramStandIn } from "../src/telegram/stand-in/telegram-stand-in.js";
import { credentialsIn } from "../test/support/credentials.js";

const env = process.env;
const SEAFARERS = Number(env.BENCH_SEAFARERS ?? 2000);
const THROTTLES = Number(env.BENCH_THROTTLES ?? 4);
const RETRY_AFTER = Number(env.BENCH_RETRY_AFTER ?? 2);
const REDIS_URL = env.REDIS_URL ?? null;
const TOKEN = `5151515151:bench-broadcast-${randomUUID().slice(0, 8)}`;
const EMAIL = "bench-broadcast@example.com";
const PASSWORD = "Bench-Password-1";

interface TDatabase {
  url: string;
  embedded: boolean;
  label: string;
  stop(): Promise<void>;
}

const scratchDatabase = async (dataDir: string): Promise<TDatabase> => {
  const server = env.BENCH_DATABASE_URL;
  if (!server) {
    const embedded = await startEmbeddedDatabase(join(dataDir, "db"));
    return { url: embedded.url, embedded: true, label: "embedded PGlite", stop: () => embedded.stop() };
  }
  const name = `crew_bench_broadcast_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: false,
    label: `PostgreSQL (${url.host}, scratch database)`,
    stop: async () => {
      const drop = new pg.Client({ connectionString: server });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
};

const seed = async (db: TDb): Promise<number> => {
  await db.client.create({
    data: {
      name: "Bench Recruiter",
      email: EMAIL,
      role: "admin",
      passwordHash: await hashPassword(PASSWORD),
    },
  });
  const tag = await db.tag.create({ data: { name: "Vacancy announcement (bench)" } });
  const run = randomUUID().slice(0, 6);
  await db.user.createMany({
    data: Array.from({ length: SEAFARERS }, (_, i) => ({
      crewingApplicantId: `B${run}${i}`.slice(0, 12),
      surname: `Bench${i}`,
      name: "Ivan",
      telegramUserId: String(700_000_000 + i),
    })),
  });
  const users = await db.user.findMany({ where: { surname: { startsWith: "Bench" } }, select: { id: true } });
  await db.userTag.createMany({ data: users.map((u) => ({ userId: u.id, tagId: tag.id })) });
  return tag.id;
};

const main = async (): Promise<void> => {
  const dataDir = mkdtempSync(join(tmpdir(), "crew-bench-broadcast-"));
  const database = await scratchDatabase(dataDir);
  const standIn = await startTelegramStandIn({ token: TOKEN, botUsername: "crew_bench_bot" });
  const prefix = `crew-bench-broadcast-${randomUUID()}`;
  const connections: Redis[] = [];
  let workers: TJobs[] = [];
  try {
    await migrate(database.url);
    const db = createDb(database.url, database.embedded);
    await ensurePermissionRecords(db);
    const tagId = await seed(db);

    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-session-secret-bench-session-secret-00",
      LOG_LEVEL: "silent",
      EQUASIS_STAND_IN: "false",
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: standIn.url,
    });
    const logger = createLogger(config);
    const storage = diskStorage(join(dataDir, "files"));
    const bus = inProcessBus();
    const worker = () => {
      const redis = REDIS_URL ? new Redis(REDIS_URL, { maxRetriesPerRequest: null }) : null;
      if (redis) connections.push(redis);
      return createJobs(
        { config, db, logger, redis, storage, bus },
        { handlers: JOB_HANDLERS, redisUrl: REDIS_URL, prefix, schedules: false },
      );
    };
    workers = REDIS_URL ? [worker(), worker()] : [worker()];
    for (const w of workers) await w.start();
    const deps: TDeps = {
      config,
      logger,
      db,
      redis: null,
      bus,
      storage,
      jobs: workers[0] as TJobs,
      sessionSecret: config.SESSION_SECRET ?? "",
      embedded: database.embedded,
    };
    const server = createApp(deps).listen(0, "127.0.0.1");
    await new Promise<void>((done) => server.once("listening", () => done()));
    const address = server.address();
    const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

    const signIn = await fetch(`${origin}/api/auth/sign_in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    let headers: Record<string, string> = credentialsIn(signIn.headers) ?? {};
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: { ...headers, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      headers = credentialsIn(res.headers) ?? headers;
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };

    const text = "Vacancy: 2nd Officer, container ship, joining in March. Answer here if interested.";
    const count = await call("POST", "/api/chat_messages/broadcast", { tag_id: tagId, body: text });
    const linked = Number(count.body.data.linked);
    if (linked !== SEAFARERS) throw new Error(`count says ${linked}, expected ${SEAFARERS}`);

    const started = performance.now();
    const startedAt = Date.now();
    // The 429 bursts: the first at once, then spread over the expected run (30 a second).
    const expectedMs = (SEAFARERS / 30) * 1000;
    const timers = Array.from({ length: THROTTLES }, (_, i) =>
      setTimeout(() => standIn.throttleNext(2, RETRY_AFTER), (i * expectedMs) / Math.max(1, THROTTLES)),
    );
    const sent = await call("POST", "/api/chat_messages/broadcast", {
      tag_id: tagId,
      body: text,
      confirm: linked,
    });
    if (sent.status !== 201)
      throw new Error(`broadcast refused: ${sent.status} ${JSON.stringify(sent.body)}`);
    const taskId = Number(sent.body.data.background_task_id);

    let result: Record<string, unknown> = {};
    let last = -1;
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const task = await call("GET", `/api/background_tasks/${taskId}`);
      const attrs = task.body.data.attributes as Record<string, unknown>;
      if (attrs.done !== last) {
        last = Number(attrs.done);
        process.stdout.write(`\r  progress ${last}/${String(attrs.total)}   `);
      }
      if (attrs.status === "done" || attrs.status === "failed") {
        result = (attrs.result as Record<string, unknown>) ?? {};
        break;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    for (const t of timers) clearTimeout(t);
    server.close();

    const sends = standIn.calls.filter((c) => c.method === "sendMessage" && c.at >= startedAt);
    const throttled = sends.filter((c) => c.status === 429).length;
    const perChat = new Map<number, number>();
    for (const s of standIn.sent)
      if (s.text === text) perChat.set(s.chat_id, (perChat.get(s.chat_id) ?? 0) + 1);
    const twice = [...perChat.values()].filter((n) => n > 1).length;
    const rows = await db.chatMessage.groupBy({
      by: ["status"],
      where: { broadcastId: taskId },
      _count: true,
    });
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r._count]));
    const unsent = SEAFARERS - (byStatus.sent ?? 0);
    const okCalls = sends.filter((c) => c.status === 200).length;

    console.log(
      `\n\nbroadcast to ${SEAFARERS} seafarers on ${database.label}, ${REDIS_URL ? "2 BullMQ workers + Redis pace" : "in-process jobs"}:`,
    );
    console.log(
      `  sent ${byStatus.sent ?? 0}, failed ${byStatus.failed ?? 0}, still queued ${byStatus.queued ?? 0} (task result ${JSON.stringify(result)})`,
    );
    console.log(
      `  429 answers ${throttled} (injected ${THROTTLES} bursts of 2, retry_after ${RETRY_AFTER}s), all retried: ${unsent === 0 ? "yes" : "NO"}`,
    );
    console.log(
      `  sendMessage calls ${sends.length} (${okCalls} ok); seafarers who got it: ${perChat.size}, twice: ${twice}`,
    );
    console.log(
      `  duration ${seconds.toFixed(1)} s, ${(okCalls / seconds).toFixed(1)} messages/s (Telegram's limit: 30/s)`,
    );
    if (unsent > 0 || twice > 0 || perChat.size !== SEAFARERS) process.exitCode = 1;
  } finally {
    for (const w of workers) await w.stop();
    if (REDIS_URL) {
      const queue = new Queue("jobs", { connection: { url: REDIS_URL }, prefix });
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
    for (const c of connections) await c.quit();
    await standIn.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
