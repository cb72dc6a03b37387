import { Redis } from "ioredis";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.js";
import { createDb } from "../src/db/client.js";
import { testApp, testDeps } from "./support/deps.js";

// Nothing listens on port 1: a refused connection fails fast.
const DEAD_DATABASE = "postgresql://postgres@127.0.0.1:1/none";
const deadRedis = () => {
  const redis = new Redis("redis://127.0.0.1:1", {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {}); // expected: nothing listens there
  return redis;
};

const toClose: { quit(): Promise<unknown> }[] = [];
afterAll(async () => {
  await Promise.allSettled(toClose.map((c) => c.quit()));
});

describe("GET /api/health", () => {
  it("answers without a sign-in and without touching the database", async () => {
    const app = createApp({ ...testDeps(), db: createDb(DEAD_DATABASE, false) });
    const res = await request(app).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});

describe("GET /api/ready", () => {
  it("is ready when the database answers", async () => {
    const res = await request(testApp()).get("/api/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ready", checks: { database: "ok" } });
  });

  it.runIf(process.env.REDIS_URL)("checks Redis too when the app has one", async () => {
    const redis = new Redis(process.env.REDIS_URL ?? "", { maxRetriesPerRequest: null });
    toClose.push(redis);
    const res = await request(createApp({ ...testDeps(), redis })).get("/api/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ready", checks: { database: "ok", redis: "ok" } });
  });

  it("answers 503 naming the database when it does not answer, without revealing its address", async () => {
    const db = createDb(DEAD_DATABASE, false);
    const res = await request(createApp({ ...testDeps(), db })).get("/api/ready");
    await db.$disconnect();
    expect(res.status).toBe(503);
    expect(res.headers["content-type"]).toMatch(/application\/vnd\.api\+json/);
    expect(res.body).toEqual({
      errors: [
        {
          status: "503",
          code: "database_unavailable",
          title: "Service Unavailable",
          detail: "The database does not answer.",
        },
      ],
    });
    expect(res.text).not.toContain("127.0.0.1");
  });

  it("answers 503 naming Redis when only Redis is down", async () => {
    const redis = deadRedis();
    toClose.push(redis);
    const res = await request(createApp({ ...testDeps(), redis })).get("/api/ready");
    expect(res.status).toBe(503);
    expect(res.body.errors).toEqual([expect.objectContaining({ status: "503", code: "redis_unavailable" })]);
  });
});
