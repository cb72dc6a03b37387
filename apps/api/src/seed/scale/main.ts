import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { createDb } from "../../db/client.js";
import { startEmbeddedDatabase } from "../../db/embedded.js";
import { migrate } from "../../db/migrate.js";
import { ensurePermissionRecords } from "../../permissions/permission-seed-repository.js";
import { SCALE_PARTS } from "./parts.js";

/**
 * `pnpm seed:scale [--flag N ...] [--only part,...]`: fills a database with realistic data at scale for the
 * benchmarks. DATABASE_URL chooses a PostgreSQL; unset, the embedded database under DATA_DIR
 * (default ./.data where pnpm was started, as for `pnpm start`; stop the server that uses it first:
 * PGlite is one process per folder).
 */
const flagTable = SCALE_PARTS.flatMap((part) =>
  Object.entries(part.flags).map(([name, flag]) => ({ part: part.name, name, ...flag })),
);

const usage = (): string =>
  [
    "pnpm seed:scale [flags]",
    "",
    "  DATABASE_URL   PostgreSQL to fill (unset: the embedded database under DATA_DIR, default ./.data)",
    "",
    ...flagTable.map((f) => `  --${f.name.padEnd(20)} ${f.help} (default ${f.default}; ${f.part})`),
    `  --${"only".padEnd(20)} run only these parts, by name, comma-separated (${SCALE_PARTS.map((p) => p.name).join(", ")}): one part onto a filled database`,
    `  --${"help".padEnd(20)} this text`,
  ].join("\n");

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: {
      help: { type: "boolean" },
      only: { type: "string" },
      ...Object.fromEntries(flagTable.map((f) => [f.name, { type: "string" as const }])),
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage());
    return;
  }
  const flags: Record<string, number> = {};
  for (const f of flagTable) {
    const raw = (values as Record<string, unknown>)[f.name];
    const n = typeof raw === "string" ? Number(raw) : f.default;
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${f.name} must be a whole number of 0 or more`);
    flags[f.name] = n;
  }
  const only = values.only?.split(",").map((name) => name.trim());
  const unknown = only?.filter((name) => !SCALE_PARTS.some((p) => p.name === name)) ?? [];
  if (unknown.length) throw new Error(`--only: no part named ${unknown.join(", ")}`);
  const parts = only ? SCALE_PARTS.filter((p) => only.includes(p.name)) : SCALE_PARTS;
  const url = process.env.DATABASE_URL;
  const embedded = url
    ? null
    : await startEmbeddedDatabase(
        resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? "./.data"),
      );
  const target = url ?? embedded?.url ?? "";
  await migrate(target);
  const db = createDb(target, embedded !== null);
  const started = Date.now();
  const log = (line: string): void =>
    console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
  try {
    await ensurePermissionRecords(db);
    for (const part of parts) {
      log(`${part.name}: start`);
      await part.run({ db, flags, embedded: embedded !== null, log });
      log(`${part.name}: done`);
    }
    // Later parts rewrite rows earlier ones vacuumed (comments move each applicant's last
    // contact: 550,000 dead rows in users at 200,000), which left the applicants list reading
    // dead rows (page 1,000's SQL 162 ms instead of 21 ms): one pass over everything at the end.
    await db.$executeRawUnsafe("VACUUM ANALYZE");
    log("vacuumed and analysed the whole database");
  } finally {
    await db.$disconnect();
    await embedded?.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
