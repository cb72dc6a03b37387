import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { Queue } from "bullmq";
import ExcelJS from "exceljs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs, type TJobs } from "../../src/jobs/index.js";
import { QUEUE_NAME } from "../../src/jobs/bullmq-provider.js";
import { applicantsTagBatchHandler } from "../../src/resources/applicants/applicants-tag-batch-handler.js";
import { adminOfFile } from "../support/admin-of-file.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { download } from "../support/download.js";
import { createRank, createScaleRow, unique } from "../support/factories.js";
import { runJobOnce } from "../support/run-job.js";
import { api, createApplicant, db, idsOf, tracked } from "./support.js";

const { headers: admin, account: adminAccount } = adminOfFile();
tracked(admin);

const waitFor = async (what: string, done: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Applicants of their own, tagged with a fresh scope tag so lists can be limited to them. */
const group = async (n: number, headers: TAuthHeaders = admin) => {
  const scope = await db().tag.create({ data: { name: unique("group") } });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const created = await createApplicant(
      headers,
      { knowing_duplicate: true, wage: 1000 + i * 100, birthday: "1980-03-15", readiness_date: "2027-02-01" },
      { tags: { data: [{ type: "tags", id: String(scope.id) }] } },
    );
    ids.push(created.id);
  }
  return { scope, ids };
};

const taskOf = async (id: string, headers: TAuthHeaders = admin) => {
  const res = await api().get(`/api/background_tasks/${id}`).set(headers);
  expect(res.status).toBe(200);
  return res.body.data as {
    id: string;
    attributes: {
      status: string;
      done: number;
      total: number;
      kind: string;
      result: Record<string, unknown>;
      file: { url: string } | null;
    };
  };
};

describe("favorites/star_user", () => {
  it("toggles the caller's star and answers the record's mark", async () => {
    const a = await createApplicant(admin);
    const on = await api()
      .post("/api/favorites/star_user")
      .set(admin)
      .send({ user_id: Number(a.id) });
    expect(on.status).toBe(200);
    expect(on.body.data.attributes.is_favorite).toBe(true);
    const manager = await signInAs("manager");
    expect(
      (await api().get(`/api/users/${a.id}`).set(manager.headers)).body.data.attributes.is_favorite,
    ).toBe(false);
    const off = await api()
      .post("/api/favorites/star_user")
      .set(admin)
      .send({ user_id: Number(a.id) });
    expect(off.body.data.attributes.is_favorite).toBe(false);
    expect(
      (await api().post("/api/favorites/star_user").set(admin).send({ user_id: 2_000_000_000 })).status,
    ).toBe(404);
    expect((await api().post("/api/favorites/star_user").set(admin).send({ user_id: "x" })).status).toBe(422);
    const partner = await signInAs("partner");
    expect(
      (
        await api()
          .post("/api/favorites/star_user")
          .set(partner.headers)
          .send({ user_id: Number(a.id) })
      ).status,
    ).toBe(403);
  });
});

