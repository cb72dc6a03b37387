/**
 * `pnpm bench:fleet`: what the vessels screens and the planner cost at a fleet's real size.
 *
 * Builds a throwaway database (a fresh one on the DATABASE_URL server, dropped afterwards;
 * else an in-memory embedded PGlite), fills it with the fleet part of `pnpm seed:scale`
 * (BENCH_VESSELS vessels, default 500, with BENCH_ROWS manning-scale rows, default 10,000:
 * 20 a vessel), serves the real app, signs in as an admin and times sequential requests:
 *
 *   1. GET /api/vessels?include=manning_scales&page[size]=999  (the planner's rows: target p95 < 150 ms on PostgreSQL)
 *   2. GET /api/vessels/{id} with every include the details screen asks for
 *
 * Prints p50, p95, mean and the answer's size (the 999 page also without compression). BENCH_REQUESTS (default 60) per case, after
 * BENCH_WARMUP (default 5). Token rotation is followed as the browser does.
 *
 * BENCH_COMPARE="KERNEL_SQL_READS=0" (config settings) serves a second app with those settings
 * on the same database and times the 999 page on both taking turns request by request (the
 * machine's load then weighs on both alike), checking every pair of answers is byte-identical.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { hashPassword } from "../src/auth/passwords.js";
import { createDb } from "../src/db/client.js";
import { fleetScalePart } from "../src/seed/scale/fleet.js";
import { ensurePermissionRecords } from "../src/permissions/permission-seed-repository.js";
import { throwawayDatabase } from "../test/support/throwaway-database.js";
import { envOverrides, serveApp, signedInGet } from "./support/in-process-app.js";
import { percentile } from "./support/percentile.js";

const env = process.env;
const VESSELS = Number(env.BENCH_VESSELS ?? 500);
const ROWS = Number(env.BENCH_ROWS ?? 10_000);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 60);
const WARMUP = Number(env.BENCH_WARMUP ?? 5);
const TARGET_P95_MS = 150;
const EMAIL = "bench-admin@example.com";
const PASSWORD = "Bench-Password-1";

const main = async (): Promise<void> => {
  // A fresh database, migrated: on the DATABASE_URL server (dropped afterwards), else an in-memory PGlite.
  const database = await throwawayDatabase(env.DATABASE_URL, "crew_bench_fleet");
  const databaseLabel = database.embedded ? "embedded PGlite (in memory)" : database.label;
  const dataDir = mkdtempSync(join(tmpdir(), "crew-bench-fleet-"));
  try {
    const db = createDb(database.url, database.embedded);
    await ensurePermissionRecords(db);
    await db.client.create({
      data: { name: "Bench Admin", email: EMAIL, role: "admin", passwordHash: await hashPassword(PASSWORD) },
    });
    const started = performance.now();
    await fleetScalePart.run({
      db,
      flags: { vessels: VESSELS, "manning-rows": ROWS },
      embedded: database.embedded,
      log: (line) => console.log(`  seed: ${line}`),
    });
    console.log(`  seed took ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const server = await serveApp(db, database.embedded, dataDir);
    const get = await signedInGet(server.origin, EMAIL, PASSWORD);

    const time = async (label: string, path: string, extra?: Record<string, string>): Promise<void> => {
      const times: number[] = [];
      let bytes = 0;
      let cpu = process.cpuUsage();
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        if (i === WARMUP) cpu = process.cpuUsage();
        const t0 = performance.now();
        const res = await get(path, extra);
        const body = await res.text();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`);
        bytes = body.length;
        if (i >= WARMUP) times.push(ms);
      }
      // CPU this process spent per request (server and the small client): on a machine others
      // load too, a steadier figure than the wall clock; the database's own time is not in it.
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000 / REQUESTS;
      times.sort((a, b) => a - b);
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      console.log(
        `  ${label.padEnd(58)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms   mean ${mean.toFixed(1).padStart(7)} ms   cpu ${cpuMs.toFixed(1).padStart(6)} ms   ${(bytes / 1024).toFixed(0)} KiB`,
      );
      if (label.startsWith("vessels list") && !database.embedded) {
        console.log(
          `  ${percentile(times, 95) < TARGET_P95_MS ? "within" : "OVER"} the target p95 < ${TARGET_P95_MS} ms`,
        );
      }
    };

    /** The page on this tree's app and on the one with BENCH_COMPARE's settings, alternately. */
    const compare = async (label: string, path: string, extra?: Record<string, string>): Promise<void> => {
      const overrides = envOverrides(env.BENCH_COMPARE);
      const other = await serveApp(db, database.embedded, dataDir, overrides);
      const getOther = await signedInGet(other.origin, EMAIL, PASSWORD);
      const sides = [
        { name: "as configured", get, times: [] as number[], cpu: 0 },
        { name: env.BENCH_COMPARE ?? "", get: getOther, times: [] as number[], cpu: 0 },
      ];
      const bodies: string[] = [];
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        for (const side of i % 2 ? [...sides].reverse() : sides) {
          const cpu = process.cpuUsage();
          const t0 = performance.now();
          const res = await side.get(path, extra);
          const body = await res.text();
          const ms = performance.now() - t0;
          const used = process.cpuUsage(cpu);
          if (res.status !== 200) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`);
          // The links name the app's own origin: the only bytes that may differ.
          bodies.push(body.replaceAll(side === sides[0] ? server.origin : other.origin, "ORIGIN"));
          if (i >= WARMUP) {
            side.times.push(ms);
            side.cpu += (used.user + used.system) / 1000;
          }
        }
        const [a, b] = bodies.splice(0);
        if (a !== b) {
          let at = 0;
          while (at < Math.min(a?.length ?? 0, b?.length ?? 0) && a?.[at] === b?.[at]) at++;
          throw new Error(
            `${label}: the two apps' answers differ at ${at}: ${a?.slice(at - 200, at + 200)}\n---\n${b?.slice(at - 200, at + 200)}`,
          );
        }
      }
      for (const side of sides) {
        side.times.sort((x, y) => x - y);
        console.log(
          `  ${`${label} [${side.name}]`.padEnd(58)} p50 ${percentile(side.times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(side.times, 95).toFixed(1).padStart(7)} ms   cpu ${(side.cpu / REQUESTS).toFixed(1).padStart(6)} ms`,
        );
      }
      console.log(`  (answers byte-identical in all ${WARMUP + REQUESTS} pairs)`);
      other.close();
    };

    const first = z
      .object({ data: z.array(z.object({ id: z.string() })) })
      .parse(await (await get("/api/vessels?page[size]=1&sort=id")).json());
    const id = first.data[0]?.id ?? "1";
    console.log(
      `\nload average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${cpus().length} CPUs`,
    );
    console.log(
      `\nfleet benchmark on ${databaseLabel}: ${VESSELS} vessels x ${ROWS / VESSELS} manning-scale rows, ${REQUESTS} sequential requests each\n`,
    );
    if (env.BENCH_COMPARE) {
      await compare("page 999, not compressed", "/api/vessels?include=manning_scales&page[size]=999", {
        "accept-encoding": "identity",
      });
      console.log(`load average ${loadavg()[0]?.toFixed(1)}`);
      await compare("page 999", "/api/vessels?include=manning_scales&page[size]=999");
      console.log(`load average ${loadavg()[0]?.toFixed(1)}`);
      server.close();
      await db.$disconnect();
      return;
    }
    await time(
      "vessels list, include manning_scales, page size 999",
      "/api/vessels?include=manning_scales&page[size]=999",
    );
    // fetch asks for gzip as a browser does; answers from 32 KB up are compressed (http/compress-large.ts).
    // Over loopback that is pure cost (compressing here, inflating in this same process), so
    // the same page is also timed as it leaves without compression.
    await time(
      "  the same, Accept-Encoding: identity (not compressed)",
      "/api/vessels?include=manning_scales&page[size]=999",
      { "accept-encoding": "identity" },
    );
    await time(
      "vessels list, page size 15 (the screen's first page)",
      "/api/vessels?filter[is_active]=true&filter[is_selected]=false&include=owner,manager,coordinator&page[size]=15",
    );
    await time(
      "vessel show with every include",
      `/api/vessels/${id}?include=owner,manager,manager_vessel,owner_vessel,coordinator,recruiters,manning_scales,flag,vessel_type,main_engine`,
    );
    await time(
      "manning scale of one vessel (vessels/{id}/manning_scales)",
      `/api/vessels/${id}/manning_scales?page[size]=999&include=role`,
    );
    server.close();
    await db.$disconnect();
  } finally {
    await database.drop().catch(() => undefined);
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
