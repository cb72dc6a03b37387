// Starts the real API serving the built app for the end-to-end tests (Playwright's webServer).
// 1. builds the workspace (turbo: a cache hit when `pnpm test` already built it),
// 2. gives the API a database nobody else uses: a fresh temporary DATA_DIR for the
//    embedded PGlite, or, when TEST_DATABASE_URL is set, a freshly created PostgreSQL
//    database next to it, dropped again on exit,
// 3. runs `node apps/api/dist/main.js` from the repository root with the demo seed.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const env = { ...process.env };
const cleanups = [];

const log = (message) => process.stdout.write(`[e2e server] ${message}\n`);

if (env.E2E_SKIP_BUILD !== "1") {
  log("building the workspace");
  const turbo = join(root, "node_modules/.bin/turbo");
  const build = spawnSync(turbo, ["run", "build", "--output-logs=errors-only"], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) {
    log(`build failed (exit ${build.status})`);
    process.exit(build.status ?? 1);
  }
}

const withDatabase = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

if (env.TEST_DATABASE_URL) {
  // pg is a dependency of the API, not of the web app: resolve it from there.
  const require = createRequire(join(root, "apps/api/package.json"));
  const { Client } = require("pg");
  const name = `crew_e2e_${Date.now()}_${process.pid}`;
  const admin = new Client({ connectionString: env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  env.DATABASE_URL = withDatabase(env.TEST_DATABASE_URL, name);
  env.SEED_DEMO = "true";
  log(`fresh PostgreSQL database ${name}`);
  cleanups.push(async () => {
    const c = new Client({ connectionString: env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  });
} else {
  // Never the developer's own DATABASE_URL: the tests create, edit and delete records.
  delete env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), "crew-e2e-"));
  env.DATA_DIR = dataDir;
  env.SEED_DEMO = "true";
  log(`fresh embedded database in ${dataDir}`);
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
}

// The process environment of a developer may say test (silent logs) or production (secrets).
env.NODE_ENV = "development";
env.LOG_LEVEL = env.LOG_LEVEL ?? "warn";
// Every test signs in through the form; the production limit would lock the suite out.
env.SIGN_IN_RATE_LIMIT = env.SIGN_IN_RATE_LIMIT ?? "10000";
// The vessel registry: the local Equasis stand-in on PostgreSQL too, at a quick pace (fleet-registry.e2e.ts).
env.EQUASIS_STAND_IN = "true";
env.EQUASIS_INTERVAL_MS = env.EQUASIS_INTERVAL_MS ?? "200";
// The Telegram Bot API stand-in on PostgreSQL too (telegram-chat.e2e.ts; docs/outside-channels.md).
env.TELEGRAM_STAND_IN = "true";
// The crew job sites' stand-ins on PostgreSQL too, with the demo applicants' profiles (crew-sites.e2e.ts).
env.UKRCREWING_STAND_IN = "true";
env.CREWELL_STAND_IN = "true";
// The bulk refresh from a site at a quick pace (crew-sites-refresh-all.e2e.ts; the default is 1 s an applicant).
env.CREW_SITES_PACE_MS = env.CREW_SITES_PACE_MS ?? "10";
// Redis-backed jobs are not part of these tests.
delete env.REDIS_URL;

const server = spawn(process.execPath, [join(root, "apps/api/dist/main.js")], {
  cwd: root,
  env,
  stdio: "inherit",
});

let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((done) => {
      const force = setTimeout(() => {
        server.kill("SIGKILL");
        done();
      }, 20_000);
      server.once("exit", () => {
        clearTimeout(force);
        done();
      });
    });
  }
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch (error) {
      log(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.exit(code);
};

server.on("exit", (code) => void stop(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void stop(0));
