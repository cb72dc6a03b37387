/**
 * `pnpm bench:vacancies`: candidate matching at scale (docs/vacancies.md "Candidate matching"):
 * GET /api/vacancies/{id}/matches?limit=25 over HTTP (the real app in this process, signed in)
 * for vacancies of many ranks, and the same matching called directly (`matchCandidates`: the
 * ranking query, the owner's matrix and the document check of the shortlist) to show what the
 * HTTP layer adds. Prints p50 / p95 / max of each against the target.
 *
 * Runs on the data of `pnpm seed:scale` (DATABASE_URL, or the embedded database under DATA_DIR,
 * default ./.data where pnpm was started). Where the scale seed made vacancies (its `vacancies`
 * part: a few thousand, three in five published), the bench matches BENCH_VACANCIES of the
 * published ones ahead (default 300, spread over the ranks and vessels), BENCH_REQUESTS each
 * (default 1: each request a different vacancy, as staff opening vacancy after vacancy). On an
 * older seed without vacancy rows it makes the vacancies of up to BENCH_VACANCIES (default 20)
 * vacancy plans ahead, one rank each where it can, as a published plan's save does
 * (`syncFromPlan`), BENCH_REQUESTS (default 5) each.
 * Target on PostgreSQL at 200,000 applicants: p95 under 200 ms (issue 18 §1).
 *
 * Environment: BENCH_VACANCIES, BENCH_REQUESTS, BENCH_WARMUP (requests not timed, default 5).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { hashPassword } from "../src/auth/passwords.js";
import { createDb, type TDb } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import { matchCandidates } from "../src/resources/vacancies/matching.js";
import { vacanciesRepository } from "../src/resources/vacancies/vacancies-repository.js";
import {
  vacancyPlanRepository,
  type TVacancyPlan,
} from "../src/resources/vacancies/vacancy-plan-repository.js";
import { scaleDatabase, serveApp, signedInGet } from "./support/in-process-app.js";
import { ascending, percentile } from "./support/percentile.js";

const env = process.env;
const SEEDED_AT_LEAST = 50;
const WARMUP = Number(env.BENCH_WARMUP ?? 5);
const LIMIT = 25;
const EMAIL = "bench-vacancies@example.com";
const PASSWORD = "Bench-Password-1";
const TARGET_P95 = 200;

const stats = (times: readonly number[]) => {
  const s = ascending(times);
  return { p50: percentile(s, 50), p95: percentile(s, 95), max: s.at(-1) ?? NaN };
};
const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

/** An older seed without vacancy rows: the vacancies of vacancy plans ahead, one per rank first. */
const vacanciesOfPlans = async (db: TDb, authorId: number, count: number): Promise<number[]> => {
  // Vacancy plans ahead, one per rank first: their vacancies are what is matched.
  const plans = await db.$queryRaw<TVacancyPlan[]>`
    SELECT id, "manningScaleId", status, "toPublish", start, "end", offer, "vacancyDescription" FROM (
      SELECT DISTINCT ON (ms.rank_id) tp.id, tp.manning_scale_id AS "manningScaleId", tp.status,
             true AS "toPublish", tp.start, tp."end", tp.offer, tp.vacancy_description AS "vacancyDescription"
        FROM time_plans tp JOIN manning_scales ms ON ms.id = tp.manning_scale_id
       WHERE tp.status = 'vacancy' AND tp.start >= current_date AND ms.vessel_id IS NOT NULL
       ORDER BY ms.rank_id, tp.start, tp.id) per_rank
    ORDER BY start, id
    LIMIT ${count}`;
  if (!plans.length) throw new Error("no vacancy plan ahead: pnpm seed:scale makes them (its planning part)");
  const ids: number[] = [];
  for (const plan of plans) {
    const id = await vacancyPlanRepository(db).syncFromPlan(plan, authorId);
    if (id !== null) ids.push(id);
  }
  return ids;
};

