/**
 * `pnpm bench:document-matrix`: the compliance check at scale (docs/owners-terms.md
 * "Benchmark"): GET /api/users/check_document_matrix for the seafarers of a vessel's running and
 * coming plans (the vessels with the most), for 48 applicants by id against an owner's current
 * matrix, and the vessel check as xlsx, each timed over many vessels.
 *
 * Runs on the data of `pnpm seed:scale` (DATABASE_URL, or the embedded database under DATA_DIR,
 * default ./.data where pnpm was started); the scale seed's document-matrices part gives every
 * owner a matrix. Target on PostgreSQL at 200,000 applicants: p95 under 300 ms for 48 seafarers.
 *
 * Environment: BENCH_VESSELS (how many vessels are checked, default 40), BENCH_WARMUP (default 5).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { hashPassword } from "../src/auth/passwords.js";
import { createDb } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import { scaleDatabase, serveApp, signedInGet } from "./support/in-process-app.js";
import { ascending, percentile } from "./support/percentile.js";

const env = process.env;
const VESSELS = Number(env.BENCH_VESSELS ?? 40);
const WARMUP = Number(env.BENCH_WARMUP ?? 5);
const SEAFARERS = 48;
const EMAIL = "bench-matrix@example.com";
const PASSWORD = "Bench-Password-1";
const TARGET_P95 = 300;

const main = async (): Promise<void> => {
  const database = await scaleDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "crew-bench-matrix-"));
  try {
    await migrate(database.url);
    const db = createDb(database.url, database.embedded);
    await ensurePermissionRecords(db);
    const [counts] = await db.$queryRaw<
      { users: number; documents: number; matrices: number; cells: number }[]
    >`
      SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM applicant_documents) AS documents,
             (SELECT count(*)::int FROM owner_groups) AS matrices, (SELECT count(*)::int FROM items) AS cells`;
    if (!counts || counts.users < 1000 || counts.matrices < 1)
      throw new Error(
        "fill the database first: pnpm seed:scale (its document-matrices part gives owners matrices)",
      );
    if (!(await db.client.findUnique({ where: { email: EMAIL } }))) {
      await db.client.create({
        data: {
          name: "Bench Matrix",
          email: EMAIL,
          role: "admin",
          passwordHash: await hashPassword(PASSWORD),
        },
      });
    }
    // The vessels with the most seafarers planned from today on, whose owner has a current matrix.
    const vessels = await db.$queryRaw<{ id: number; owner: number; seafarers: number }[]>`
      SELECT ms.vessel_id AS id, ov.owner_id AS owner, count(*)::int AS seafarers
        FROM time_plans tp
        JOIN manning_scales ms ON ms.id = tp.manning_scale_id
        JOIN owner_vessels ov ON ov.vessel_id = ms.vessel_id
       WHERE tp.user_id IS NOT NULL AND tp."end" >= current_date AND tp.status NOT IN ('completed', 'other_agency')
         AND EXISTS (SELECT 1 FROM owner_groups g WHERE g.owner_id = ov.owner_id AND g.current)
       GROUP BY ms.vessel_id, ov.owner_id
       ORDER BY count(*) DESC, ms.vessel_id
       LIMIT ${VESSELS + WARMUP}`;
    if (!vessels.length) throw new Error("no vessel with plans and an owner's matrix: pnpm seed:scale");
    // Applicants spread over the whole table, 48 for each request.
    const wanted = SEAFARERS * (VESSELS + WARMUP);
    const applicants = await db.$queryRaw<{ id: number }[]>`
      SELECT id FROM users WHERE id % ${Math.max(1, Math.floor(counts.users / wanted))}::int = 0 ORDER BY id LIMIT ${wanted}`;

    // Crew changes with the most seafarers signing on whose vessel's owner has a current PPE matrix.
    const crewChanges = await db.$queryRaw<{ id: number; joiners: number }[]>`
      SELECT tp.crew_change_sign_on_id AS id, count(*)::int AS joiners
        FROM time_plans tp
        JOIN crew_changes cc ON cc.id = tp.crew_change_sign_on_id
        JOIN owner_vessels ov ON ov.vessel_id = cc.vessel_id
       WHERE tp.user_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM owner_matrices m WHERE m.owner_id = ov.owner_id AND m.current)
       GROUP BY tp.crew_change_sign_on_id
       ORDER BY count(*) DESC, tp.crew_change_sign_on_id
       LIMIT ${VESSELS + WARMUP}`;
    const server = await serveApp(db, database.embedded, dataDir);
    const get = await signedInGet(server.origin, EMAIL, PASSWORD);
    console.log(
      `\ncheck_document_matrix on ${database.label}: ${counts.users} applicants, ${counts.documents} documents, ${counts.matrices} matrices (${counts.cells} cells)\n`,
    );
    console.log(
      `  ${"request".padEnd(40)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"max".padStart(8)}   seafarers (mean)`,
    );
    const misses: string[] = [];
    const run = async (label: string, paths: readonly string[], file = false): Promise<void> => {
      const times: number[] = [];
      let lines = 0;
      let cpu = 0;
      for (const [i, path] of paths.entries()) {
        // The API runs in this process: its CPU per request does not depend on how busy the machine is.
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const res = await get(path);
        const body = file ? null : ((await res.json()) as { data?: unknown[] });
        if (file) await res.arrayBuffer();
        const ms = performance.now() - t0;
        const used = process.cpuUsage(c0);
        if (res.status !== 200)
          throw new Error(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        if (i < WARMUP) continue;
        times.push(ms);
        cpu += (used.user + used.system) / 1000;
        lines += body?.data?.length ?? 0;
      }
      const s = ascending(times);
      const p95 = percentile(s, 95);
      if (p95 > TARGET_P95) misses.push(`${label}: p95 ${p95.toFixed(1)} ms`);
      console.log(
        `  ${label.padEnd(40)} ${percentile(s, 50).toFixed(1).padStart(5)} ms ${p95.toFixed(1).padStart(5)} ms ${(s.at(-1) ?? NaN).toFixed(1).padStart(5)} ms ${(cpu / Math.max(1, times.length)).toFixed(1).padStart(6)} ms   ${file ? "-" : (lines / Math.max(1, times.length)).toFixed(1)}`,
      );
    };
    const meanPlanned = vessels.reduce((n, v) => n + v.seafarers, 0) / vessels.length;
    await run(
      `vessel's plans (${meanPlanned.toFixed(0)} planned on average)`,
      vessels.map((v) => `/api/users/check_document_matrix?vessel_id=${v.id}`),
    );
    await run(
      `${SEAFARERS} applicants by id, owner's matrix`,
      vessels.map((v, i) => {
        const ids = applicants.slice(i * SEAFARERS, (i + 1) * SEAFARERS).map((a) => a.id);
        return `/api/users/check_document_matrix?user_ids=${ids.join(",")}&owner_id=${v.owner}`;
      }),
    );
    await run(
      "vessel's plans as xlsx",
      vessels.map((v) => `/api/users/check_document_matrix?vessel_id=${v.id}&format=xlsx`),
      true,
    );
    if (crewChanges.length) {
      const meanJoiners = crewChanges.reduce((n, c) => n + c.joiners, 0) / crewChanges.length;
      await run(
        `PPE order xlsx (${meanJoiners.toFixed(0)} signing on on average)`,
        crewChanges.map((c) => `/api/print/ppe_order?crew_change_id=${c.id}`),
        true,
      );
    } else console.log("  PPE order: no crew change with joiners and an owner's PPE matrix");
    // The applicants list's page with the documents mark (matrix_documents), planned seafarers first.
    await run(
      "applicants list, 50 planned (matrix mark)",
      vessels.map((_, i) => `/api/users?sort=date_planned&page[size]=50&page[number]=${i + 1}`),
    );
    console.log(
      `\n  load average while measuring: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(", ")} on ${availableParallelism()} cores`,
    );
    console.log(`  target (PostgreSQL, 200,000 applicants): p95 under ${TARGET_P95} ms`);
    console.log(
      misses.length ? `  missed:\n    ${misses.join("\n    ")}` : "  every request within the target",
    );
    server.close();
    await db.$disconnect();
  } finally {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
