#!/usr/bin/env node
// The SQL Prisma would write to turn one schema.prisma into another, without Prisma's
// native migrate engine (it cannot be downloaded on our machines): prisma 6.19.3's WASM
// schema engine through a driver adapter (docs/database.md).
//
//   node apps/api/scripts/prisma-diff.mjs <from> <to>     each "empty" or a .prisma file
//
// The engine wants a database connection even to compare two files; it reads and writes
// nothing there. PRISMA_DIFF_DATABASE_URL names one; otherwise an in-memory PGlite is used.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const prismaCli = resolve(here, "../node_modules/prisma-wasm-engine/build/index.js");
const configFile = join(here, "prisma-diff.config.mjs");

/** prisma 6 validates a datasource without a url as an error; the url itself is never used. */
const withUrl = (schema) =>
  /^\s*url\s*=/m.test(schema)
    ? schema
    : schema.replace(/(datasource\s+\w+\s*\{)/, `$1\n  url = "postgresql://unused@127.0.0.1/unused"`);

const startPglite = async () => {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 1 });
  await server.start();
  return {
    url: `postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
};

const run = (args, env) =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [prismaCli, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolvePromise(out)
        : reject(new Error(`prisma migrate diff failed (${code}):\n${err}${out}`)),
    );
  });

/**
 * @param {string} from "empty" or a path to a schema file
 * @param {string} to "empty" or a path to a schema file
 * @param {{ databaseUrl?: string }} [options] a database the engine may connect to (default: PRISMA_DIFF_DATABASE_URL, else an in-memory PGlite)
 * @returns {Promise<string>} the SQL script ("-- This is an empty migration." when equal)
 */
export const prismaDiffSql = async (from, to, options = {}) => {
  const work = mkdtempSync(join(tmpdir(), "prisma-diff-"));
  const side = (which, value) => {
    if (value === "empty") return { args: [`--${which}-empty`] };
    const file = join(work, `${which}.prisma`);
    writeFileSync(file, withUrl(readFileSync(value, "utf8")));
    return { args: [`--${which}-schema-datamodel`, file], file };
  };
  const a = side("from", from);
  const b = side("to", to);
  const given = options.databaseUrl ?? process.env.PRISMA_DIFF_DATABASE_URL;
  const pglite = given ? undefined : await startPglite();
  try {
    return await run(["migrate", "diff", "--config", configFile, ...a.args, ...b.args, "--script"], {
      ...process.env,
      PRISMA_DIFF_DATABASE_URL: given ?? pglite.url,
      PRISMA_DIFF_SCHEMA: b.file ?? a.file ?? "",
      // Any existing file: these stop the CLI from downloading native engines it will not use.
      PRISMA_QUERY_ENGINE_LIBRARY: process.execPath,
      PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    });
  } finally {
    await pglite?.stop();
    rmSync(work, { recursive: true, force: true });
  }
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    console.error("usage: prisma-diff.mjs <from: empty|schema.prisma> <to: empty|schema.prisma>");
    process.exit(2);
  }
  process.stdout.write(await prismaDiffSql(from, to));
}
