import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import request from "supertest";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import type { Express } from "express";
import { createApp } from "../src/app.js";
import { createDb, sqlPoolOf, type TDb, type TTx } from "../src/db/client.js";
import type { TDeps } from "../src/deps.js";
import { signInAs, signInWith, type TAuthHeaders } from "./support/auth.js";
import { revoking, testConfig, testDeps } from "./support/deps.js";
import { createClient } from "./support/factories.js";

/**
 * The session cache (docs/performance.md "Holding a verified session in memory"): two app
 * instances, each with its own cache (and on PostgreSQL its own pool and its own Redis
 * connection, as two API processes have), on one database. After a revocation commits through
 * one, the very next request through the other is refused. The clock is frozen (faked Date)
 * so no token rotates: every request after the first is one the cache may answer.
 */
const embedded = inject("embedded");
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

interface TInstance {
  app: Express;
  db: TDb;
  /** How many session lookups this instance sent to the database. */
  lookups(): number;
  close(): Promise<void>;
}

const instance = async (): Promise<TInstance> => {
  const base = testDeps();
  const redis = embedded ? null : new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 });
  await redis?.ping();
  const db = embedded ? base.db : createDb(inject("databaseUrl"), false);
  const deps: TDeps = { ...base, db, redis, config: testConfig({ SESSION_CACHE_MS: "60000" }) };
  const pool = sqlPoolOf(db)?.pool;
  if (!pool) throw new Error("no pool");
  let count = 0;
  const query = pool.query.bind(pool);
  // Counts the per-request session lookup (src/auth/session-repository.ts SESSION_SQL).
  Object.assign(pool, {
    query: (...args: unknown[]): unknown => {
      const first = args[0];
      const text = typeof first === "object" && first !== null && "text" in first ? String(first.text) : "";
      if (text.includes('FROM "public"."sessions" s')) count++;
      return Reflect.apply(query, pool, args) as unknown;
    },
  });
  return {
    app: createApp(deps),
    db,
    lookups: () => count,
    async close() {
      Reflect.deleteProperty(pool, "query");
      if (!embedded) await db.$disconnect();
      await redis?.quit();
    },
  };
};

