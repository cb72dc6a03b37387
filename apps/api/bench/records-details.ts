/**
 * `pnpm bench:records`: opening an applicant's details page at scale (docs/records.md
 * "Benchmark"): the first request of every tab — the applicant, sea service (12 newest with
 * their includes), documents (all, with endorsements and attachments), interviews, relatives,
 * recommendations, English tests, attachments, History — and the panel of one contract
 * (verifications, performance, the coincidence check), each timed over many applicants.
 *
 * Runs on the data of `pnpm seed:scale` (DATABASE_URL, or the embedded database under
 * DATA_DIR, default ./.data where pnpm was started). Target on PostgreSQL at 200,000
 * applicants (~1.2 M sea service, ~2 M documents): p95 under 50 ms for every request.
 *
 * Environment: BENCH_APPLICANTS (how many applicants are opened, default 60), BENCH_WARMUP
 * (default 5), BENCH_CASES (a substring: only matching requests).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { hashPassword } from "../src/auth/passwords.js";
import { createDb } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import { scaleDatabase, serveApp, signedInGet } from "./support/in-process-app.js";
import { ascending, percentile } from "./support/percentile.js";

const env = process.env;
const APPLICANTS = Number(env.BENCH_APPLICANTS ?? 60);
const WARMUP = Number(env.BENCH_WARMUP ?? 5);
const ONLY = env.BENCH_CASES ?? "";
const EMAIL = "bench-records@example.com";
const PASSWORD = "Bench-Password-1";
const TARGET_P95 = 50;

interface TTab {
  label: string;
  path: (user: number, service: number | null) => string | null;
}

/** What each tab asks first, as the screens ask it (the spec's includes, sorts and page sizes). */
const TABS: readonly TTab[] = [
  { label: "details (applicant)", path: (u) => `/api/users/${u}?include=role,last_expirience` },
  {
    label: "sea service (12, includes)",
    path: (u) =>
      `/api/users/${u}/expiriences?page[size]=12&page[number]=1&sort=-date_on&include=role,vessel_type,company_agent,attachments`,
  },
  {
    label: "documents (all, endorsements)",
    path: (u) =>
      `/api/users/${u}/documents?page[size]=999&page[number]=1&sort=sequence,n_tpd,n_doc,-valid_from&include=kind,issuing_country,role,endorsement,attachments,endorsement_attachments`,
  },
  {
    label: "interviews",
    path: (u) =>
      `/api/users/${u}/interviews?page[size]=15&page[number]=1&sort=-date&include=interviewer,role`,
  },
  {
    label: "relatives",
    path: (u) => `/api/users/${u}/relatives?page[size]=15&page[number]=1&sort=name&include=relation_type`,
  },
  {
    label: "recommendations",
    path: (u) => `/api/users/${u}/recommendations?page[size]=15&page[number]=1&sort=-date&include=role`,
  },
  {
    label: "English tests",
    path: (u) =>
      `/api/users/${u}/english-tests?page[size]=15&page[number]=1&sort=-date&include=english_test_type`,
  },
  {
    label: "attachments",
    path: (u) => `/api/users/${u}/attachments?page[size]=15&page[number]=1&sort=-created_at`,
  },
  { label: "History", path: (u) => `/api/users/${u}/versions?page[size]=25&page[number]=1` },
  // The Activity tab: comments, changes, documents and plans in one timeline (docs/interactions.md).
  { label: "Activity (all kinds)", path: (u) => `/api/users/${u}/activity?page[size]=25` },
  {
    label: "Activity (comments)",
    path: (u) => `/api/users/${u}/activity?page[size]=25&filter[kind]=comment`,
  },
  // Issue 16: the comments page (all, newest first, page size 999, authors) and one category.
  {
    label: "comments",
    path: (u) =>
      `/api/users/${u}/comments?include=author&sort=-created_at&page[size]=999&filter[category]=all`,
  },
  {
    label: "comments: calls",
    path: (u) =>
      `/api/users/${u}/comments?include=author&sort=-created_at&page[size]=999&filter[category]=call`,
  },
  {
    label: "contract: verifications",
    path: (_u, s) =>
      s ? `/api/expiriences/${s}/verifications?page[size]=999&sort=-created_at&include=author` : null,
  },
  {
    label: "contract: performance",
    path: (_u, s) =>
      s ? `/api/expiriences/${s}/performances?page[size]=999&sort=-created_at&include=author,role` : null,
  },
  {
    label: "contract: coincidences",
    path: (_u, s) => (s ? `/api/experience_verifications/check_coincidences/${s}` : null),
  },
];

