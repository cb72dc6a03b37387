import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { AUTH_HEADERS } from "@crew/contracts";
import type { Express } from "express";
import { createApp } from "../src/app.js";
import type { TDeps } from "../src/deps.js";
import { credentialsOf } from "./support/auth.js";
import { testConfig, testDeps } from "./support/deps.js";
import { createClient, TEST_PASSWORD, unique } from "./support/factories.js";

const LIMIT = 3;

/** Failed attempts up to the limit are 401s; past it, every attempt for that IP and email is a 429. */
const expectLimited = async (app: Express) => {
  const client = await createClient();
  const attempt = (email: string, password: string) =>
    request(app).post("/api/auth/sign_in").send({ email, password });

  // A successful sign-in does not count.
  expect((await attempt(client.email, TEST_PASSWORD)).status).toBe(200);
  for (let i = 0; i < LIMIT; i++) expect((await attempt(client.email, "wrong-password")).status).toBe(401);
  const limited = await attempt(client.email, "wrong-password");
  expect(limited.status).toBe(429);
  expect(limited.headers["content-type"]).toMatch(/application\/vnd\.api\+json/);
  expect(limited.body.errors[0]).toMatchObject({ status: "429", title: "Too Many Requests" });
  expect(limited.body.errors[0].detail).toMatch(/Too many sign-in attempts/);
  // The right password does not get through either, while another address from the same IP still can.
  expect((await attempt(client.email, TEST_PASSWORD)).status).toBe(429);
  expect((await attempt(client.email.toUpperCase(), TEST_PASSWORD)).status).toBe(429);
  const other = await createClient();
  expect((await attempt(other.email, TEST_PASSWORD)).status).toBe(200);
};

describe("sign-in rate limit", () => {
  it("answers 429 past SIGN_IN_RATE_LIMIT failed attempts (in-memory store)", async () => {
    await expectLimited(
      createApp({ ...testDeps(), config: testConfig({ SIGN_IN_RATE_LIMIT: String(LIMIT) }) }),
    );
  });

  // Real Redis when the run names one (CI); a laptop without Redis skips this case only.
  const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  describe.runIf(redisUrl)("with Redis", () => {
    const redis = new Redis(redisUrl ?? "", { lazyConnect: true, maxRetriesPerRequest: 1 });
    afterAll(async () => {
      await redis.quit();
    });
    it("answers 429 with counts kept in Redis, shared by every app instance", async () => {
      const deps: TDeps = { ...testDeps(), redis, config: testConfig({ SIGN_IN_RATE_LIMIT: String(LIMIT) }) };
      await expectLimited(createApp(deps));
      // A second instance (another replica) sees the same counts.
      const email = `${unique()}@test.example.com`;
      const first = createApp({ ...deps });
      const second = createApp({ ...deps });
      for (let i = 0; i < LIMIT; i++)
        await request(first).post("/api/auth/sign_in").send({ email, password: "x" });
      expect((await request(second).post("/api/auth/sign_in").send({ email, password: "x" })).status).toBe(
        429,
      );
    });
  });
});

describe("CORS", () => {
  it("exposes the five credential headers to an allowed origin", async () => {
    const origin = "http://localhost:5173";
    const app = createApp({ ...testDeps(), config: testConfig({ CORS_ORIGINS: origin }) });
    const client = await createClient();
    const res = await request(app)
      .post("/api/auth/sign_in")
      .set("origin", origin)
      .send({ email: client.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe(origin);
    const exposed = String(res.headers["access-control-expose-headers"]).split(/,\s*/);
    for (const h of AUTH_HEADERS) expect(exposed).toContain(h);

    const preflight = await request(app)
      .options("/api/ranks")
      .set("origin", origin)
      .set("access-control-request-headers", AUTH_HEADERS.join(","));
    expect(preflight.status).toBe(204);
    const allowed = String(preflight.headers["access-control-allow-headers"]).split(/,\s*/);
    for (const h of AUTH_HEADERS) expect(allowed).toContain(h);

    const validated = await request(app)
      .get("/api/auth/validate_token")
      .set("origin", origin)
      .set(credentialsOf(res) ?? {});
    expect(validated.status).toBe(200);
    expect(String(validated.headers["access-control-expose-headers"])).toContain("access-token");
  });
});