describe.runIf(embedded || redisUrl)("the session cache across two API processes", () => {
  let a: TInstance;
  let b: TInstance;
  beforeAll(async () => {
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const me = (x: TInstance, headers: TAuthHeaders) => request(x.app).get("/api/clients/me").set(headers);

  /** Both caches hold the session: B's second request reads no session from the database. */
  const warm = async (headers: TAuthHeaders) => {
    for (const x of [a, b]) expect((await me(x, headers)).status).toBe(200);
    const before = b.lookups();
    expect((await me(b, headers)).status).toBe(200);
    expect((await me(a, headers)).status).toBe(200);
    expect(b.lookups()).toBe(before);
  };

  it("a sign-out through one process refuses the next request through the other", async () => {
    const client = await createClient({ role: "manager" });
    const { headers } = await signInWith(client.email, undefined, a.app);
    await warm(headers);
    expect((await request(a.app).delete("/api/auth/sign_out").set(headers)).status).toBe(200);
    expect((await me(b, headers)).status).toBe(401);
  });

  it("a deactivation through one process refuses the next request through the other", async () => {
    const admin = await signInAs("admin", a.app);
    const client = await createClient({ role: "manager" });
    const { headers } = await signInWith(client.email, undefined, a.app);
    await warm(headers);
    const res = await request(a.app)
      .patch(`/api/clients/${client.id}/status`)
      .set(admin.headers)
      .send({ data: { type: "clients", attributes: { status: "deactivated" } } });
    expect(res.status).toBe(200);
    expect((await me(b, headers)).status).toBe(401);
  });

  it("a change of the role's permission through one process forbids the next request through the other", async () => {
    const admin = await signInAs("admin", a.app);
    const { headers } = await signInAs("superuser", a.app);
    const ranks = (x: TInstance) => request(x.app).get("/api/ranks").set(headers);
    expect((await ranks(a)).status).toBe(200);
    expect((await ranks(b)).status).toBe(200);
    const before = b.lookups();
    expect((await ranks(b)).status).toBe(200);
    expect(b.lookups()).toBe(before);
    const list = await request(a.app)
      .get("/api/permissions")
      .query({ "filter[role]": "superuser", "filter[only_role]": "true", "page[size]": 999 })
      .set(admin.headers);
    const record = (list.body.data as { id: string; attributes: { key: string } }[]).find(
      (d) => d.attributes.key === "ranks",
    );
    if (!record) throw new Error("no superuser ranks record");
    const set = (canRead: boolean) =>
      request(a.app)
        .patch(`/api/permissions/${record.id}`)
        .set(admin.headers)
        .send({ data: { type: "permissions", id: record.id, attributes: { can_read: canRead } } });
    try {
      expect((await set(false)).status).toBe(200);
      expect((await ranks(b)).status).toBe(403);
    } finally {
      expect((await set(true)).status).toBe(200);
    }
    expect((await ranks(b)).status).toBe(200);
  });

  it("a request that starts after a sign-out committed is refused, while requests run concurrently", async () => {
    const client = await createClient({ role: "manager" });
    const { headers } = await signInWith(client.email, undefined, a.app);
    await warm(headers);
    const server: Server = createServer(b.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/clients/me`;
    const device = headers.client;
    // Watches the database through A's connection: the first moment the session is gone is after the commit.
    let committedAt = Number.POSITIVE_INFINITY;
    const watch = (async () => {
      for (;;) {
        const left = await a.db.session.count({ where: { device } });
        if (left === 0) {
          committedAt = performance.now();
          return;
        }
      }
    })();
    const outcomes: { startedAt: number; status: number }[] = [];
    let stop = false;
    const hammer = async () => {
      while (!stop) {
        const startedAt = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        outcomes.push({ startedAt, status: res.status });
      }
    };
    const loops = [hammer(), hammer(), hammer()];
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await request(a.app).delete("/api/auth/sign_out").set(headers)).status).toBe(200);
    await watch;
    while (outcomes.filter((o) => o.startedAt > committedAt).length < 30)
      await new Promise((resolve) => setTimeout(resolve, 10));
    stop = true;
    await Promise.all(loops);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const after = outcomes.filter((o) => o.startedAt > committedAt);
    expect(outcomes.filter((o) => o.startedAt < committedAt && o.status === 200).length).toBeGreaterThan(0);
    expect(after.every((o) => o.status === 401)).toBe(true);
  });
});

describe("the revocation guard", () => {
  it("refuses a write to sessions, to an account's session columns or to the revision that was not announced", async () => {
    const { db } = testDeps();
    const { client } = await signInAs("guest");
    // Each in a transaction of its own, as a forgotten writer's would be: the guard refuses the commit.
    const unannounced = (fn: (tx: TTx) => Promise<unknown>) => db.$transaction(fn);
    await expect(
      unannounced((tx) => tx.session.deleteMany({ where: { clientId: client.id } })),
    ).rejects.toThrow(/not announced/);
    await expect(
      unannounced((tx) => tx.client.update({ where: { id: client.id }, data: { role: "admin" } })),
    ).rejects.toThrow(/not announced/);
    await expect(
      unannounced((tx) =>
        tx.revision.update({ where: { name: "permissions" }, data: { value: { increment: 1n } } }),
      ),
    ).rejects.toThrow(/not announced/);
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).role).toBe("guest");
    expect(await db.session.count({ where: { clientId: client.id } })).toBe(1);
    // Columns no request reads are no revocation; announced writes pass.
    await db.client.update({ where: { id: client.id }, data: { notificationSettings: { mention: false } } });
    expect(await revoking((tx) => tx.session.deleteMany({ where: { clientId: client.id } }))).toEqual({
      count: 1,
    });
  });
});
