import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";

/**
 * The real entry point as a child process (tsx src/main.ts) on the embedded database: what a
 * user's `pnpm start` and an orchestrator's SIGTERM do. Few and slow-ish, so once per run.
 */
const apiDir = new URL("..", import.meta.url).pathname;

interface TServer {
  port: number;
  child: ChildProcess;
  messages: string[];
  stderr: () => string;
  exit: Promise<number | null>;
  /** /api/ready answered 503 "demo_seeding" while the demo filled (the server answered before it was written). */
  sawSeeding?: boolean;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });

const launch = (env: Record<string, string>): Omit<TServer, "port"> => {
  const base = { ...process.env };
  // The child decides its own database and queue; NODE_ENV=test would silence its log.
  for (const k of [
    "DATABASE_URL",
    "TEST_DATABASE_URL",
    "REDIS_URL",
    "NODE_ENV",
    "VITEST",
    "VITEST_POOL_ID",
    "VITEST_WORKER_ID",
  ])
    delete base[k];
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiDir,
    env: { ...base, NODE_ENV: "development", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const messages: string[] = [];
  let err = "";
  let partial = "";
  child.stdout?.on("data", (d: Buffer) => {
    const lines = (partial + d.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      try {
        messages.push(String((JSON.parse(line) as { msg?: unknown }).msg));
      } catch {
        messages.push(line);
      }
    }
  });
  child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, messages, stderr: () => err, exit };
};

const get = (port: number, path: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });

/** Resolves once the server answers: ready, or (a first start) filling the demo behind its answers. */
const startServer = async (dataDir: string): Promise<TServer> => {
  const port = await freePort();
  const server: TServer = { port, ...launch({ PORT: String(port), DATA_DIR: dataDir }) };
  let exited = false;
  void server.exit.then(() => (exited = true));
  // The first start creates, migrates and seeds the database: slow on a busy machine.
  // The first start creates and migrates the database and writes the accounts: slow on a busy machine.
  const until = Date.now() + 150_000;
  for (;;) {
    if (exited)
      throw new Error(`the server exited while starting:\n${server.stderr()}\n${server.messages.join("\n")}`);
    const ready = await get(port, "/api/ready").catch(() => null);
    if (ready?.status === 503 && ready.body.includes('"demo_seeding"')) {
      server.sawSeeding = true;
      return server;
    }
    if (ready?.status === 200) return server;
    if (Date.now() > until) throw new Error(`the server did not get ready:\n${server.messages.join("\n")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const started: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of started) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.runIf(inject("embedded"))("the server process", () => {
  it("refuses to start on a bad configuration, naming each bad variable", async () => {
    const { exit, stderr, child } = launch({ PORT: "abc", DATABASE_URL: "mysql://x" });
    started.push(child);
    expect(await exit).toBe(1);
    expect(stderr()).toMatch(/Invalid configuration/);
    expect(stderr()).toMatch(/PORT: /);
    expect(stderr()).toMatch(/DATABASE_URL: must be a postgresql:\/\/ address/);
  }, 60_000);

  it("finishes a request in flight on SIGTERM, exits 0, and keeps its data for the next start", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "crew-start-"));
    dirs.push(dataDir);

    const first = await startServer(dataDir);
    started.push(first.child);
    expect(first.messages).toContain("applied migration 20261122000000_init");
    // A first start answers once the accounts exist and writes the rest of the demo behind its
    // answers (issue 20.7); the signal below comes during that fill, which stops after its area.
    expect(first.messages.some((m) => m.startsWith("seeded demo accounts and reference lists"))).toBe(true);
    expect(first.sawSeeding).toBe(true);

    // A request whose body is still arriving when the signal comes: it must still be answered.
    const body = JSON.stringify({ data: { type: "ranks", attributes: { title: "Signal Officer" } } });
    const answer = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: first.port,
          path: "/api/ranks",
          method: "POST",
          agent: false,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        first.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });
    // Not signed in: 401 from the authentication that runs once the body is read.
    expect(await answer).toBe(401);
    expect(await first.exit).toBe(0);
    expect(first.messages).toContain("stopped");

    const second = await startServer(dataDir);
    started.push(second.child);
    expect(second.messages.filter((m) => m.startsWith("applied migration"))).toEqual([]);
    // The accounts of the first start are still there, so nothing is seeded again: ready at once.
    expect(second.sawSeeding).toBeUndefined();
    expect(second.messages.some((m) => m.startsWith("seeded demo"))).toBe(false);
    second.child.kill("SIGTERM");
    expect(await second.exit).toBe(0);
  }, 400_000);
});
