import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { Writable } from "node:stream";
import request from "supertest";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import type { TSiteProfile } from "../../src/crew-sites/crew-site.js";
import type { TSiteStandIn } from "../../src/crew-sites/stand-in-server.js";
import { startCrewellStandIn } from "../../src/crewell/stand-in/crewell-stand-in.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs, type TJobs } from "../../src/jobs/index.js";
import { createLogger } from "../../src/lib/logger.js";
import { startUkrCrewingStandIn } from "../../src/ukrcrewing/stand-in/ukrcrewing-stand-in.js";
import { signInAs } from "../support/auth.js";
import { testConfig, testDeps } from "../support/deps.js";
import { until } from "../support/until.js";
import { createApplicant } from "../planning/planning-support.js";

/**
 * The queued refresh of every applicant with a site's id changed in the last days, and the
 * sites' keys an admin saves sealed in the app (docs/outside-channels.md): the real clients and
 * job against the stand-ins; with REDIS_URL the job runs on a BullMQ worker.
 */
const REDIS_URL = process.env.REDIS_URL ?? null;
const PREFIX = `crew-test-refresh-all-${randomUUID()}`;
const UC_KEY = "bulk-ukrcrewing-key";
const CW_TOKEN = "bulk-crewell-token";
const PACE_MS = 60;

let uc: TSiteStandIn;
let cw: TSiteStandIn;
let app: Express;
const workers: TJobs[] = [];
const connections: Redis[] = [];
const logLines: string[] = [];
const db = () => testDeps().db;
const api = () => request(app);

let nextId = 2_000_000 + Math.floor(Math.random() * 1_000_000);
const siteId = () => String(nextId++);

const FIELDS = {
  surname: "Bondarenko",
  name: "Ivan",
  birthday: "1984-05-06",
  mobile_phone: "+380671112233",
  wage: 3900,
} as const;
const profile = (over: TSiteProfile["fields"] = {}): TSiteProfile => ({
  fields: { ...FIELDS, ...over },
  seaService: [],
});

/** An applicant holding exactly FIELDS, with both sites' ids. */
const applicant = async () => {
  const user = await createApplicant({
    surname: FIELDS.surname,
    name: FIELDS.name,
    birthday: FIELDS.birthday,
  });
  const ucId = siteId();
  const cwId = siteId();
  await db().user.update({
    where: { id: user.id },
    data: { ukrCrewingId: ucId, crewellId: cwId, mobilePhone: FIELDS.mobile_phone, wage: FIELDS.wage },
  });
  return { id: user.id, ucId, cwId };
};

/** Each app its own queue (its worker runs with that app's configuration). */
const prefixes: string[] = [];
const jobsFor = (config: ReturnType<typeof testConfig>) => {
  const prefix = `${PREFIX}-${prefixes.length}`;
  prefixes.push(prefix);
  const base = testDeps();
  const redis = REDIS_URL ? new Redis(REDIS_URL, { maxRetriesPerRequest: null }) : null;
  if (redis) connections.push(redis);
  return createJobs(
    { config, db: base.db, logger: base.logger, redis, storage: base.storage, bus: base.bus },
    { handlers: JOB_HANDLERS, redisUrl: REDIS_URL, prefix, schedules: false },
  );
};

