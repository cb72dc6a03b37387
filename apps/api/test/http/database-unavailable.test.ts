import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import express from "express";
import pg from "pg";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMiddleware } from "../../src/errors/error-middleware.js";
import { PrismaClient } from "../../src/generated/prisma/client.js";

/**
 * The real errors of pg and Prisma when no connection can be had, through the one error
 * middleware: a 503 with Retry-After, never a 500. "Busy": a server that takes the TCP
 * connection and never answers, so pg-pool's connect times out (what a pool whose connections
 * are all held looks like to the next request). "Away": a port nothing listens on.
 */
describe("the database busy or away", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let silentPort = 0;
  let closedPort = 0;
  beforeAll(async () => {
    silent = createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    silentPort = (silent.address() as AddressInfo).port;
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  const appOver = (port: number) => {
    const pool = new pg.Pool({
      connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      max: 1,
      connectionTimeoutMillis: 200,
    });
    const db = new PrismaClient({ adapter: new PrismaPg(pool) });
    const app = express();
    app.get("/x/prisma", async (_req, res) => void res.json(await db.rank.findMany()));
    app.get("/x/raw", async (_req, res) => void res.json(await db.$queryRawUnsafe("select 1")));
    app.get("/x/pg", async (_req, res) => void res.json((await pool.query("select 1")).rows));
    app.use(errorMiddleware(pino({ level: "silent" })));
    return { app, close: () => db.$disconnect() };
  };

  for (const [what, port] of [
    ["busy (no connection within the pool's timeout)", () => silentPort],
    ["away (nothing listening)", () => closedPort],
  ] as const)
    it(`${what}: a model read, a raw query and a pg query answer 503 with Retry-After`, async () => {
      const { app, close } = appOver(port());
      try {
        for (const path of ["/x/prisma", "/x/raw", "/x/pg"]) {
          const res = await request(app).get(path);
          expect(res.status, path).toBe(503);
          expect(res.headers["retry-after"]).toBe("2");
          expect(res.body.errors[0].detail).toMatch(/database is busy or out of reach/);
        }
        // Two at once on a pool of one: the second waits for the pool, not for a connection.
        const both = await Promise.all([request(app).get("/x/pg"), request(app).get("/x/prisma")]);
        expect(both.map((r) => r.status)).toEqual([503, 503]);
      } finally {
        await close();
      }
    });
});
