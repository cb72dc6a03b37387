import express from "express";
import pino from "pino";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { installRequestLog } from "../../src/http/request-log.js";

type TLine = Record<string, unknown> & { msg?: string; reqId?: string; req?: { id?: string } };

/** An app with the request log as src/app.ts installs it, writing its lines into an array. */
const appWithLog = () => {
  const lines: TLine[] = [];
  const logger = pino(
    { level: "info" },
    { write: (line: string) => void lines.push(JSON.parse(line) as TLine) },
  );
  const app = express();
  installRequestLog(app, logger);
  app.get("/work", (req, res) => {
    req.log.info("working");
    req.log.info("still working");
    res.json({ ok: true });
  });
  return { app, lines };
};

describe("the request log", () => {
  it("gives each request its own req.log, carrying that request's id, and one line when it ends", async () => {
    const { app, lines } = appWithLog();
    const first = await request(app).get("/work").set("x-request-id", "first-request");
    const second = await request(app).get("/work");
    expect(first.headers["x-request-id"]).toBe("first-request");
    const secondId = String(second.headers["x-request-id"]);
    expect(secondId).toMatch(/^[0-9a-f-]{36}$/);

    const working = lines.filter((l) => l.msg === "working" || l.msg === "still working");
    expect(working.map((l) => l.reqId)).toEqual(["first-request", "first-request", secondId, secondId]);
    const ends = lines.filter((l) => typeof l.msg === "string" && l.msg.startsWith("GET /work 200"));
    expect(ends.map((l) => l.req?.id)).toEqual(["first-request", secondId]);
  });
});
