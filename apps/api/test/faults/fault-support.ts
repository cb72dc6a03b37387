import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { AUTH_HEADERS } from "@crew/contracts";
import { freePort, startProcess, waitForHttp, type TProcess } from "../support/api-process.js";

export type THeaders = Record<string, string>;
export interface TAnswer {
  status: number;
  json: unknown;
  headers: Headers;
  ms: number;
}

/** Fault tests run once, on real PostgreSQL and Redis (CI sets both); elsewhere they say why they skip. */
export const PG_SERVER = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
export const REDIS_URL = process.env.REDIS_URL;
export const SKIP_REASON = !PG_SERVER
  ? "TEST_DATABASE_URL is not set (CI sets it)"
  : !REDIS_URL
    ? "REDIS_URL is not set (CI sets it)"
    : process.env.TEST_DB_KIND !== "postgres"
      ? "they run once, in the postgres project"
      : undefined;

export const call = async (
  base: string,
  method: string,
  path: string,
  headers: THeaders = {},
  body?: unknown,
  timeoutMs = 20_000,
): Promise<TAnswer> => {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/vnd.api+json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers, ms: performance.now() - started };
};

export const credentialsOf = (answer: TAnswer): THeaders | null => {
  const found: THeaders = {};
  for (const name of AUTH_HEADERS) {
    const value = answer.headers.get(name);
    if (!value) return null;
    found[name] = value;
  }
  return found;
};

/** A session as a browser keeps it: sends its newest credentials to whichever process, keeps rotated ones. */
export class Session {
  constructor(public headers: THeaders) {}

  static async signIn(base: string, email: string, password: string): Promise<Session> {
    const answer = await call(base, "POST", "/api/auth/sign_in", {}, { email, password });
    const headers = credentialsOf(answer);
    if (answer.status !== 200 || !headers)
      throw new Error(`sign-in of ${email} on ${base}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return new Session(headers);
  }

  async send(base: string, method: string, path: string, body?: unknown): Promise<TAnswer> {
    const answer = await call(base, method, path, this.headers, body);
    this.headers = credentialsOf(answer) ?? this.headers;
    return answer;
  }
}

export const dataOf = (answer: TAnswer): { id: string; attributes: Record<string, unknown> } | undefined => {
  const data = (answer.json as { data?: { id?: unknown; attributes?: unknown } } | undefined)?.data;
  return data &&
    typeof data.id === "string" &&
    typeof data.attributes === "object" &&
    data.attributes !== null
    ? { id: data.id, attributes: data.attributes as Record<string, unknown> }
    : undefined;
};

/** Polls `check` until it returns true. */
export const eventually = async (
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
  everyMs = 200,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};

/**
 * A redis-server of the test's own on a free port of 6400-6499 (never the machine's 6379,
 * which other runs share), no persistence: stopping it is a Redis outage for whoever uses it.
 */
export const startOwnRedis = async (port?: number): Promise<TProcess & { port: number; url: string }> => {
  const chosen = port ?? (await freePortIn(6400, 6499));
  const proc = startProcess("/usr/bin/redis-server", {}, {}, [
    "--port",
    String(chosen),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--protected-mode",
    "no",
  ]);
  const url = `redis://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/.test(proc.output())) {
    if (proc.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`redis-server on ${chosen} did not start:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Object.assign(proc, { port: chosen, url });
};

const freePortIn = async (from: number, to: number): Promise<number> => {
  for (let i = 0; i < 30; i++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
};

const portFree = async (port: number): Promise<boolean> => {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
};

/** A valid IMO number, unique enough for one test run. */
let imoSeq = 100_000 + Math.floor(Math.random() * 800_000);
export const uniqueImo = (): string => {
  imoSeq += 1;
  const first6 = String(imoSeq).slice(-6);
  const check = [...first6].reduce((sum, d, i) => sum + Number(d) * (7 - i), 0) % 10;
  return `${first6}${check}`;
};

export const tag = (): string => randomUUID().slice(0, 8);

/** An API process of the fault tests (probe-api.ts) on a free port; resolves once /api/health answers. */
export const startProbeApi = async (env: Record<string, string>): Promise<TProcess & { url: string }> => {
  const port = await freePort();
  const proc = startProcess("test/faults/probe-api.ts", { HOST: "127.0.0.1", PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${url}/api/health`, 90_000);
  return Object.assign(proc, { url });
};
