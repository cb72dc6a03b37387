import { DEMO_PASSWORD } from "@crew/contracts";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/app.js";
import { createDb, type TDb } from "../../src/db/client.js";
import { createJobs } from "../../src/jobs/index.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createLogger } from "../../src/lib/logger.js";
import { inProcessBus } from "../../src/live/event-bus.js";
import { ensurePermissionRecords } from "../../src/permissions/permission-seed-repository.js";
import { planWarnings } from "../../src/resources/planning/planning-checks.js";
import { PLANNING_CHECKS } from "../../src/resources/planning/planning-checks-repository.js";
import { timePlansRepository } from "../../src/resources/planning/time-plans-repository.js";
import { seedDemo } from "../../src/seed/seed.js";
import { diskStorage } from "../../src/storage/disk-storage.js";
import { credentialsOf, type TAuthHeaders } from "../support/auth.js";
import { testConfig } from "../support/deps.js";
import { throwawayDatabase, type TThrowawayDatabase } from "../support/throwaway-database.js";

/**
 * The scheduler's answer on the demo data (a database of its own, the whole demo seeded): its
 * sparse fieldset reads the seafarer and port of each label by plain SQL and the planning
 * checks' sets by plain SQL (docs/planner.md "Speed"); each plan's scheduler attributes must
 * equal, byte for byte, those of the whole-record answer, which reads them through Prisma's
 * `include`. The warnings read on the pool (pg's decoding) must equal those read inside a
 * transaction (Prisma's decoding of the same SQL).
 */
const FIELDS = [
  "start",
  "end",
  "status",
  "to_publish",
  "repair_team",
  "offer",
  "ms_id",
  "user_id",
  "user_name",
  "readiness_date",
  "telegram_bot",
  "problem_newcomer",
  "port_name",
  "last_comment_body",
  "crew_change_sign_on_id",
  "crew_change_sign_off_id",
  "warnings",
];

interface TPlanObject {
  id: string;
  attributes: Record<string, unknown>;
}
const isPlans = (body: unknown): body is { data: TPlanObject[] } =>
  typeof body === "object" && body !== null && "data" in body && Array.isArray(body.data);

let database: TThrowawayDatabase;
let db: TDb;
let app: Express;
let headers: TAuthHeaders;

const plans = async (query: Record<string, string>): Promise<TPlanObject[]> => {
  const res = await request(app).get("/api/time_plans").query(query).set(headers);
  expect(res.status).toBe(200);
  headers = credentialsOf(res) ?? headers;
  if (!isPlans(res.body)) throw new Error("time_plans: not a list");
  return res.body.data;
};

describe("the scheduler's time_plans answer on the demo data", () => {
  beforeAll(async () => {
    database = await throwawayDatabase(
      inject("embedded") ? undefined : (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL),
      "crew_scheduler_answer",
    );
    db = createDb(database.url, database.embedded);
    await ensurePermissionRecords(db);
    await seedDemo(db);
    const config = testConfig();
    const logger = createLogger(config);
    const storage = diskStorage("/tmp/crew-test-data/files");
    app = createApp({
      config,
      logger,
      db,
      redis: null,
      bus: inProcessBus(),
      storage,
      jobs: createJobs(
        { config, db, logger, redis: null, storage },
        { handlers: JOB_HANDLERS, schedules: false },
      ),
      sessionSecret: config.SESSION_SECRET ?? "",
      embedded: database.embedded,
    });
    const res = await request(app)
      .post("/api/auth/sign_in")
      .send({ email: "admin@example.com", password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    headers = credentialsOf(res) ?? ({} as TAuthHeaders);
  }, 600_000);

  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it("gives every plan the attributes the whole record gives it, byte for byte", async () => {
    const page = { "page[size]": "25000", sort: "id" };
    const [sparse, whole] = await Promise.all([
      plans({ ...page, "fields[time_plans]": FIELDS.join(",") }),
      plans(page),
    ]);
    expect(sparse.length).toBeGreaterThan(500);
    expect(sparse.map((p) => p.id)).toEqual(whole.map((p) => p.id));
    for (const [i, plan] of sparse.entries()) {
      const full = whole[i]?.attributes ?? {};
      const picked = Object.fromEntries(Object.keys(plan.attributes).map((k) => [k, full[k]]));
      expect(Object.keys(plan.attributes).sort()).toEqual([...FIELDS].sort());
      expect(JSON.stringify(plan.attributes)).toBe(JSON.stringify(picked));
    }
    // The comparison covers each kind of value the plain reads give.
    const values = (name: string) => sparse.map((p) => p.attributes[name]);
    expect(values("user_name").some((v) => typeof v === "string")).toBe(true);
    expect(values("user_name").some((v) => v === null)).toBe(true);
    expect(values("readiness_date").some((v) => typeof v === "string")).toBe(true);
    expect(values("port_name").some((v) => typeof v === "string")).toBe(true);
    expect(values("problem_newcomer").some((v) => v === true)).toBe(true);
    expect(values("warnings").some((v) => Array.isArray(v) && v.length > 0)).toBe(true);
  }, 300_000);

  it("reads the same warnings on the pool as inside a transaction", async () => {
    const all = await db.timePlan.findMany({ orderBy: { id: "asc" } });
    const onPool = await planWarnings(db, all, PLANNING_CHECKS);
    const inTransaction = await db.$transaction((tx) => planWarnings(tx, all, PLANNING_CHECKS), {
      timeout: 120_000,
    });
    expect(onPool.size).toBeGreaterThan(10);
    expect(JSON.stringify([...inTransaction])).toBe(JSON.stringify([...onPool]));
    const userIds = [...new Set(all.flatMap((p) => (p.userId === null ? [] : [p.userId])))];
    const [first, firstInTransaction] = await Promise.all([
      timePlansRepository(db).firstServiceOf(userIds),
      db.$transaction((tx) => timePlansRepository(tx).firstServiceOf(userIds)),
    ]);
    expect(first.size).toBeGreaterThan(10);
    expect([...firstInTransaction].map(([id, d]) => [id, d.toISOString()])).toEqual(
      [...first].map(([id, d]) => [id, d.toISOString()]),
    );
  }, 300_000);
});