describe("users/assign_tag and users/remove_tag (in-process jobs)", () => {
  it("tags one applicant by id; the task shows progress to its author only", async () => {
    const a = await createApplicant(admin);
    const tag = unique("Top");
    const res = await api().get("/api/users/assign_tag").query({ tag, userId: a.id }).set(admin);
    expect(res.status).toBe(202);
    expect(res.body.data.type).toBe("background_tasks");
    await waitFor("the tag job", async () => (await taskOf(res.body.data.id)).attributes.status === "done");
    const task = await taskOf(res.body.data.id);
    expect(task.attributes).toMatchObject({ kind: "users.assign_tag", done: 1, total: 1 });
    expect((await api().get(`/api/users/${a.id}`).set(admin)).body.data.attributes.tag_list).toEqual([tag]);
    const other = await signInAs("admin");
    expect((await api().get(`/api/background_tasks/${res.body.data.id}`).set(other.headers)).status).toBe(
      404,
    );
  });

  it("tags the applicants chosen in multi-select mode", async () => {
    const { ids } = await group(3);
    const tag = unique("Chosen");
    const res = await api()
      .get("/api/users/assign_tag")
      .query({ tag, userId: ids.join(",") })
      .set(admin);
    expect(res.status).toBe(202);
    await waitFor("the tag job", async () => (await taskOf(res.body.data.id)).attributes.status === "done");
    const tagged = await db().user.findMany({
      where: { id: { in: ids.map(Number) } },
      select: { tagList: true },
    });
    expect(tagged.map((u) => u.tagList.includes(tag))).toEqual([true, true, true]);
    expect(
      (
        await api()
          .get("/api/users/assign_tag")
          .query({ tag, userId: `${ids[0]},x` })
          .set(admin)
      ).status,
    ).toBe(422);
  });

  it("tags every applicant of the filter and search, is idempotent, and removes again", async () => {
    const { scope, ids } = await group(4);
    const tag = await db().tag.create({ data: { name: unique("DP2") } });
    const query = {
      tag: String(tag.id),
      "filter[tags]": String(scope.id),
      "filter[age]": "30,",
      sort: "-wage",
    };
    for (let round = 0; round < 2; round++) {
      const res = await api().get("/api/users/assign_tag").query(query).set(admin);
      expect(res.status).toBe(202);
      await waitFor("the tag job", async () => (await taskOf(res.body.data.id)).attributes.status === "done");
      const task = await taskOf(res.body.data.id);
      expect(task.attributes.total).toBe(4);
      expect(task.attributes.result).toEqual({ changed: round === 0 ? 4 : 0, applicants: 4 });
    }
    const tagged = await api()
      .get("/api/users")
      .query({ "filter[tags]": String(tag.id) })
      .set(admin);
    expect(idsOf(tagged.body).sort()).toEqual([...ids].sort());
    // The tag appears in each applicant's History with the staff member who asked.
    const history = await api().get(`/api/users/${ids[0]}/versions`).set(admin);
    const link = history.body.data.find(
      (v: { attributes: { item_type: string; changes: { tag_id?: number[] } } }) =>
        v.attributes.item_type === "user_tags" && v.attributes.changes.tag_id?.[1] === tag.id,
    );
    expect(link.attributes.actor_id).toBe(adminAccount.id);

    const removed = await api()
      .get("/api/users/remove_tag")
      .query({ tag: tag.name, "filter[tags]": String(scope.id), search: "" })
      .set(admin);
    expect(removed.status).toBe(202);
    await waitFor(
      "the untag job",
      async () => (await taskOf(removed.body.data.id)).attributes.status === "done",
    );
    expect(
      (
        await api()
          .get("/api/users")
          .query({ "filter[tags]": String(tag.id) })
          .set(admin)
      ).body.data,
    ).toEqual([]);
  });

  it("refuses freelance (tagsBatch), an unknown tag to remove and a missing applicant", async () => {
    const freelance = await signInAs("freelance");
    const a = await createApplicant(admin);
    expect(
      (await api().get("/api/users/assign_tag").query({ tag: "x", userId: a.id }).set(freelance.headers))
        .status,
    ).toBe(403);
    const missingTag = await api()
      .get("/api/users/remove_tag")
      .query({ tag: unique("none"), userId: a.id })
      .set(admin);
    expect(missingTag.status).toBe(422);
    expect(missingTag.body.errors[0].source.pointer).toBe("/data/attributes/tag");
    expect(
      (await api().get("/api/users/assign_tag").query({ tag: "x", userId: "2000000000" }).set(admin)).status,
    ).toBe(404);
    expect((await api().get("/api/users/assign_tag").query({ userId: a.id }).set(admin)).status).toBe(422);
    // Freelance tags one applicant through the record (tags.update) instead.
    const tag = await db().tag.create({ data: { name: unique("Fresh") } });
    const patched = await api()
      .patch(`/api/users/${a.id}`)
      .set(freelance.headers)
      .send({
        data: {
          type: "users",
          id: a.id,
          relationships: { tags: { data: [{ type: "tags", id: String(tag.id) }] } },
        },
      });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes.tag_list).toEqual([tag.name]);
  });

  it("runs the job safely twice with the same ids (a worker died before acknowledging)", async () => {
    const { ids } = await group(2);
    const tag = await db().tag.create({ data: { name: unique("Twice") } });
    const task = await db().backgroundTask.create({
      data: { kind: "users.assign_tag", authorId: adminAccount.id, total: 2, params: {} },
    });
    const payload = {
      taskId: task.id,
      actorId: adminAccount.id,
      tagId: tag.id,
      mode: "add" as const,
      userIds: ids.map(Number),
    };
    await runJobOnce(applicantsTagBatchHandler, payload);
    await runJobOnce(applicantsTagBatchHandler, payload);
    expect(await db().userTag.count({ where: { tagId: tag.id } })).toBe(2);
    expect((await db().backgroundTask.findUniqueOrThrow({ where: { id: task.id } })).result).toEqual({
      changed: 0,
      applicants: 2,
    });
  });
});

