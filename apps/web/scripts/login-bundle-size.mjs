#!/usr/bin/env node
/**
 * Prints the gzip size of the JavaScript a browser loads for the login page: the entry
 * chunk of index.html with its static imports, plus the lazily loaded login route and its
 * static imports. Reads Vite's build manifest (run `vite build` first, or pass --build).
 * Exits 1 when the total is over the budget (250 KB, issue 3 section 6).
 */
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 250 * 1000;
const LOGIN_MODULE = "src/session/LoginPage.tsx";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const manifestPath = join(dist, ".vite", "manifest.json");

if (process.argv.includes("--build") || !existsSync(manifestPath)) {
  execSync("npx vite build --logLevel warn", { cwd: root, stdio: "inherit" });
}

/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error("The build manifest has no entry chunk");
if (!manifest[LOGIN_MODULE]) throw new Error(`The build manifest has no chunk for ${LOGIN_MODULE}`);

/** Chunk files reached through static imports, in load order. */
const files = new Map();
const visit = (key, reason) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file) || !chunk.file.endsWith(".js")) return;
  files.set(chunk.file, reason);
  for (const child of chunk.imports ?? []) visit(child, reason);
};
visit(entryKey, "entry");
visit(LOGIN_MODULE, "login route");

const rows = [...files].map(([file, reason]) => {
  const bytes = readFileSync(join(dist, file));
  return { file, reason, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const width = Math.max(...rows.map((r) => r.file.length));
console.log(`JavaScript loaded by /login (${rows.length} files)\n`);
for (const r of rows)
  console.log(
    `  ${r.file.padEnd(width)}  ${kb(r.raw).padStart(9)}  gzip ${kb(r.gzip).padStart(8)}  (${r.reason})`,
  );
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const raw = rows.reduce((sum, r) => sum + r.raw, 0);
console.log(`\n  total: ${kb(raw)} raw, ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) {
  console.error(`  over budget by ${kb(total - BUDGET_BYTES)}`);
  process.exit(1);
}
