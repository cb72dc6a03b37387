#!/usr/bin/env node
// `pnpm db:migration <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with
// the SQL that turns the schema.prisma of the last commit (git HEAD) into the working one.
// Prisma's `migrate dev` needs the native engine we cannot download (docs/database.md).
// Each table it creates gets its audit trigger appended (audit-triggers.mjs).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { auditTriggersFor } from "./audit-triggers.mjs";
import { prismaDiffSql } from "./prisma-diff.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const schema = join(root, "prisma/schema.prisma");
const migrations = join(root, "prisma/migrations");
const fail = (message) => {
  console.error(message);
  process.exit(1);
};
const git = (...args) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const name = (process.argv[2] ?? "")
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "_")
  .replace(/^_+|_+$/g, "");
if (!name) fail("usage: pnpm db:migration <name>   (for example: pnpm db:migration add_vessels)");

// A second run before committing would diff against HEAD again and repeat the first
// migration's changes: one uncommitted migration per schema change set.
const pending = git("status", "--porcelain", "--untracked-files=all", "--", "prisma/migrations")
  .split("\n")
  .filter((l) => l.trim() !== "");
if (pending.length > 0) {
  fail(
    `prisma/migrations has changes not committed yet:\n${pending.join("\n")}\n` +
      "Commit them with schema.prisma, or delete the new migration folder and run this again to write one migration for all changes.",
  );
}

const work = mkdtempSync(join(tmpdir(), "new-migration-"));
try {
  let from = "empty";
  try {
    const head = git("show", "HEAD:prisma/schema.prisma");
    from = join(work, "head.prisma");
    writeFileSync(from, head);
  } catch {
    console.warn("no schema.prisma at HEAD: diffing from an empty database");
  }
  const diff = await prismaDiffSql(from, schema);
  if (!/^\s*[A-Z]/m.test(diff.replace(/^--.*$/gm, "")))
    fail("schema.prisma has not changed since the last commit: no migration written.");
  // Every new table is audited (the audit-coverage test holds it): its trigger comes with it.
  const sql = diff + auditTriggersFor(diff);

  // Prisma's layout: <UTC yyyymmddhhmmss>_<name>, after every existing one.
  const stamp = (d) => d.toISOString().replace(/\D/g, "").slice(0, 14);
  const last = readdirSync(migrations)
    .filter((n) => /^\d{14}_/.test(n))
    .sort()
    .at(-1)
    ?.slice(0, 14);
  let timestamp = stamp(new Date());
  if (last && timestamp <= last) timestamp = String(BigInt(last) + 1n);
  const dir = join(migrations, `${timestamp}_${name}`);
  if (existsSync(dir)) fail(`${dir} exists`);
  mkdirSync(dir);
  writeFileSync(join(dir, "migration.sql"), sql);
  console.log(`wrote ${relative(root, join(dir, "migration.sql"))}:\n\n${sql}`);
  console.log(
    "Review it, then start the app (it applies pending migrations) and run the tests (the schema drift test compares).",
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
