/**
 * `pnpm bench:planner-blocks`: the scheduler's time_plans answers (target 5: a block of the
 * visible range under 100 ms p95 on both databases), timed against the database `pnpm seed:scale`
 * filled (DATABASE_URL, else the embedded one under DATA_DIR), with the real app in this process.
 *
 * Takes the rows of the BENCH_VESSELS (default 50) vessels added last, cuts them into the
 * scheduler's blocks of 20 rows and asks for each block in turn with the scheduler's fieldset and
 * window (as `pnpm bench:planner` and use-planner-data.ts do), BENCH_REQUESTS times (default 200)
 * after BENCH_WARMUP (default 20). Prints p50, p95, mean and the process's CPU per request.
 * BENCH_DUMP=<file> writes every block's answer body once (to compare two trees' answers).
 * Run under `node --cpu-prof` (BENCH_PROFILE=1 prints the command) to see where the time goes.
 */
import { writeFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { hashPassword } from "../src/auth/passwords.js";
import { createDb } from "../src/db/client.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import { scaleDatabase, serveApp, signedInGet } from "./support/in-process-app.js";
import { percentile } from "./support/percentile.js";

const env = process.env;
const VESSELS = Number(env.BENCH_VESSELS ?? 50);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const EMAIL = "bench-planner@example.com";
const PASSWORD = "Bench-Password-1";
const DAY = 86_400_000;
const BLOCK_ROWS = 20;
/** The scheduler's fieldset (apps/web/src/screens/planner/use-planner-data.ts). */
const FIELDS =
  "start,end,status,to_publish,repair_team,offer,ms_id,user_id,user_name,readiness_date,telegram_bot,problem_newcomer,port_name,last_comment_body,crew_change_sign_on_id,crew_change_sign_off_id,warnings";

interface TRowAttributes {
  vessel_id: number;
  vessel_name: string;
  crewing_priority: number;
}
const iso = (d: Date) => d.toISOString().slice(0, 10);

const main = async (): Promise<void> => {
  const database = await scaleDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "crew-bench-planner-"));
  const db = createDb(database.url, database.embedded);
  try {
    await ensurePermissionRecords(db);
    if (!(await db.client.findFirst({ where: { email: EMAIL }, select: { id: true } })))
      await db.client.create({
        data: {
          name: "Bench Planner",
          email: EMAIL,
          role: "admin",
          passwordHash: await hashPassword(PASSWORD),
        },
      });
    const server = await serveApp(db, database.embedded, dataDir);
    const get = await signedInGet(server.origin, EMAIL, PASSWORD);
    const rowsBody = (await (await get("/api/planner/rows")).json()) as {
      data: { id: string; attributes: TRowAttributes }[];
    };
    const byVessel = new Map<number, { id: string; attributes: TRowAttributes }[]>();
    for (const r of rowsBody.data)
      byVessel.set(r.attributes.vessel_id, [...(byVessel.get(r.attributes.vessel_id) ?? []), r]);
    const vesselIds = [...byVessel.keys()].sort((a, b) => b - a).slice(0, VESSELS);
    const rows = vesselIds
      .flatMap((id) => byVessel.get(id) ?? [])
      .sort(
        (a, b) =>
          a.attributes.vessel_name.localeCompare(b.attributes.vessel_name) ||
          a.attributes.vessel_id - b.attributes.vessel_id ||
          a.attributes.crewing_priority - b.attributes.crewing_priority,
      );
    const now = new Date(`${iso(new Date())}T00:00:00Z`);
    const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, now.getUTCDate());
    const from = iso(new Date(day - 45 * DAY));
    const to = iso(new Date(day + 300 * DAY));
    const blocks: string[] = [];
    for (let i = 0; i < rows.length; i += BLOCK_ROWS)
      blocks.push(
        rows
          .slice(i, i + BLOCK_ROWS)
          .map((r) => r.id)
          .join(","),
      );
    const path = (ids: string) =>
      `/api/time_plans?${new URLSearchParams({
        "filter[date_range]": `${from},${to}`,
        "filter[manning_scale_id]": ids,
        "page[size]": "25000",
        "fields[time_plans]": FIELDS,
      }).toString()}`;

    if (env.BENCH_DUMP) {
      const bodies: string[] = [];
      // The links name the server's port, which differs from run to run.
      for (const ids of blocks)
        bodies.push((await (await get(path(ids))).text()).replaceAll(server.origin, "ORIGIN"));
      writeFileSync(env.BENCH_DUMP, bodies.join("\n"));
      console.log(`  wrote ${blocks.length} answers to ${env.BENCH_DUMP}`);
    }

    const times: number[] = [];
    let cpu = process.cpuUsage();
    let plans = 0;
    let bytes = 0;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      if (i === WARMUP) cpu = process.cpuUsage();
      const t0 = performance.now();
      const res = await get(path(blocks[i % blocks.length] ?? ""));
      const text = await res.text();
      const took = performance.now() - t0;
      if (res.status !== 200) throw new Error(`time_plans answered ${res.status}: ${text.slice(0, 300)}`);
      if (i >= WARMUP) {
        times.push(took);
        plans += (JSON.parse(text) as { data: unknown[] }).data.length;
        bytes += text.length;
      }
    }
    const used = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    const mean = times.reduce((s, t) => s + t, 0) / times.length;
    console.log(
      `${database.label}: ${vesselIds.length} vessels, ${rows.length} rows, ${blocks.length} blocks, window ${from}..${to}`,
    );
    console.log(
      `  time_plans block (${(plans / REQUESTS).toFixed(0)} plans, ${(bytes / REQUESTS / 1024).toFixed(0)} KiB)  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  mean ${mean.toFixed(1)} ms  cpu ${((used.user + used.system) / 1000 / REQUESTS).toFixed(1)} ms/request`,
    );
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} on ${cpus().length} CPUs`,
    );
    server.close();
  } finally {
    await db.$disconnect();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