const main = async (): Promise<void> => {
  const database = await scaleDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "crew-bench-vacancies-"));
  try {
    await migrate(database.url);
    const db = createDb(database.url, database.embedded);
    await ensurePermissionRecords(db);
    const [counts] = await db.$queryRaw<{ users: number; plans: number; documents: number }[]>`
      SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM time_plans) AS plans,
             (SELECT count(*)::int FROM applicant_documents) AS documents`;
    if (!counts || counts.users < 1000)
      throw new Error("fill the database first: pnpm seed:scale (200,000 applicants by default)");
    const me =
      (await db.client.findUnique({ where: { email: EMAIL } })) ??
      (await db.client.create({
        data: {
          name: "Bench Vacancies",
          email: EMAIL,
          role: "admin",
          passwordHash: await hashPassword(PASSWORD),
        },
      }));

    const [seeded] = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM vacancies WHERE published AND start >= current_date`;
    const fromSeed = (seeded?.n ?? 0) >= SEEDED_AT_LEAST;
    const VACANCIES = Number(env.BENCH_VACANCIES ?? (fromSeed ? 300 : 20));
    const REQUESTS = Number(env.BENCH_REQUESTS ?? (fromSeed ? 1 : 5));
    const ids: number[] = fromSeed
      ? (
          await db.$queryRaw<{ id: number }[]>`
            SELECT id FROM vacancies WHERE published AND start >= current_date
             ORDER BY (id * 7919) % 10007, id LIMIT ${VACANCIES}`
        ).map((r) => r.id)
      : await vacanciesOfPlans(db, me.id, VACANCIES);

    const server = await serveApp(db, database.embedded, dataDir);
    const get = await signedInGet(server.origin, EMAIL, PASSWORD);
    const repo = vacanciesRepository(db);
    console.log(
      `\nvacancy matches on ${database.label}: ${counts.users} applicants, ${counts.plans} plans, ${counts.documents} documents; ${ids.length} ${fromSeed ? "seeded published vacancies" : "vacancies of different ranks"}, ${REQUESTS} request(s) each after ${WARMUP} warm-up\n`,
    );
    const http: number[] = [];
    const direct: number[] = [];
    let considered = 0;
    let returned = 0;
    const order = Array.from({ length: WARMUP + ids.length * REQUESTS }, (_, i) => ids[i % ids.length] ?? 0);
    for (const [i, id] of order.entries()) {
      const t0 = performance.now();
      const res = await get(`/api/vacancies/${id}/matches?limit=${LIMIT}`);
      const body = (await res.json()) as { data?: unknown[]; meta?: { considered?: number } };
      const took = performance.now() - t0;
      if (res.status !== 200)
        throw new Error(`matches of ${id}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      const t1 = performance.now();
      await matchCandidates(repo, id, LIMIT);
      const tookDirect = performance.now() - t1;
      if (i < WARMUP) continue;
      http.push(took);
      direct.push(tookDirect);
      considered += body.meta?.considered ?? 0;
      returned += body.data?.length ?? 0;
    }
    const h = stats(http);
    const d = stats(direct);
    console.log(`  ${"".padEnd(34)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"max".padStart(9)}`);
    console.log(`  ${"GET /api/vacancies/{id}/matches".padEnd(34)} ${ms(h.p50)} ${ms(h.p95)} ${ms(h.max)}`);
    console.log(`  ${"matchCandidates (no HTTP)".padEnd(34)} ${ms(d.p50)} ${ms(d.p95)} ${ms(d.max)}`);
    console.log(
      `\n  candidates ranked per vacancy (mean): ${(considered / Math.max(1, http.length)).toFixed(0)}, matches answered: ${(returned / Math.max(1, http.length)).toFixed(1)}`,
    );
    console.log(
      `  load average while measuring: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(", ")} on ${availableParallelism()} cores`,
    );
    console.log(
      `  target (PostgreSQL, 200,000 applicants): p95 under ${TARGET_P95} ms: ${h.p95 <= TARGET_P95 ? "met" : "MISSED"}`,
    );
    server.close();
    await db.$disconnect();
  } finally {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