const appWith = async (overrides: Record<string, string>) => {
  const config = testConfig({
    CREW_SITES_TIMEOUT_MS: "400",
    CREW_SITES_PACE_MS: String(PACE_MS),
    ...overrides,
  });
  const jobs = jobsFor(config);
  await jobs.start();
  workers.push(jobs);
  const logger = createLogger(
    { ...config, LOG_LEVEL: "debug" },
    {
      destination: new Writable({
        write(chunk: Buffer, _enc, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
  );
  return createApp({ ...testDeps(), config, jobs, logger });
};

const taskDone = (headers: Record<string, string>, taskId: number, on: Express = app) =>
  until(
    "the refresh to finish",
    async () => {
      const res = await request(on).get(`/api/background_tasks/${taskId}`).set(headers);
      const a = res.body.data?.attributes;
      return a && (a.status === "done" || a.status === "failed") ? a : null;
    },
    60_000,
  );

/** Count, then confirm the count (a count that moved meanwhile, from other files' applicants, is confirmed again from the 409's meta). */
const refreshAll = async (
  headers: Record<string, string>,
  body: { source: string; days: number },
  on = app,
) => {
  const counted = await request(on).post("/api/external_object_versions/refresh_all").set(headers).send(body);
  expect(counted.status, JSON.stringify(counted.body)).toBe(200);
  let count = Number(counted.body.data.count);
  for (let i = 0; i < 3; i++) {
    const res = await request(on)
      .post("/api/external_object_versions/refresh_all")
      .set(headers)
      .send({ ...body, confirm: count });
    if (res.status === 409) {
      count = Number(res.body.errors[0].meta.count);
      continue;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { count: counted.body.data, queued: res.body };
  }
  throw new Error("the count kept moving");
};

beforeAll(async () => {
  uc = await startUkrCrewingStandIn({ apiKey: UC_KEY });
  cw = await startCrewellStandIn({ token: CW_TOKEN });
  app = await appWith({
    UKRCREWING_URL: uc.url,
    UKRCREWING_API_KEY: UC_KEY,
    CREWELL_URL: cw.url,
    CREWELL_API_KEY: CW_TOKEN,
  });
}, 60_000);

afterAll(async () => {
  for (const w of workers) await w.stop();
  if (REDIS_URL)
    for (const prefix of prefixes) {
      const queue = new Queue("jobs", { connection: { url: REDIS_URL }, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
  for (const c of connections) c.disconnect();
  await uc.close();
  await cw.close();
});

describe("refresh all from a site", () => {
  it("counts, confirms, and refreshes each applicant at a pace: updated, unchanged, and failed where the site is down", async () => {
    const { headers } = await signInAs("manager", app);
    const changed = await applicant();
    const same = await applicant();
    const down = await applicant();
    const missing = await applicant();
    uc.setProfile(changed.ucId, profile({ mobile_phone: "+380509998877", wage: 4500 }));
    uc.setProfile(same.ucId, profile());
    uc.setProfile(down.ucId, profile({ wage: 5000 }));
    uc.failProfile(down.ucId, 503);
    // `missing` has no profile on the site: failed too (404), never fatal.

    // A stale confirm: 409 with the count now in meta, nothing queued.
    const before = await db().backgroundTask.count({
      where: { kind: "external_object_versions.refresh_all" },
    });
    const stale = await api()
      .post("/api/external_object_versions/refresh_all")
      .set(headers)
      .send({ source: "ukr_crewing", days: 7, confirm: 999_999 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].meta.count).toBeGreaterThanOrEqual(4);
    expect(await db().backgroundTask.count({ where: { kind: "external_object_versions.refresh_all" } })).toBe(
      before,
    );

    const { count, queued } = await refreshAll(headers, { source: "ukr_crewing", days: 7 });
    expect(count).toMatchObject({ source: "ukr_crewing", days: 7 });
    expect(count.count).toBeGreaterThanOrEqual(4);
    expect(queued.meta.message).toBe("The refresh is on its way");
    const taskId = Number(queued.data.background_task_id);

    const task = await taskDone(headers, taskId);
    expect(task.status, JSON.stringify(task)).toBe("done");
    expect(task.kind).toBe("external_object_versions.refresh_all");
    expect(task.done).toBe(task.total);
    const r = task.result as {
      updated: number;
      unchanged: number;
      failed: number;
      failures: { user_id: number; reason: string }[];
    };
    expect(r.updated + r.unchanged + r.failed).toBe(task.total);
    expect(r.updated).toBeGreaterThanOrEqual(1);
    expect(r.unchanged).toBeGreaterThanOrEqual(1);
    expect(r.failed).toBeGreaterThanOrEqual(2);
    const reasons = new Map(r.failures.map((f) => [f.user_id, f.reason]));
    expect(reasons.get(down.id)).toMatch(/UkrCrewing could not be reached/);
    expect(reasons.get(missing.id)).toMatch(/has no profile/);

    // Versions: pending for the changed one, reviewed for the same, none where the site failed.
    const versions = async (id: number) =>
      db().externalObjectVersion.findMany({ where: { itemId: id, source: "ukr_crewing" } });
    const [v1] = await versions(changed.id);
    expect(v1?.status).toBe("pending");
    expect(v1?.authorId).toBeTruthy();
    expect((await versions(same.id)).map((v) => v.status)).toEqual(["reviewed"]);
    expect(await versions(down.id)).toEqual([]);
    expect(await versions(missing.id)).toEqual([]);
    // The applicant itself is unchanged; its list mark says a version waits.
    const after = await db().user.findUniqueOrThrow({ where: { id: changed.id } });
    expect(after.wage).toBe(FIELDS.wage);
    expect(after.extUpdate).not.toBeNull();

    // A modest pace: applicants fetched one after another, PACE_MS at least between them.
    const firsts = [changed, same, down, missing].map(
      (a) => uc.requests.find((q) => q.path.endsWith(`/${a.ucId}`))?.at ?? 0,
    );
    for (let i = 1; i < firsts.length; i++)
      expect((firsts[i] as number) - (firsts[i - 1] as number)).toBeGreaterThanOrEqual(PACE_MS - 5);
    // The site down for `down` was tried three times (two retries), then counted failed.
    expect(uc.requests.filter((q) => q.path.endsWith(`/${down.ucId}`)).map((q) => q.status)).toEqual([
      503, 503, 503,
    ]);
  });

  it("takes only applicants changed within the days, from Crewell too", async () => {
    const { headers } = await signInAs("manager", app);
    const recent = await applicant();
    const old = await applicant();
    await db().$executeRaw`UPDATE users SET updated_at = now() - interval '40 days' WHERE id = ${old.id}`;
    cw.setProfile(recent.cwId, profile({ wage: 4100 }));
    cw.setProfile(old.cwId, profile({ wage: 4100 }));

    const { queued } = await refreshAll(headers, { source: "crewell", days: 30 });
    const task = await taskDone(headers, Number(queued.data.background_task_id));
    expect(task.status).toBe("done");
    expect(
      (await db().externalObjectVersion.findMany({ where: { itemId: recent.id, source: "crewell" } })).map(
        (v) => v.status,
      ),
    ).toEqual(["pending"]);
    expect(await db().externalObjectVersion.count({ where: { itemId: old.id } })).toBe(0);
    expect(cw.requests.some((q) => q.path.endsWith(`/${old.cwId}`))).toBe(false);
  });

  it("refuses bad input, roles without the permission and a site not set up", async () => {
    const { headers } = await signInAs("manager", app);
    const bad = await api()
      .post("/api/external_object_versions/refresh_all")
      .set(headers)
      .send({ source: "linkedin", days: 0 });
    expect(bad.status).toBe(422);
    const pointers = bad.body.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer);
    expect(pointers).toEqual(expect.arrayContaining(["/data/attributes/source", "/data/attributes/days"]));

    const partner = await signInAs("partner_view", app);
    const refused = await api()
      .post("/api/external_object_versions/refresh_all")
      .set(partner.headers)
      .send({ source: "ukr_crewing", days: 7 });
    expect(refused.status).toBe(403);

    const bare = await appWith({});
    const none = await request(bare)
      .post("/api/external_object_versions/refresh_all")
      .set(headers)
      .send({ source: "ukr_crewing", days: 7, confirm: 1 });
    // Either the count moved (409 with meta) or the site is not set up (409): nothing is queued.
    expect(none.status).toBe(409);
    const counted = await request(bare)
      .post("/api/external_object_versions/refresh_all")
      .set(headers)
      .send({ source: "ukr_crewing", days: 7 });
    const notSetUp = await request(bare)
      .post("/api/external_object_versions/refresh_all")
      .set(headers)
      .send({ source: "ukr_crewing", days: 7, confirm: counted.body.data.count });
    expect(notSetUp.status).toBe(409);
    expect(notSetUp.body.errors[0].detail).toMatch(/UkrCrewing is not configured/);
  });
});

describe("the sites' keys, saved sealed by an admin", () => {
  it("sets a key the client then uses, never answers or logs it, refuses non-admins; a wrong key is a clear error", async () => {
    // The server's configured key is wrong: only the key saved in the app opens the site.
    const site = await startUkrCrewingStandIn({ apiKey: "the-right-ukrcrewing-key" });
    try {
      const keyed = await appWith({ UKRCREWING_URL: site.url, UKRCREWING_API_KEY: "configured-but-wrong" });
      const admin = await signInAs("admin", keyed);
      const manager = await signInAs("manager", keyed);
      const a = await applicant();
      site.setProfile(a.ucId, profile({ wage: 4800 }));

      const wrong = await request(keyed).get(`/api/users/${a.id}/update_from_uc`).set(manager.headers);
      expect(wrong.status).toBe(502);
      expect(wrong.body.errors[0].detail).toMatch(/UkrCrewing refused the company's credentials/);

      // Non-admins neither read nor set the keys.
      expect(
        (await request(keyed).get("/api/external_object_versions/site_keys").set(manager.headers)).status,
      ).toBe(403);
      const notAdmin = await request(keyed)
        .post("/api/external_object_versions/set_site_key")
        .set(manager.headers)
        .send({ source: "ukr_crewing", key: "the-right-ukrcrewing-key" });
      expect(notAdmin.status).toBe(403);
      expect(await db().crewSiteKey.count({ where: { url: site.url } })).toBe(0);

      const tooShort = await request(keyed)
        .post("/api/external_object_versions/set_site_key")
        .set(admin.headers)
        .send({ source: "ukr_crewing", key: "short" });
      expect(tooShort.status).toBe(422);
      expect(tooShort.body.errors[0].source.pointer).toBe("/data/attributes/key");

      logLines.length = 0;
      const set = await request(keyed)
        .post("/api/external_object_versions/set_site_key")
        .set(admin.headers)
        .send({ source: "ukr_crewing", key: "the-right-ukrcrewing-key" });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.meta.message).toBe("The key is saved");
      expect(JSON.stringify(set.body)).not.toContain("the-right-ukrcrewing-key");
      // Stored sealed: the row holds no trace of the key, nor does the audit trail.
      const row = await db().crewSiteKey.findUniqueOrThrow({ where: { source: "ukr_crewing" } });
      expect(row.sealedKey).not.toContain("the-right");
      expect(row.sealedKey).toMatch(/^v1\./);
      expect(row.url).toBe(site.url);
      const trail = await db().version.findMany({
        where: { itemType: "crew_site_keys", itemId: row.id },
        select: { event: true, changes: true },
      });
      expect(trail.length).toBeGreaterThan(0);
      expect(JSON.stringify(trail)).not.toContain(row.sealedKey);
      expect(JSON.stringify(trail)).toContain("[redacted]");

      const states = await request(keyed).get("/api/external_object_versions/site_keys").set(admin.headers);
      expect(states.status).toBe(200);
      expect(JSON.stringify(states.body)).not.toContain("the-right-ukrcrewing-key");
      expect(JSON.stringify(states.body)).not.toContain(row.sealedKey);
      const ucState = states.body.data.find((s: { source: string }) => s.source === "ukr_crewing");
      expect(ucState).toMatchObject({
        stored: true,
        stored_applies: true,
        stored_for_url: site.url,
        configured: true,
        url_configured: true,
        set_by_name: admin.client.name,
      });
      expect(typeof ucState.set_at).toBe("string");

      // The client now sends the saved key (the stand-in checks it).
      const ok = await request(keyed).get(`/api/users/${a.id}/update_from_uc`).set(manager.headers);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.attributes.changes).toEqual([{ field: "wage", ours: FIELDS.wage, theirs: 4800 }]);

      // Another address (the URL changed): the saved key is not sent there; the configured key is.
      const other = await startUkrCrewingStandIn({ apiKey: "the-right-ukrcrewing-key" });
      try {
        const moved = await appWith({
          UKRCREWING_URL: other.url,
          UKRCREWING_API_KEY: "configured-but-wrong",
        });
        other.setProfile(a.ucId, profile());
        const res = await request(moved).get(`/api/users/${a.id}/update_from_uc`).set(manager.headers);
        expect(res.status).toBe(502);
        expect(res.body.errors[0].detail).toMatch(/refused the company's credentials/);
      } finally {
        await other.close();
      }

      // A wrong saved key: the same clear error, naming no key.
      await request(keyed)
        .post("/api/external_object_versions/set_site_key")
        .set(admin.headers)
        .send({ source: "ukr_crewing", key: "a-wrong-saved-key-123" })
        .expect(200);
      const refused = await request(keyed).get(`/api/users/${a.id}/update_from_uc`).set(manager.headers);
      expect(refused.status).toBe(502);
      expect(refused.body.errors[0].detail).toMatch(/UkrCrewing refused the company's credentials/);
      expect(JSON.stringify(refused.body)).not.toContain("a-wrong-saved-key");
      // ... and a bulk refresh with it stops at once, the task failed with that reason.
      const { queued } = await refreshAll(manager.headers, { source: "ukr_crewing", days: 7 }, keyed);
      const task = await taskDone(manager.headers, Number(queued.data.background_task_id), keyed);
      expect(task.status).toBe("failed");
      expect(task.error).toMatch(/UkrCrewing refused the company's credentials/);

      // No key reached a log line.
      const log = logLines.join("");
      expect(log).not.toContain("the-right-ukrcrewing-key");
      expect(log).not.toContain("a-wrong-saved-key-123");

      // Removed: the configured key again.
      const cleared = await request(keyed)
        .post("/api/external_object_versions/set_site_key")
        .set(admin.headers)
        .send({ source: "ukr_crewing", key: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.meta.message).toBe("The key is removed");
      expect(await db().crewSiteKey.count({ where: { source: "ukr_crewing" } })).toBe(0);
    } finally {
      await db().crewSiteKey.deleteMany({ where: { source: "ukr_crewing" } });
      await site.close();
    }
  });
});
