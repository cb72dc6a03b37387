import { appendFileSync, readFileSync } from "node:fs";
import { ServerResponse, type IncomingMessage } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterEach, expect, inject } from "vitest";
import { contractChecker, type TContractChecker, type TDocument } from "./contract.js";

/**
 * Every answer the app gives in a test (supertest, the fuzzer's loopback server, any app a
 * test builds) is checked against the OpenAPI document: its operation exists, its status is
 * declared and its JSON body matches the schema. A test that received a wrong answer fails in
 * its afterEach with the list. The document is built once per run (global-setup.ts); schemas
 * are compiled when an operation is first answered.
 */
let checker: TContractChecker | undefined;
const checkerOf = (): TContractChecker =>
  (checker ??= contractChecker(JSON.parse(readFileSync(inject("openapiPath"), "utf8")) as TDocument));

const problems: string[] = [];
/** Bodies larger than this are not kept (file downloads, big exports): only their status is checked. */
const MAX_BODY = 8 * 1024 * 1024;

type TTracked = ServerResponse & { __contract?: { chunks: Buffer[]; size: number; json: boolean } };

const isAppAnswer = (res: TTracked): boolean => {
  const req = (res as { req?: IncomingMessage & { originalUrl?: string } }).req;
  return (
    typeof (res as { app?: unknown }).app === "function" &&
    (req?.originalUrl ?? req?.url ?? "").startsWith("/api/")
  );
};

const collect = (res: TTracked, chunk: unknown, encoding?: unknown) => {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return;
  if (!res.__contract) {
    const type = String(res.getHeader("content-type") ?? "");
    res.__contract = { chunks: [], size: 0, json: /json/.test(type) };
  }
  const state = res.__contract;
  if (!state.json || state.size > MAX_BODY) return;
  const buf = Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === "string"
      ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
      : Buffer.from(chunk as Uint8Array);
  state.size += buf.length;
  if (state.size <= MAX_BODY) state.chunks.push(buf);
};

const check = (res: TTracked) => {
  const req = (res as { req?: IncomingMessage & { originalUrl?: string } }).req;
  if (!req) return;
  const state = res.__contract;
  const raw = state && state.json && state.size <= MAX_BODY ? Buffer.concat(state.chunks) : Buffer.alloc(0);
  // Large answers leave compressed (http/compress-large.ts): what reaches the socket is read back
  // as the client reads it.
  const encoding = String(res.getHeader("content-encoding") ?? "");
  const text = (
    raw.length === 0
      ? raw
      : encoding === "gzip"
        ? gunzipSync(raw)
        : encoding === "br"
          ? brotliDecompressSync(raw)
          : encoding === "deflate"
            ? inflateSync(raw)
            : raw
  ).toString("utf8");
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  if (state?.json && state.size > MAX_BODY) return;
  problems.push(
    ...checkerOf().problemsOf({
      method: req.method ?? "GET",
      url: req.originalUrl ?? req.url ?? "",
      status: res.statusCode,
      contentType: res.getHeader("content-type")?.toString(),
      json,
      empty: !state || state.size === 0,
    }),
  );
};

const proto = ServerResponse.prototype as unknown as {
  write: (...args: unknown[]) => boolean;
  end: (...args: unknown[]) => ServerResponse;
  __contractPatched?: boolean;
};
if (!proto.__contractPatched) {
  proto.__contractPatched = true;
  const write = proto.write;
  const end = proto.end;
  proto.write = function (this: TTracked, ...args: unknown[]) {
    if (isAppAnswer(this)) collect(this, args[0], args[1]);
    return write.apply(this, args);
  };
  proto.end = function (this: TTracked, ...args: unknown[]) {
    if (isAppAnswer(this) && !this.writableEnded) {
      collect(this, args[0], args[1]);
      try {
        check(this);
      } catch (error) {
        problems.push(`contract check failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return end.apply(this, args);
  };
}

afterEach(() => {
  const found = problems.splice(0);
  // CONTRACT_LOG=<file>: also collect them in one file (to read a whole run's at once).
  if (found.length && process.env.CONTRACT_LOG)
    appendFileSync(process.env.CONTRACT_LOG, `${found.join("\n")}\n`);
  expect(found, "answers that do not match the OpenAPI document (GET /api/openapi.json)").toEqual([]);
});
