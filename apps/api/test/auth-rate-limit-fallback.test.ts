import { MemoryStore, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { Redis } from "ioredis";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.js";
import { FallbackStore } from "../src/auth/fallback-store.js";
import { testConfig, testDeps } from "./support/deps.js";
import { createClient, TEST_PASSWORD } from "./support/factories.js";

const LIMIT = 3;

/** A shared store that is down until `up` is set, counting what it is asked while up. */
class FlakyStore implements Store {
  up = false;
  inits = 0;
  readonly hits = new Map<string, number>();
  init(): void {
    this.inits += 1;
  }
  increment(key: string): IncrementResponse {
    if (!this.up) throw new Error("ECONNREFUSED");
    const totalHits = (this.hits.get(key) ?? 0) + 1;
    this.hits.set(key, totalHits);
    return { totalHits, resetTime: undefined };
  }
  decrement(): void {
    if (!this.up) throw new Error("ECONNREFUSED");
  }
  resetKey(): void {
    if (!this.up) throw new Error("ECONNREFUSED");
  }
}

describe("sign-in limit while the shared store is away", () => {
  it("counts in memory while Redis fails, sets Redis up again and counts there once it answers", async () => {
    const shared = new FlakyStore();
    const changes: boolean[] = [];
    const store = new FallbackStore(shared, new MemoryStore(), (failing) => changes.push(failing), 0);
    store.init({ windowMs: 60_000 } as Options);
    expect((await store.increment("a")).totalHits).toBe(1);
    expect((await store.increment("a")).totalHits).toBe(2);
    expect(changes).toEqual([true]);
    // Each failure tried to set the shared store up again (retry interval 0 here).
    expect(shared.inits).toBeGreaterThanOrEqual(2);
    shared.up = true;
    expect((await store.increment("a")).totalHits).toBe(1);
    expect(changes).toEqual([true, false]);
    expect(shared.hits.get("a")).toBe(1);
  });

  // Redis down from the start: a port nobody listens on.
  const redis = new Redis("redis://127.0.0.1:9", {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on("error", () => undefined);
  afterAll(() => {
    redis.disconnect();
  });

  it("still answers 429 past the limit when Redis was down when the API started", async () => {
    const app = createApp({
      ...testDeps(),
      redis,
      config: testConfig({ SIGN_IN_RATE_LIMIT: String(LIMIT) }),
    });
    const client = await createClient();
    const attempt = (password: string) =>
      request(app).post("/api/auth/sign_in").send({ email: client.email, password });
    for (let i = 0; i < LIMIT; i++) expect((await attempt("wrong-password")).status).toBe(401);
    expect((await attempt("wrong-password")).status).toBe(429);
    expect((await attempt(TEST_PASSWORD)).status).toBe(429);
  });
});
