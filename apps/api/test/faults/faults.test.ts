import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TOKEN_ROTATION_GRACE_MS } from "@crew/contracts";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/passwords.js";
import { createDb, type TDb } from "../../src/db/client.js";
import { createJobs, type TJobs } from "../../src/jobs/index.js";
import { createStorage } from "../../src/storage/create-storage.js";
import { createLogger } from "../../src/lib/logger.js";
import { loadConfig } from "../../src/config.js";
import { ensurePermissionRecords } from "../../src/permissions/permission-seed-repository.js";
import { startProcess, type TProcess } from "../support/api-process.js";
import { throwawayDatabase, type TThrowawayDatabase } from "../support/throwaway-database.js";
import {
  PG_SERVER,
  REDIS_URL,
  SKIP_REASON,
  Session,
  call,
  dataOf,
  eventually,
  startOwnRedis,
  startProbeApi,
  tag,
  uniqueImo,
  type TAnswer,
} from "./fault-support.js";
import { createProbeTables, probeEffects, probeHandler, probeJob, probeRuns } from "./probe-job.js";

/**
 * Faults with real processes (tsx on the entry points), one PostgreSQL database of their own
 * and Redis: an API killed mid-write, a worker killed mid-job, two API processes and two
 * workers sharing one database and one Redis, and Redis going away under a running API.
 */
const PASSWORD = "Fault-Password-1";
const prefix = `crew-faults-${tag()}`;
const started: TProcess[] = [];
const track = <T extends TProcess>(p: T): T => {
  started.push(p);
  return p;
};

let database: TThrowawayDatabase;
let db: TDb;
let producer: TJobs;
let adminEmail: string;
let guestEmail: string;
let env: Record<string, string>;

