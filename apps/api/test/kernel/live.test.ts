import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Redis } from "ioredis";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisBus, type TLiveEvent } from "../../src/live/event-bus.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp } from "../support/deps.js";
import { createRank, createVessel } from "../support/factories.js";
import { readEvents } from "../support/live-events.js";

let server: Server;
let base: string;
let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  server = testApp().listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("live events", () => {
  it("a manning-scale row added by one user reaches another user's open stream within a second", async () => {
    const other = (await signInAs("superuser")).headers;
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/live?types=manning_scales`, {
      headers: other,
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const vessel = await createVessel();
    const rank = await createRank();
    const started = Date.now();
    const events = readEvents(stream, 1, 3000);
    const created = await request(testApp())
      .post(`/api/vessels/${vessel.id}/manning_scales`)
      .set(admin)
      .send({
        data: {
          type: "manning_scales",
          relationships: { role: { data: { type: "ranks", id: String(rank.id) } } },
        },
      });
    expect(created.status).toBe(201);
    const got = await events;
    controller.abort();
    expect(got).toEqual([
      expect.objectContaining({
        type: "manning_scales",
        ids: [Number(created.body.data.id)],
        event: "create",
      }),
    ]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("refuses types that are not live or not readable", async () => {
    expect((await request(testApp()).get("/api/live?types=ranks").set(admin)).status).toBe(400);
    const guest = (await signInAs("guest")).headers;
    expect((await request(testApp()).get("/api/live?types=manning_scales").set(guest)).status).toBe(403);
  });

  it.skipIf(!process.env.REDIS_URL)(
    "through Redis, an event published by one process reaches another's subscribers",
    async () => {
      const url = process.env.REDIS_URL as string;
      const [pubA, pubB] = [new Redis(url), new Redis(url)];
      const logger = pino({ level: "silent" });
      const [a, b] = [redisBus(url, pubA, logger), redisBus(url, pubB, logger)];
      const received: TLiveEvent[] = [];
      b.subscribe((e) => received.push(e));
      await new Promise((r) => setTimeout(r, 200));
      const event: TLiveEvent = {
        type: "manning_scales",
        ids: [42],
        event: "update",
        actorId: 1,
        at: new Date().toISOString(),
      };
      a.publish(event);
      for (let i = 0; i < 50 && !received.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual([event]);
      await a.close();
      await b.close();
      await pubA.quit();
      await pubB.quit();
    },
  );
});
