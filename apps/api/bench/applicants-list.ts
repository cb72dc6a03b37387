/**
 * `pnpm bench:applicants`: the applicant list at scale (docs/applicants.md "Benchmark").
 *
 * Runs on the data of `pnpm seed:scale` (DATABASE_URL, or the embedded database under
 * DATA_DIR, default ./.data where pnpm was started): fill it first, for example
 * `pnpm seed:scale --applicants 200000`. For every case of the issue (the default page, each
 * filter alone, one-word search, 'A OR B', filters + search + include, page 1,000, each
 * sortable column both ways) it times the endpoint (the real app over HTTP, signed in, the
 * spec's long field list and includes) and the same query's SQL sent directly through `pg`
 * (the page's ids, the count, the rows with rank and country, the caller's stars: what the
 * endpoint asks the database), and prints p50 and p95 of both and the ratio.
 * Targets on PostgreSQL at 200,000 applicants: p95 <= 30 ms per case, endpoint <= 1.5x SQL.
 *
 * Then, unless BENCH_EXPORT_ROWS=0, the export job writes BENCH_EXPORT_ROWS rows (default
 * 100,000) and the process's peak resident memory is printed (target: under 256 MB).
 *
 * Environment: BENCH_REQUESTS (per case, default 40), BENCH_WARMUP (default 5), BENCH_CASES
 * (a substring: only matching cases).
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { EXPORT_MAX_ROWS, applicants } from "@crew/contracts";
import pg from "pg";
import { z } from "zod";
import { hashPassword } from "../src/auth/passwords.js";
import { createDb } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { JOB_HANDLERS } from "../src/job-handlers.js";
import { createJobs } from "../src/jobs/index.js";
import { jobContext } from "../src/jobs/run-job.js";
import { applicantsExportHandler } from "../src/resources/applicants/applicants-export-handler.js";
import { createStorage } from "../src/storage/create-storage.js";
import { parseListQuery } from "../src/kernel/list-query.js";
import { createLogger } from "../src/lib/logger.js";
import { APPLICANTS_LIST_FIELDS, APPLICANTS_LIST_INCLUDE } from "../test/spec-calls/applicants-fieldsets.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import {
  BROAD_COUNT_CAP,
  extrasSql,
  applicantListSql,
  ESTIMATE_TRUSTED,
} from "../src/resources/applicants/applicants-list-repository.js";
import { applicantQueryOf } from "../src/resources/applicants/applicants-query.js";
import { benchConfig, scaleDatabase, serveApp, signedInGet } from "./support/in-process-app.js";
import { ascending, percentile } from "./support/percentile.js";

const env = process.env;
const REQUESTS = Number(env.BENCH_REQUESTS ?? 40);
const WARMUP = Number(env.BENCH_WARMUP ?? 5);
const EXPORT_ROWS = Number(env.BENCH_EXPORT_ROWS ?? 100_000);
const ONLY = env.BENCH_CASES ?? "";
const EMAIL = "bench-applicants@example.com";
const PASSWORD = "Bench-Password-1";
const TARGET_P95 = 30;
const TARGET_RATIO = 1.5;
/** The export child's heap limit, MB. */
const EXPORT_HEAP_MB = Number(env.BENCH_EXPORT_HEAP_MB ?? 192);

/** The main list's reading of spec 001 §3 (the long field list) and its includes: one copy, shared with the tests. */
const FIELDS = APPLICANTS_LIST_FIELDS.join(",");
const INCLUDE = APPLICANTS_LIST_INCLUDE;

interface TCase {
  label: string;
  query: Record<string, string>;
}

const ZListAnswer = z.object({
  data: z.array(z.unknown()).optional(),
  meta: z.object({ count: z.number().optional() }).optional(),
  errors: z.array(z.unknown()).optional(),
});

const stats = (times: number[]) => {
  const s = ascending(times);
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
};

/** The list query of a case as the kernel parses it (its filter[...] keys into a nested object). */
const rawQuery = (query: Record<string, string>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const filter: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    const m = /^filter\[(.+)\]$/.exec(k);
    if (m?.[1]) filter[m[1]] = v;
    else if (k === "search" || k === "sort") out[k] = v;
  }
  if (Object.keys(filter).length) out.filter = filter;
  return out;
};

/** A plain pg client; the embedded server takes a new connection once the previous one has gone, so it tries again for a while. */
const connectDirect = async (url: string): Promise<pg.Client> => {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("SELECT 1");
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
};

