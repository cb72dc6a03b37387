import { once } from "node:events";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { COMPRESS_FROM_BYTES, compressLargeAnswers } from "../../src/http/compress-large.js";

/**
 * Installed as src/app.ts installs it, on an app with routes that answer JSON:API, a stream and a
 * file (under /x: the contract check holds every /api answer to the OpenAPI document).
 */
const app = () => {
  const a = express();
  compressLargeAnswers(a);
  const rows = (n: number) => ({
    data: Array.from({ length: n }, (_, i) => ({ type: "ranks", id: String(i) })),
  });
  a.get("/x/small", (_req, res) => void res.type("application/vnd.api+json").send(JSON.stringify(rows(5))));
  a.get(
    "/x/large",
    (_req, res) => void res.type("application/vnd.api+json").send(JSON.stringify(rows(5000))),
  );
  a.get(
    "/x/file",
    (_req, res) => void res.type("application/pdf").send(Buffer.alloc(COMPRESS_FROM_BYTES * 2)),
  );
  a.get("/x/stream", (_req, res) => {
    res.type("text/event-stream");
    res.write(`: ${"x".repeat(COMPRESS_FROM_BYTES * 2)}\n\n`);
    res.end();
  });
  return a;
};

describe("compression of large answers only", () => {
  it("sends a small JSON:API answer as it is", async () => {
    const res = await request(app()).get("/x/small").set("Accept-Encoding", "gzip, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBeLessThan(COMPRESS_FROM_BYTES);
    expect((res.body as { data: unknown[] }).data).toHaveLength(5);
  });

  it("compresses a large JSON:API answer for a client that accepts it, and only then", async () => {
    // Raw bytes off the wire: supertest would inflate them before we could look.
    const server = app().listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const { headers, wire } = await new Promise<{ headers: Record<string, unknown>; wire: Buffer }>(
      (resolve, reject) => {
        get({ port, host: "127.0.0.1", path: "/x/large", headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, wire: Buffer.concat(chunks) }));
        }).on("error", reject);
      },
    );
    server.close();
    expect(headers["content-encoding"]).toBe("gzip");
    const plain = gunzipSync(wire).toString("utf8");
    expect(plain.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(wire.length).toBeLessThan(plain.length / 5);
    expect((JSON.parse(plain) as { data: unknown[] }).data).toHaveLength(5000);

    const identity = await request(app()).get("/x/large").set("Accept-Encoding", "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect((identity.body as { data: unknown[] }).data).toHaveLength(5000);
  });

  it("makes gzip when the client takes it (faster than brotli), brotli when only that, nothing unasked", async () => {
    const server = app().listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const raw = (headers: Record<string, string>) =>
      new Promise<{ headers: Record<string, unknown>; wire: Buffer }>((resolve, reject) => {
        get({ port, host: "127.0.0.1", path: "/x/large", headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, wire: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
    try {
      const browser = await raw({ "accept-encoding": "gzip, deflate, br, zstd" });
      expect(browser.headers["content-encoding"]).toBe("gzip");
      expect(browser.headers.vary).toBe("Accept-Encoding");
      const brOnly = await raw({ "accept-encoding": "br" });
      expect(brOnly.headers["content-encoding"]).toBe("br");
      const fromBr = JSON.parse(brotliDecompressSync(brOnly.wire).toString("utf8")) as { data: unknown[] };
      expect(fromBr.data).toHaveLength(5000);
      const unasked = await raw({});
      expect(unasked.headers["content-encoding"]).toBeUndefined();
      expect((JSON.parse(unasked.wire.toString("utf8")) as { data: unknown[] }).data).toHaveLength(5000);
      // The same type, charset included, compressed or not.
      expect(browser.headers["content-type"]).toBe(unasked.headers["content-type"]);
      expect(unasked.headers["content-type"]).toBe("application/vnd.api+json; charset=utf-8");
      expect(Number(browser.headers["content-length"])).toBe(browser.wire.length);
    } finally {
      server.close();
    }
  });

  it("leaves files and the live event stream alone, whatever their size", async () => {
    for (const path of ["/x/file", "/x/stream"]) {
      const res = await request(app()).get(path).set("Accept-Encoding", "gzip, br");
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
    }
  });
});