// The same tag job through BullMQ against the real Redis when REDIS_URL names one (CI).
describe.runIf(process.env.REDIS_URL)("users/assign_tag through BullMQ", () => {
  const prefix = `crew-test-${randomUUID()}`;
  let jobs: TJobs;
  beforeAll(async () => {
    const deps = testDeps();
    jobs = createJobs(
      { config: deps.config, db: deps.db, logger: deps.logger, redis: null, storage: deps.storage },
      { handlers: JOB_HANDLERS, redisUrl: process.env.REDIS_URL ?? null, prefix, schedules: false },
    );
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    const queue = new Queue(QUEUE_NAME, { connection: { url: process.env.REDIS_URL ?? "" }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it("queues one job that a worker runs; the answer comes first", async () => {
    const app = createApp({ ...testDeps(), jobs });
    const { scope, ids } = await group(3);
    const tag = unique("Bull");
    const res = await request(app)
      .get("/api/users/assign_tag")
      .query({ tag, "filter[tags]": String(scope.id) })
      .set(admin);
    expect(res.status).toBe(202);
    await waitFor(
      "the BullMQ worker",
      async () =>
        (await db().backgroundTask.findUniqueOrThrow({ where: { id: Number(res.body.data.id) } })).status ===
        "done",
    );
    const tagged = await db().user.findMany({
      where: { id: { in: ids.map(Number) } },
      select: { tagList: true },
    });
    expect(tagged.every((u) => u.tagList.includes(tag))).toBe(true);
  });
});

describe("users/index_xlsx", () => {
  const readXlsx = async (body: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([body]));
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    return sheet;
  };

  it("streams the current query as .xlsx: header row, widths, dates as dates, the list's order", async () => {
    const { scope, ids } = await group(3);
    const res = await download(
      api()
        .get("/api/users/index_xlsx")
        .query({ "filter[tags]": String(scope.id), sort: "-wage" })
        .set(admin),
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toMatch(/seafarers-\d{4}-\d{2}-\d{2}\.xlsx/);
    const sheet = await readXlsx(res.body);
    expect(sheet.getRow(1).getCell(1).value).toBe("No.");
    expect(sheet.getRow(1).getCell(2).value).toBe("Surname");
    expect(sheet.getColumn(2).width).toBeGreaterThan(10);
    expect(sheet.rowCount).toBe(4);
    const numbers = await db().user.findMany({
      where: { id: { in: ids.map(Number) } },
      orderBy: { wage: "desc" },
      select: { crewingApplicantId: true },
    });
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value)).toEqual(
      numbers.map((n) => n.crewingApplicantId),
    );
    const birthday = sheet.getRow(2).getCell(5);
    expect(birthday.value).toBeInstanceOf(Date);
    expect(birthday.numFmt).toBe("dd.mm.yyyy");
  });

  it("runs a large export as a job with progress and a download", async () => {
    const { scope } = await group(2);
    const res = await api()
      .get("/api/users/index_xlsx")
      .query({ "filter[tags]": String(scope.id), async: "true" })
      .set(admin);
    expect(res.status).toBe(202);
    await waitFor(
      "the export job",
      async () => (await taskOf(res.body.data.id)).attributes.status === "done",
    );
    const task = await taskOf(res.body.data.id);
    expect(task.attributes).toMatchObject({
      kind: "users.index_xlsx",
      done: 2,
      total: 2,
      result: { rows: 2 },
    });
    expect(task.attributes.file?.url).toMatch(/^\/api\/files\/\d+\//);
    const file = await download(
      api()
        .get(task.attributes.file?.url ?? "")
        .set(admin),
    );
    expect(file.status).toBe(200);
    expect((await readXlsx(file.body)).rowCount).toBe(3);
    const other = await signInAs("admin");
    expect(
      (
        await api()
          .get(task.attributes.file?.url ?? "")
          .set(other.headers)
      ).status,
    ).toBe(404);
  });
});

describe("staff clients' tag lists", () => {
  it("puts a client's new-seafarer tags on what it creates; shown and hidden tags decide what it sees", async () => {
    const { client, headers } = await signInAs("guest");
    const fresh = unique("New");
    const hidden = unique("Hidden");
    await db().client.update({ where: { id: client.id }, data: { newSeafarerTags: [fresh, hidden] } });
    const created = await createApplicant(headers);
    expect([...(created.attributes.tag_list as string[])].sort()).toEqual([fresh, hidden].sort());
    await db().client.update({ where: { id: client.id }, data: { hiddenTags: [hidden.toUpperCase()] } });
    expect((await api().get(`/api/users/${created.id}`).set(headers)).body.data.attributes.tag_list).toEqual([
      fresh,
    ]);
    await db().client.update({ where: { id: client.id }, data: { hiddenTags: [], shownTags: [hidden] } });
    expect((await api().get(`/api/users/${created.id}`).set(headers)).body.data.attributes.tag_list).toEqual([
      hidden,
    ]);
    // Others see every tag.
    expect(
      [...(await api().get(`/api/users/${created.id}`).set(admin)).body.data.attributes.tag_list].sort(),
    ).toEqual([fresh, hidden].sort());
  });
});

describe("derived columns", () => {
  it("a timeplan write moves vessel_planned_name and date_planned at once; the list sorts by them", async () => {
    const a = await createApplicant(admin);
    const row = await createScaleRow();
    const vessel = await db().vessel.findUniqueOrThrow({ where: { id: row.vesselId ?? 0 } });
    const start = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const plan = await api()
      .post("/api/time_plans")
      .set(admin)
      .send({
        data: {
          type: "time_plans",
          attributes: { start, end, status: "approved" },
          relationships: {
            manning_scale: { data: { type: "manning_scales", id: String(row.id) } },
            user: { data: { type: "users", id: a.id } },
          },
        },
      });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const shown = (await api().get(`/api/users/${a.id}`).set(admin)).body.data.attributes;
    expect(shown.vessel_planned_name).toBe(vessel.name);
    expect(shown.date_planned).toBe(`${start}T00:00:00.000Z`);
    await db().vessel.update({ where: { id: vessel.id }, data: { name: `${vessel.name} II` } });
    expect((await api().get(`/api/users/${a.id}`).set(admin)).body.data.attributes.vessel_planned_name).toBe(
      `${vessel.name} II`,
    );
    // Removing the applicant is refused while plans name it.
    await grantUsersDelete();
    const refused = await api().delete(`/api/users/${a.id}`).set(admin);
    expect(refused.status).toBe(409);
    await api().delete(`/api/time_plans/${plan.body.data.id}`).set(admin);
    const cleared = (await api().get(`/api/users/${a.id}`).set(admin)).body.data.attributes;
    expect(cleared.vessel_planned_name).toBeNull();
    expect((await api().delete(`/api/users/${a.id}`).set(admin)).status).toBe(204);
    expect((await api().get(`/api/users/${a.id}`).set(admin)).status).toBe(404);
  });
});

/** users.delete for this run's admin (no role map grants it: v_delete needs an administrator to allow it). */
const grantUsersDelete = async () => {
  const res = await api()
    .post("/api/permissions")
    .set(admin)
    .send({
      data: {
        type: "permissions",
        attributes: {
          item: "users",
          client_id: adminAccount.id,
          permission_type: "model",
          enable: true,
          can_read: true,
          can_create: true,
          can_update: true,
          can_delete: true,
        },
      },
    });
  expect([201, 422]).toContain(res.status);
};

describe("users/choices", () => {
  it("gives the form's and filters' choices to any reader of applicants, tags as the client sees them", async () => {
    const { client, headers } = await signInAs("guest");
    const hidden = await db().tag.create({ data: { name: unique("Secret") } });
    await db().client.update({ where: { id: client.id }, data: { hiddenTags: [hidden.name] } });
    const res = await api().get("/api/users/choices").set(headers);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      "countries",
      "crewing_statuses",
      "engine_manufacturers",
      "engine_types",
      "ranks",
      "tags",
      "vessel_types",
    ]);
    expect(res.body.tags.some((t: { name: string }) => t.name === hidden.name)).toBe(false);
    expect((await api().get("/api/ranks").set(headers)).status).toBe(403);
    const partner = await signInAs("partner");
    expect((await api().get("/api/users/choices").set(partner.headers)).status).toBe(403);
  });
});

describe("history", () => {
  it("shows who changed a status or a phone and when", async () => {
    const rank = await createRank();
    const a = await createApplicant(admin, { mobile_phone: "+380 50 000 11 22", knowing_duplicate: true });
    const manager = await signInAs("manager");
    // A manager's role does not open the ranks list, yet links a rank to the applicant.
    const patched = await api()
      .patch(`/api/users/${a.id}`)
      .set(manager.headers)
      .send({
        data: {
          type: "users",
          id: a.id,
          attributes: {
            status: "pending_approval",
            mobile_phone: "+380 50 999 88 77",
            knowing_duplicate: true,
          },
          relationships: { role: { data: { type: "ranks", id: String(rank.id) } } },
        },
      });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const badRank = await api()
      .patch(`/api/users/${a.id}`)
      .set(manager.headers)
      .send({
        data: {
          type: "users",
          id: a.id,
          relationships: { role: { data: { type: "ranks", id: "2000000000" } } },
        },
      });
    expect(badRank.status).toBe(422);
    expect(badRank.body.errors[0].source.pointer).toBe("/data/relationships/role");
    const versions = await api().get(`/api/users/${a.id}/versions`).set(admin);
    expect(versions.status).toBe(200);
    const [latest] = versions.body.data;
    expect(latest.attributes).toMatchObject({
      event: "update",
      item_type: "users",
      actor_id: manager.client.id,
      changes: {
        status: [null, "pending_approval"],
        mobile_phone: ["+380 50 000 11 22", "+380 50 999 88 77"],
        role_id: [null, rank.id],
      },
    });
    expect(latest.attributes.actor_name).toBe(manager.client.name);
    expect(Object.keys(latest.attributes.changes)).not.toEqual(
      expect.arrayContaining(["search_phones", "dedupe_keys"]),
    );
  });
});