const main = async (): Promise<void> => {
  const database = await scaleDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "crew-bench-records-"));
  try {
    await migrate(database.url);
    const db = createDb(database.url, database.embedded);
    await ensurePermissionRecords(db);
    const [counts] = await db.$queryRaw<{ users: number; services: number; documents: number }[]>`
      SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM expiriences) AS services,
             (SELECT count(*)::int FROM applicant_documents) AS documents`;
    if (!counts || counts.users < 1000 || counts.services < 1000)
      throw new Error("fill the database first: pnpm seed:scale");
    if (!(await db.client.findUnique({ where: { email: EMAIL } }))) {
      await db.client.create({
        data: {
          name: "Bench Recruiter",
          email: EMAIL,
          role: "admin",
          passwordHash: await hashPassword(PASSWORD),
        },
      });
    }
    // Applicants spread over the whole table, each with its newest contract (the panel's).
    const picked = await db.$queryRaw<{ id: number; service: number | null }[]>`
      SELECT u.id, (SELECT e.id FROM expiriences e WHERE e.user_id = u.id ORDER BY e.date_on DESC, e.id DESC LIMIT 1) AS service
        FROM users u WHERE u.id % ${Math.max(1, Math.floor(counts.users / (APPLICANTS + WARMUP)))}::int = 0
       ORDER BY u.id LIMIT ${APPLICANTS + WARMUP}`;

    const server = await serveApp(db, database.embedded, dataDir);
    const get = await signedInGet(server.origin, EMAIL, PASSWORD);

    console.log(
      `\ndetails page on ${database.label}: ${counts.users} applicants, ${counts.services} sea service, ${counts.documents} documents;`,
    );
    console.log(`${APPLICANTS} applicants opened (after ${WARMUP} warm-up), each tab's first request\n`);
    console.log(
      `  ${"tab".padEnd(34)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"max".padStart(8)}   rows (mean)`,
    );
    const misses: string[] = [];
    for (const tab of TABS.filter((t) => t.label.includes(ONLY))) {
      const times: number[] = [];
      let rows = 0;
      for (const [i, p] of picked.entries()) {
        const path = tab.path(p.id, p.service);
        if (!path) continue;
        const t0 = performance.now();
        const res = await get(path);
        const body = (await res.json()) as { data?: unknown };
        const ms = performance.now() - t0;
        if (res.status !== 200)
          throw new Error(`${tab.label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        if (i < WARMUP) continue;
        times.push(ms);
        rows += Array.isArray(body.data) ? body.data.length : 1;
      }
      const s = ascending(times);
      const p95 = percentile(s, 95);
      if (p95 > TARGET_P95) misses.push(`${tab.label}: p95 ${p95.toFixed(1)} ms`);
      console.log(
        `  ${tab.label.padEnd(34)} ${percentile(s, 50).toFixed(1).padStart(5)} ms ${p95.toFixed(1).padStart(5)} ms ${(s.at(-1) ?? NaN).toFixed(1).padStart(5)} ms   ${(rows / Math.max(1, times.length)).toFixed(1)}`,
      );
    }
    console.log(`\n  target (PostgreSQL, 200,000 applicants): p95 under ${TARGET_P95} ms for every tab`);
    console.log(misses.length ? `  missed:\n    ${misses.join("\n    ")}` : "  every tab within the target");
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