const main = async (): Promise<void> => {
  const database = await scaleDatabase();
  const databaseUrl = database.url;
  const embedded = database.embedded;
  const dataDir = mkdtempSync(join(tmpdir(), "crew-bench-applicants-"));
  try {
    await migrate(databaseUrl);
    let db = createDb(databaseUrl, embedded);
    await ensurePermissionRecords(db);
    const total = await db.user.count();
    if (total < 1000)
      throw new Error(
        `${total} applicants: fill the database first, e.g. pnpm seed:scale --applicants 200000`,
      );
    const me =
      (await db.client.findUnique({ where: { email: EMAIL } })) ??
      (await db.client.create({
        data: {
          name: "Bench Recruiter",
          email: EMAIL,
          role: "admin",
          passwordHash: await hashPassword(PASSWORD),
        },
      }));
    if ((await db.favorite.count({ where: { clientId: me.id } })) === 0) {
      await db.$executeRaw`INSERT INTO favorites (client_id, user_id, updated_at) SELECT ${me.id}, id, now() FROM users WHERE id % 1000 = 7 ON CONFLICT DO NOTHING`;
    }
    // Values the cases filter by, read from the data.
    const rank =
      (await db.rank.findFirst({ where: { title: "Chief Officer" } })) ?? (await db.rank.findFirstOrThrow());
    const status = await db.crewingStatus.findFirstOrThrow({ orderBy: { id: "asc" } });
    const tags = await db.tag.findMany({ orderBy: { id: "asc" }, take: 2 });
    const vesselType = await db.vesselType.findFirst({ orderBy: { id: "asc" } });
    const engineType = await db.engineType.findFirst({ orderBy: { id: "asc" } });
    const maker = await db.engineManufacturer.findFirst({ orderBy: { id: "asc" } });
    const sample = await db.user.findFirstOrThrow({
      where: { id: { gt: Math.floor(total / 2) } },
      orderBy: { id: "asc" },
    });
    const phoneDigits = (sample.mobilePhone ?? "").replace(/\D/g, "").slice(-7);

    const base = { "page[size]": "15", "page[number]": "1", include: INCLUDE, "fields[users]": FIELDS };
    const cases: TCase[] = [
      { label: "default list page (sort -created_at)", query: { ...base, sort: "-created_at" } },
      { label: "filter role", query: { ...base, "filter[role]": String(rank.id) } },
      { label: "filter status", query: { ...base, "filter[status]": "approved" } },
      {
        label: "filter status_id (crewing status)",
        query: { ...base, "filter[status_id]": String(status.id) },
      },
      { label: "filter company_manager_name", query: { ...base, "filter[company_manager_name]": "Atlas" } },
      { label: "filter favorites", query: { ...base, "filter[favorites]": "true" } },
      { label: "filter tags (any)", query: { ...base, "filter[tags]": tags.map((t) => t.id).join(",") } },
      {
        label: "filter tags (all)",
        query: { ...base, "filter[tags]": tags.map((t) => t.id).join(","), "filter[tags_match]": "every" },
      },
      { label: "filter deadweight", query: { ...base, "filter[deadweight]": "30000,80000" } },
      { label: "filter age", query: { ...base, "filter[age]": "30,40" } },
      {
        label: "filter equasis_vessel_type_id",
        query: { ...base, "filter[equasis_vessel_type_id]": String(vesselType?.id ?? 1) },
      },
      { label: "filter external_links", query: { ...base, "filter[external_links]": "true" } },
      { label: "filter engine_type", query: { ...base, "filter[engine_type]": String(engineType?.id ?? 1) } },
      {
        label: "filter engine_manufacturer",
        query: { ...base, "filter[engine_manufacturer]": String(maker?.id ?? 1) },
      },
      { label: "filter show_archived", query: { ...base, "filter[show_archived]": "true" } },
      { label: "search one word (surname)", query: { ...base, search: sample.surname } },
      { label: "search one word (name prefix)", query: { ...base, search: sample.name.slice(0, 4) } },
      { label: "search phone digits", query: { ...base, search: phoneDigits } },
      { label: "search applicant number", query: { ...base, search: sample.crewingApplicantId } },
      { label: "search 'A OR B'", query: { ...base, search: `${sample.surname} OR Santos` } },
      { label: "search two words (AND)", query: { ...base, search: `${sample.name} ${sample.surname}` } },
      {
        label: "filters + search + include",
        query: {
          ...base,
          search: sample.name,
          "filter[status]": "vacancy,to_propose",
          "filter[age]": "25,55",
          "filter[role]": String(sample.roleId ?? rank.id),
        },
      },
      { label: "page 1,000", query: { ...base, sort: "-created_at", "page[number]": "1000" } },
    ];
    const sorts = [
      "crewing_applicant_id",
      "surname",
      "birthday",
      "age",
      "status",
      "readiness_date",
      "wage",
      "created_at",
      "updated_at",
      "vessel_last_name",
      "last_contract_soff",
      "vessel_planned_name",
      "date_planned",
      "promotions_count",
      "last_contact",
    ];
    for (const field of sorts) {
      cases.push(
        { label: `sort ${field}`, query: { ...base, sort: field } },
        { label: `sort -${field}`, query: { ...base, sort: `-${field}` } },
      );
    }
    const chosen = cases.filter((c) => c.label.includes(ONLY));

    // 1. The same SQL directly through pg (before the app holds the embedded database's one connection).
    const direct = new Map<string, { p50: number; p95: number }>();
    // The embedded database takes one connection at a time: the app's pool gives it up meanwhile.
    if (embedded) await db.$disconnect();
    const client = await connectDirect(databaseUrl);
    for (const c of chosen) {
      const q = applicantQueryOf(parseListQuery(applicants, rawQuery(c.query)), me.id);
      const page = { size: 15, number: Number(c.query["page[number]"] ?? 1) };
      const sql = applicantListSql(q, page);
      const times: number[] = [];
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const t0 = performance.now();
        let ids: number[];
        if (sql.plan === "narrow") {
          ids = (await client.query<{ id: number }>(sql.narrowPage.text, sql.narrowPage.values)).rows.map(
            (r) => r.id,
          );
        } else if (sql.plan === "broad") {
          // As the repository: the page and the planner's estimate, the matches counted up to the
          // cap only when the estimate is under ESTIMATE_TRUSTED times it.
          ids = (await client.query<{ id: number }>(sql.page.text, sql.page.values)).rows.map((r) => r.id);
          const plan = await client.query<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
            sql.estimate.text,
            sql.estimate.values,
          );
          const estimate = plan.rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0;
          if (ids.length === page.size && estimate < BROAD_COUNT_CAP * ESTIMATE_TRUSTED) {
            const cappedSql = sql.cappedCount();
            await client.query<{ n: number }>(cappedSql.text, cappedSql.values);
          }
        } else {
          ids = (await client.query<{ id: number }>(sql.page.text, sql.page.values)).rows.map((r) => r.id);
          await client.query(sql.count.text, sql.count.values);
        }
        // The page's rows, their rank, country, the reader's stars and tag lists, and the included ranks.
        const rows = await client.query<{ role_id: number | null; last_expirience_id: number | null }>(
          "SELECT * FROM users WHERE id = ANY($1::int[])",
          [ids],
        );
        const extras = extrasSql(me.id, ids);
        await client.query(extras.text, extras.values);
        await client.query("SELECT * FROM ranks WHERE id = ANY($1::int[])", [
          rows.rows.map((r) => r.role_id).filter((x) => x !== null),
        ]);
        await client.query("SELECT * FROM expiriences WHERE id = ANY($1::int[])", [
          rows.rows.map((r) => r.last_expirience_id).filter((x) => x !== null),
        ]);
        const ms = performance.now() - t0;
        if (i >= WARMUP) times.push(ms);
      }
      direct.set(c.label, stats(times));
    }
    await client.end();
    if (embedded) db = createDb(databaseUrl, true);

    // 2. The endpoint.
    const server = await serveApp(db, embedded, dataDir);
    const get = await signedInGet(server.origin, EMAIL, PASSWORD);

    console.log(
      `\napplicant list on ${database.label}: ${total} applicants, ${REQUESTS} sequential requests per case after ${WARMUP} warm-up; the session cache ${server.sessionCache ? "on" : "off (every request reads its session from the database)"}\n`,
    );
    console.log(
      `  ${"case".padEnd(40)} ${"endpoint p50".padStart(12)} ${"p95".padStart(8)}   ${"SQL p50".padStart(8)} ${"p95".padStart(8)}   ${"ratio".padStart(5)}   rows  total`,
    );
    const misses: string[] = [];
    for (const c of chosen) {
      const times: number[] = [];
      let rows = 0;
      let count = 0;
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const t0 = performance.now();
        const res = await get(`/api/users?${new URLSearchParams(c.query).toString()}`);
        const text = await res.text();
        const ms = performance.now() - t0;
        // The answer's check is the bench's, not the endpoint's: after the clock.
        const body = ZListAnswer.parse(JSON.parse(text));
        if (res.status !== 200)
          throw new Error(`${c.label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        rows = body.data?.length ?? 0;
        count = body.meta?.count ?? 0;
        if (i >= WARMUP) times.push(ms);
      }
      const e = stats(times);
      const d = direct.get(c.label) ?? { p50: NaN, p95: NaN };
      const ratio = e.p50 / d.p50;
      const miss = [
        e.p95 > TARGET_P95 ? `p95 ${e.p95.toFixed(1)} ms` : "",
        ratio > TARGET_RATIO ? `ratio ${ratio.toFixed(2)}` : "",
      ].filter(Boolean);
      if (miss.length) misses.push(`${c.label}: ${miss.join(", ")}`);
      console.log(
        `  ${c.label.padEnd(40)} ${e.p50.toFixed(1).padStart(9)} ms ${e.p95.toFixed(1).padStart(5)} ms   ${d.p50.toFixed(1).padStart(5)} ms ${d.p95.toFixed(1).padStart(5)} ms   ${ratio.toFixed(2).padStart(5)}   ${String(rows).padStart(4)}  ${count}`,
      );
    }
    // What any signed-in request costs before its own work: the session check and one small read.
    const floor: number[] = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const t0 = performance.now();
      const res = await get("/api/clients/me");
      await res.text();
      if (i >= WARMUP) floor.push(performance.now() - t0);
    }
    const f = stats(floor);
    console.log(
      `\n  the floor of a signed-in request (GET /api/clients/me): p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms`,
    );
    console.log(
      `  targets (PostgreSQL, 200,000): p95 <= ${TARGET_P95} ms, endpoint <= ${TARGET_RATIO}x the SQL`,
    );
    console.log(
      misses.length ? `  missed:\n    ${misses.join("\n    ")}` : "  every case within both targets",
    );
    server.close();

    // 3. The export job's memory at EXPORT_ROWS rows, in a process of its own (what a worker holds).
    if (EXPORT_ROWS > 0) {
      const rows = Math.min(EXPORT_ROWS, EXPORT_MAX_ROWS);
      const task = await db.backgroundTask.create({
        data: { kind: "users.index_xlsx", authorId: me.id, total: rows, params: {} },
      });
      const child = fork(fileURLToPath(import.meta.url), ["--export-memory"], {
        // A capped heap: an export that held its rows would die here instead of passing.
        execArgv: [...process.execArgv, `--max-old-space-size=${EXPORT_HEAP_MB}`],
        env: {
          ...process.env,
          BENCH_DATABASE_URL: databaseUrl,
          BENCH_TASK: String(task.id),
          BENCH_ACTOR: String(me.id),
          BENCH_ROWS: String(rows),
          BENCH_DATA_DIR: dataDir,
        },
      });
      // The embedded database takes one connection: the child's, meanwhile.
      if (embedded) await db.$disconnect();
      const [code] = (await once(child, "exit")) as [number | null];
      if (code !== 0) throw new Error(`export child exited with ${code}`);
      if (embedded) db = createDb(databaseUrl, true);
      await db.backgroundTask.delete({ where: { id: task.id } });
    }
    await db.$disconnect();
  } finally {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** The child of step 3: runs the export job alone and prints its time, size and peak resident memory. */
const exportMemory = async (): Promise<void> => {
  const url = env.BENCH_DATABASE_URL ?? "";
  const db = createDb(url, !env.DATABASE_URL);
  const config = benchConfig(env.BENCH_DATA_DIR ?? tmpdir());
  const logger = createLogger(config);
  const taskId = Number(env.BENCH_TASK);
  const base0 = process.memoryUsage();
  let peak = base0.rss;
  let heapPeak = base0.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 20);
  const t0 = performance.now();
  // The list's query: every applicant, archived included, the first BENCH_ROWS by id.
  const jobDeps = { config, db, logger, redis: null, storage: createStorage(config) };
  await applicantsExportHandler.handle(
    applicantsExportHandler.job.payload.parse({
      taskId,
      actorId: Number(env.BENCH_ACTOR),
      query: { filter: { show_archived: "true" }, sort: "id" },
      filename: "bench.xlsx",
      limit: Number(env.BENCH_ROWS),
    }),
    jobContext(
      jobDeps,
      createJobs(jobDeps, { handlers: JOB_HANDLERS, schedules: false }),
      applicantsExportHandler.job,
      "bench",
      1,
    ),
  );
  clearInterval(sampler);
  const done = await db.backgroundTask.findUniqueOrThrow({ where: { id: taskId } });
  const file = await db.storedFile.findFirst({ where: { recordType: "background_tasks", recordId: taskId } });
  console.log(
    `\nexport job in a process of its own: ${done.done} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${((file?.byteSize ?? 0) / 1_048_576).toFixed(1)} MB .xlsx; resident memory ${(base0.rss / 1_048_576).toFixed(0)} MB at start (the app's code and tsx), peak ${(peak / 1_048_576).toFixed(0)} MB; JavaScript heap ${(base0.heapUsed / 1_048_576).toFixed(0)} MB at start, peak ${(heapPeak / 1_048_576).toFixed(0)} MB, under a ${EXPORT_HEAP_MB} MB heap limit (target: the export under 256 MB)`,
  );
  await db.$disconnect();
};

(process.argv.includes("--export-memory") ? exportMemory() : main()).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
