import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Real server and worker processes for the fault tests and the benches: `node --import tsx`
 * on the TypeScript entry points, so the tests run the working tree's code in a fresh clone
 * without a build; the benches build first and time the bundle (`buildApi`, `built`). Each
 * keeps its last output for failure messages.
 */
export const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export interface TProcess {
  readonly pid: number;
  readonly child: ChildProcess;
  /** The last 200 lines it printed (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null after a signal) once it has exited. */
  readonly exited: Promise<number | null>;
  /** SIGKILL, then waits for the exit. */
  kill9(): Promise<void>;
  /** SIGTERM (a graceful stop), SIGKILL after `ms`. */
  stop(ms?: number): Promise<void>;
}

/** A port nobody listens on right now (the kernel's choice, released at once). */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });

/** Only what the process needs: never the caller's DATABASE_URL or REDIS_URL by accident. */
const baseEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  TMPDIR: process.env.TMPDIR,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
});

/**
 * Starts `entry` with exactly `env` on top of a minimal base: a `.ts` path relative to apps/api
 * under tsx, a `.js` one (a build) under node, anything else as a program with `args` (a
 * redis-server). `quiet` sends stdout
 * (the request log) to /dev/null: a bench must not spend its own CPU reading the server's log.
 */
export const startProcess = (
  entry: string,
  env: Record<string, string>,
  opts: { quiet?: boolean; dir?: string; nodeArgs?: readonly string[] } = {},
  args: readonly string[] = [],
): TProcess => {
  const dir = opts.dir ?? API_DIR;
  const [command, argv] = entry.endsWith(".ts")
    ? [process.execPath, [...(opts.nodeArgs ?? []), "--import", "tsx", resolve(dir, entry), ...args]]
    : entry.endsWith(".js")
      ? [process.execPath, [...(opts.nodeArgs ?? []), resolve(dir, entry), ...args]]
      : [entry, [...args]];
  const child = spawn(command, argv, {
    cwd: dir,
    env: { ...baseEnv(), ...env },
    stdio: ["ignore", opts.quiet ? "ignore" : "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  if (child.pid === undefined) throw new Error(`could not start ${entry}`);
  const pid = child.pid;
  return {
    pid,
    child,
    output: () => lines.join("\n"),
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop(ms = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), ms);
      await exited;
      clearTimeout(timer);
    },
  };
};

/** Polls `url` until it answers `status` (default 200); fails with the process's output when it exits or time runs out. */
export const waitForHttp = async (
  proc: TProcess,
  url: string,
  timeoutMs = 60_000,
  status = 200,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void proc.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`process ${proc.pid} exited (${exitCode}) before ${url} answered:\n${proc.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** Waits until the process prints a line matching `pattern`. */
export const waitForOutput = async (proc: TProcess, pattern: RegExp, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(proc.output())) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null)
      throw new Error(`process ${proc.pid} exited before printing ${pattern}:\n${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Builds `dir`'s API as production runs it (tsup: dist/main.js). The benches time the build, not
 * src/ under tsx: tsx keeps every function's name with a call per closure created (esbuild's
 * `__name`), which production's bundle does not (docs/performance.md "The stack's floor").
 */
export const buildApi = (dir: string = API_DIR): void => {
  execFileSync(resolve(dir, "node_modules/.bin/tsup"), [], { cwd: dir, stdio: "ignore" });
};

/**
 * An API process (src/main.ts, or with `built` the bundle buildApi wrote, of this checkout or of
 * `dir`) on loopback at a free port; resolves once /api/ready answers 200 (a first start with
 * the demo answers at once and is ready when the demo is written: docs/performance.md "First
 * start").
 */
export const startApi = async (
  env: Record<string, string>,
  opts: {
    timeoutMs?: number;
    quiet?: boolean;
    dir?: string;
    nodeArgs?: readonly string[];
    built?: boolean;
  } = {},
): Promise<TProcess & { port: number; url: string }> => {
  const port = Number(env.PORT ?? (await freePort()));
  const proc = startProcess(
    opts.built ? "dist/main.js" : "src/main.ts",
    { HOST: "127.0.0.1", ...env, PORT: String(port) },
    { quiet: opts.quiet, dir: opts.dir, nodeArgs: opts.nodeArgs },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${url}/api/ready`, opts.timeoutMs ?? 90_000);
  return Object.assign(proc, { port, url });
};