describe.skipIf(SKIP_REASON !== undefined)(`faults${SKIP_REASON ? ` (skipped: ${SKIP_REASON})` : ""}`, () => {
  beforeAll(async () => {
    database = await throwawayDatabase(PG_SERVER, "crew_faults");
    db = createDb(database.url, false);
    await ensurePermissionRecords(db);
    await createProbeTables(db);
    const passwordHash = await hashPassword(PASSWORD);
    adminEmail = `fault-admin-${tag()}@faults.example.com`;
    guestEmail = `fault-guest-${tag()}@faults.example.com`;
    await db.client.createMany({
      data: [
        { name: "Fault Admin", email: adminEmail, role: "admin", passwordHash },
        { name: "Fault Guest", email: guestEmail, role: "guest", passwordHash },
      ],
    });
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL ?? "",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DATA_DIR: join(tmpdir(), `crew-faults-${tag()}`),
      PROBE_JOBS_PREFIX: prefix,
      SIGN_IN_RATE_LIMIT: "1000",
      // "worker started" is an info line.
      LOG_LEVEL: "info",
    };
    const config = loadConfig({
      NODE_ENV: "test",
      SESSION_SECRET: env.SESSION_SECRET,
      DATA_DIR: env.DATA_DIR,
    });
    producer = createJobs(
      { config, db, logger: createLogger(config), redis: null, storage: createStorage(config) },
      { redisUrl: REDIS_URL, prefix, handlers: [probeHandler], schedules: false },
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(started.map((p) => p.kill9()));
    await producer?.stop();
    if (REDIS_URL) {
      const queue = new Queue("jobs", { connection: { url: REDIS_URL }, prefix });
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
    await db?.$disconnect();
    await database?.drop();
  }, 60_000);

  it("kill -9 of an API process while writes are in flight: after a restart every 2xx write is there, none half-written", async () => {
    const api = track(await startProbeApi(env));
    const owner = await db.owner.create({ data: { title: `Crash owner ${tag()}` } });
    const recruiters = (
      await db.client.findMany({ where: { email: { in: [adminEmail, guestEmail] } }, select: { id: true } })
    ).map((c) => c.id);
    const lanes = await Promise.all(
      Array.from({ length: 8 }, () => Session.signIn(api.url, adminEmail, PASSWORD)),
    );
    const before = lanes[0];
    if (!before) throw new Error("no session");

    // A vessel, its owner link and two recruiter assignments: four rows in one transaction.
    const acknowledged = new Map<number, string>();
    let unanswered = 0;
    let stop = false;
    const writing = lanes.map(async (session, lane) => {
      for (let k = 0; !stop; k++) {
        const name = `Crash ${prefix} ${lane}-${k}`;
        try {
          const answer = await session.send(api.url, "POST", "/api/vessels", {
            data: {
              type: "vessels",
              attributes: { name, imo: uniqueImo() },
              relationships: {
                owner: { data: { type: "owners", id: String(owner.id) } },
                recruiters: { data: recruiters.map((id) => ({ type: "clients", id: String(id) })) },
              },
            },
          });
          const created = dataOf(answer);
          if (answer.status === 201 && created) acknowledged.set(Number(created.id), name);
          else if (answer.status !== 201)
            throw new Error(`POST /api/vessels answered ${answer.status}: ${JSON.stringify(answer.json)}`);
        } catch (error) {
          if (error instanceof Error && /answered/.test(error.message)) throw error;
          // The connection died with the process: this write may or may not have committed.
          unanswered++;
          return;
        }
      }
    });
    await eventually("30 acknowledged writes", async () => acknowledged.size >= 30, 60_000, 20);
    await api.kill9();
    stop = true;
    await Promise.all(writing);
    expect(unanswered, "writes were in flight when the process died").toBeGreaterThan(0);

    const restarted = track(await startProbeApi(env));
    // Every acknowledged vessel is there with its owner link and both assignments.
    const rows = await db.vessel.findMany({
      where: { name: { startsWith: `Crash ${prefix} ` } },
      select: {
        id: true,
        name: true,
        ownerVessel: { select: { ownerId: true } },
        _count: { select: { recruiters: true } },
      },
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = [...acknowledged.keys()].filter((id) => !byId.has(id));
    expect(missing, "acknowledged writes missing after the restart").toEqual([]);
    // None half-written: every vessel of the run (answered or not) has all its rows.
    const partial = rows
      .filter((r) => r.ownerVessel?.ownerId !== owner.id || r._count.recruiters !== 2)
      .map((r) => r.name);
    expect(partial, "vessels without their owner link or assignments").toEqual([]);
    // The restarted process serves them, and a session made before the crash still works.
    const sample = [...acknowledged.keys()].slice(-3);
    for (const id of sample) {
      const answer = await before.send(restarted.url, "GET", `/api/vessels/${id}?include=owner`);
      expect(answer.status).toBe(200);
    }
    await restarted.stop();
  }, 180_000);

  it("kill -9 of a worker in the middle of a job: another picks it up and its effect happens once", async () => {
    const first = track(startProcess("test/faults/probe-worker.ts", env));
    await eventually("worker started", async () => /worker started/.test(first.output()), 60_000);
    const key = `crash-${tag()}`;
    const jobId = await producer.enqueue(probeJob, { key, holdMs: 3_000 });
    await eventually("the first run began", async () => (await probeRuns(db, key)).length > 0, 30_000);
    expect((await probeRuns(db, key))[0]?.pid).toBe(first.pid);
    await first.kill9();
    expect(await probeEffects(db, key), "killed before its effect").toBe(0);

    const second = track(startProcess("test/faults/probe-worker.ts", env));
    await eventually(
      "the job ran to its end on the second worker",
      async () => (await probeEffects(db, key)) === 1,
      45_000,
    );
    const runs = await probeRuns(db, key);
    expect(runs.map((r) => r.pid)).toEqual([first.pid, second.pid]);
    expect(await probeEffects(db, key)).toBe(1);
    const queue = new Queue("jobs", { connection: { url: REDIS_URL ?? "" }, prefix });
    await eventually(
      "the job is completed",
      async () => (await (await queue.getJob(jobId))?.getState()) === "completed",
      10_000,
    );
    await queue.close();
    await second.stop();
  }, 180_000);

  it("two API processes and two workers on one PostgreSQL and one Redis: sessions, rotation and permission changes cross over; 50 jobs each run once", async () => {
    const [a, b, w1, w2] = await Promise.all([
      startProbeApi(env).then(track),
      startProbeApi(env).then(track),
      Promise.resolve(track(startProcess("test/faults/probe-worker.ts", env))),
      Promise.resolve(track(startProcess("test/faults/probe-worker.ts", env))),
    ]);
    await eventually(
      "both workers started",
      async () => /worker started/.test(w1.output()) && /worker started/.test(w2.output()),
      60_000,
    );

    // 50 jobs, queued while the sessions are checked.
    const keys = Array.from({ length: 50 }, (_, i) => `many-${prefix}-${i}`);
    for (const key of keys) await producer.enqueue(probeJob, { key, holdMs: 100 });

    // A session made on A works on B.
    const admin = await Session.signIn(a.url, adminEmail, PASSWORD);
    const first = admin.headers["access-token"];
    expect((await admin.send(b.url, "GET", "/api/ranks")).status).toBe(200);

    // Permission change through A is in force on B at the guest's next request, and back.
    const guest = await Session.signIn(b.url, guestEmail, PASSWORD);
    expect((await guest.send(b.url, "GET", "/api/vessels")).status).toBe(200);
    const records = await admin.send(
      a.url,
      "GET",
      "/api/permissions?filter[role]=guest&filter[item]=vessels&filter[only_role]=true",
    );
    const record = (records.json as { data?: { id: string }[] }).data?.[0];
    if (!record) throw new Error(`no guest vessels record: ${JSON.stringify(records.json)}`);
    const setRead = (base: string, canRead: boolean) =>
      admin.send(base, "PATCH", `/api/permissions/${record.id}`, {
        data: { type: "permissions", id: record.id, attributes: { can_read: canRead } },
      });
    expect((await setRead(a.url, false)).status).toBe(200);
    expect((await guest.send(b.url, "GET", "/api/vessels")).status).toBe(403);
    expect((await setRead(b.url, true)).status).toBe(200);
    expect((await guest.send(a.url, "GET", "/api/vessels")).status).toBe(200);

    // Rotation: once the token is older than the grace window, B replaces it; A takes the new
    // one, and the replaced one dies a grace window later on both.
    await new Promise((r) => setTimeout(r, TOKEN_ROTATION_GRACE_MS + 300));
    const rotated: TAnswer = await admin.send(b.url, "GET", "/api/ranks");
    expect(rotated.status).toBe(200);
    expect(admin.headers["access-token"]).not.toBe(first);
    expect((await admin.send(a.url, "GET", "/api/ranks")).status).toBe(200);
    await new Promise((r) => setTimeout(r, TOKEN_ROTATION_GRACE_MS + 300));
    const old = { ...admin.headers, "access-token": first ?? "" };
    expect((await call(a.url, "GET", "/api/ranks", old)).status).toBe(401);
    expect((await call(b.url, "GET", "/api/ranks", old)).status).toBe(401);

    // Every job ran exactly once, shared by both workers.
    await eventually(
      "50 effects",
      async () =>
        Number(
          (
            await db.$queryRaw<
              { n: bigint }[]
            >`SELECT count(*) AS n FROM fault_probe_effects WHERE job_key LIKE ${`many-${prefix}-%`}`
          )[0]?.n,
        ) === 50,
      60_000,
    );
    const runs = await db.$queryRaw<
      { job_key: string; pid: number }[]
    >`SELECT job_key, pid FROM fault_probe_runs WHERE job_key LIKE ${`many-${prefix}-%`}`;
    expect(runs.length).toBe(50);
    expect(new Set(runs.map((r) => r.job_key)).size).toBe(50);
    expect(new Set(runs.map((r) => r.pid))).toEqual(new Set([w1.pid, w2.pid]));
    await Promise.all([a.stop(), b.stop(), w1.stop(), w2.stop()]);
  }, 180_000);

  it("Redis going away under a running API: what needs no Redis goes on, /api/ready names it, queueing resumes when it returns", async () => {
    const redis = track(await startOwnRedis());
    const api = track(await startProbeApi({ ...env, REDIS_URL: redis.url, INLINE_WORKER: "true" }));
    const vessel = await db.vessel.create({ data: { name: `Outage ${tag()}`, imo: uniqueImo() } });
    const rank = await db.rank.create({
      data: { title: `Outage rank ${tag()}`, department: "deck", crewingPriority: 10_000 },
    });
    const admin = await Session.signIn(api.url, adminEmail, PASSWORD);
    const enqueue = (key: string) => call(api.url, "POST", "/probe/enqueue", {}, { key });
    expect((await call(api.url, "GET", "/api/ready")).status).toBe(200);
    const queued = await enqueue(`before-${prefix}`);
    expect(queued.status, JSON.stringify(queued.json)).toBe(200);
    await eventually(
      "the job queued before the outage ran",
      async () => (await probeEffects(db, `before-${prefix}`)) === 1,
      20_000,
    );

    await redis.kill9();
    // Reads and writes need no Redis (a write's live event is dropped with a warning).
    const list = await admin.send(api.url, "GET", "/api/ranks");
    expect(list.status).toBe(200);
    const write = await admin.send(api.url, "POST", `/api/vessels/${vessel.id}/manning_scales`, {
      data: {
        type: "manning_scales",
        relationships: { role: { data: { type: "ranks", id: String(rank.id) } } },
      },
    });
    expect(write.status, JSON.stringify(write.json)).toBe(201);
    expect(write.ms).toBeLessThan(5_000);
    // Sign-in's shared attempt count lives in Redis: it goes on without it.
    expect((await Session.signIn(api.url, guestEmail, PASSWORD)).headers["access-token"]).toBeTruthy();
    // Readiness names the part that is down, and only that part.
    const ready = await call(api.url, "GET", "/api/ready");
    expect(ready.status).toBe(503);
    const codes = ((ready.json as { errors?: { code?: string }[] }).errors ?? []).map((e) => e.code);
    expect(codes).toEqual(["redis_unavailable"]);
    // Queueing needs Redis: a prompt 503, not a hung request.
    const refused = await enqueue(`during-${prefix}`);
    expect(refused.status).toBe(503);
    expect(refused.ms).toBeLessThan(5_000);

    // Redis returns on the same port: no restart of the API.
    track(await startOwnRedis(redis.port));
    await eventually(
      "/api/ready answers 200 again",
      async () => (await call(api.url, "GET", "/api/ready")).status === 200,
      20_000,
      250,
    );
    await eventually(
      "queueing works again",
      async () => (await enqueue(`after-${prefix}`)).status === 200,
      20_000,
      250,
    );
    await eventually(
      "the job queued after the outage ran",
      async () => (await probeEffects(db, `after-${prefix}`)) === 1,
      30_000,
    );
    expect(await probeEffects(db, `during-${prefix}`)).toBe(0);
    await api.stop();
  }, 180_000);
});
