import { beforeAll, describe, expect, it } from "vitest";
import { FIRST_APPLY_COMMENT } from "@crew/contracts";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createOwner, createRank, createScaleRow, createVessel } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, createApplicant, date, newPlan, planBody, planOf } from "../planning/planning-support.js";

let admin: TAuthHeaders;
let guest: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  guest = (await signInAs("guest")).headers;
});

const rel = (type: string, id: number | string) => ({ data: { type, id: String(id) } });

const newVacancy = async (rankId: number, vesselId: number, attributes: Record<string, unknown>) => {
  const res = await api()
    .post("/api/vacancies")
    .set(admin)
    .send({
      data: {
        type: "vacancies",
        attributes: { start: "2027-03-01", ...attributes },
        relationships: { rank: rel("ranks", rankId), vessel: rel("vessels", vesselId) },
      },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(res.body.data.id);
};

const applyTo = (vacancyId: number, candidateId: number) =>
  api()
    .post(`/api/vacancies/${vacancyId}/vacancy_applies`)
    .set(admin)
    .send({
      data: {
        type: "vacancy_applies",
        attributes: { change_comments: [{ body: "Called him, he is keen" }] },
        relationships: { candidate: rel("users", candidateId) },
      },
    });

const move = (id: number | string, status: string, headers = admin) =>
  api()
    .post("/api/vacancy_applies/update_status")
    .set(headers)
    .send({ payload: { id: Number(id), status } });

describe("vacancies", () => {
  it("a published vacancy plan makes its vacancy; unpublishing the plan takes it off", async () => {
    const rank = await createRank();
    const vessel = await createVessel();
    const row = await createScaleRow({ vesselId: vessel.id, rankId: rank.id });
    const res = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(
        planBody(row.id, {
          start: "2027-04-01",
          end: "2027-10-01",
          status: "vacancy",
          to_publish: true,
          offer: 9500,
          vacancy_description: "Container feeder, Baltic trade",
        }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const planId = Number(res.body.data.id);
    const vacancy = await testDeps().db.vacancy.findUniqueOrThrow({ where: { timePlanId: planId } });
    expect(vacancy).toMatchObject({ published: true, wage: 9500, contractDuration: 6, sources: ["site"] });
    const shownPlan = await api().get(`/api/time_plans/${planId}`).set(admin);
    expect(shownPlan.body.data.attributes.vacancy_id).toBe(vacancy.id);

    const shown = await api().get(`/api/vacancies/${vacancy.id}`).set(guest);
    expectJsonApi(shown.body);
    expect(shown.body.data.attributes).toMatchObject({
      title: `${rank.title} · ${vessel.name}`,
      published: true,
      public_path: `/jobs/${vacancy.id}`,
      description: "Container feeder, Baltic trade",
    });

    // The scheduler's globe (to_publish) and offer follow the vacancy's edits.
    const editVacancy = async (attributes: Record<string, unknown>) => {
      const r = await api()
        .patch(`/api/vacancies/${vacancy.id}`)
        .set(admin)
        .send({ data: { type: "vacancies", id: String(vacancy.id), attributes } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (await api().get(`/api/time_plans/${planId}`).set(admin)).body.data.attributes;
    };
    expect(await editVacancy({ wage: 10500 })).toMatchObject({ offer: 10500, to_publish: true });
    expect(await editVacancy({ published: false })).toMatchObject({ offer: 10500, to_publish: false });
    expect(await editVacancy({ published: true })).toMatchObject({ to_publish: true });

    const off = await api()
      .patch(`/api/time_plans/${planId}`)
      .set(admin)
      .send(planBody(row.id, { to_publish: false }, undefined, String(planId)));
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await testDeps().db.vacancy.findUniqueOrThrow({ where: { id: vacancy.id } })).published).toBe(
      false,
    );
  });

  it("lists with the spec's filters and start ascending; the base map reads, partners are refused", async () => {
    const rank = await createRank();
    const owner = await createOwner();
    const vessel = await createVessel({ ownerId: owner.id });
    const later = await newVacancy(rank.id, vessel.id, { start: "2027-06-01" });
    const sooner = await newVacancy(rank.id, vessel.id, { start: "2027-05-01", published: true });
    const list = await api()
      .get("/api/vacancies")
      .set(guest)
      .query({ "filter[owner_id]": owner.id, "filter[role_id]": rank.id });
    expect(list.status).toBe(200);
    expectJsonApi(list.body);
    expect(list.body.data.map((d: { id: string }) => Number(d.id))).toEqual([sooner, later]);
    const published = await api()
      .get("/api/vacancies")
      .set(guest)
      .query({ "filter[owner_id]": owner.id, "filter[published]": "true" });
    expect(published.body.data.map((d: { id: string }) => Number(d.id))).toEqual([sooner]);
    const found = await api().get("/api/vacancies").set(guest).query({ search: vessel.name });
    expect(found.body.data.length).toBe(2);

    expect(
      (
        await api()
          .post("/api/vacancies")
          .set(guest)
          .send({ data: { type: "vacancies" } })
      ).status,
    ).toBe(403);
    const partner = (await signInAs("partner")).headers;
    expect((await api().get("/api/vacancies").set(partner)).status).toBe(403);
    const partnerView = (await signInAs("partner_view")).headers;
    expect((await api().get(`/api/vacancies/${sooner}`).set(partnerView)).status).toBe(403);
  });

  it("republish adds a source; bad input is a 422 with a pointer", async () => {
    const rank = await createRank();
    const vessel = await createVessel();
    const id = await newVacancy(rank.id, vessel.id, {});
    const res = await api()
      .post("/api/vacancies/republish")
      .set(admin)
      .send({ vacancyId: id, source: "site" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ published: true, sources: ["site"] });
    // Telegram needs a bot and a channel (vacancies-telegram.test.ts): without them a 409, nothing written.
    const noBot = await api()
      .post("/api/vacancies/republish")
      .set(admin)
      .send({ vacancyId: id, source: "telegram" });
    expect(noBot.status, JSON.stringify(noBot.body)).toBe(409);
    const after = await api().get(`/api/vacancies/${id}`).set(admin);
    expect(after.body.data.attributes.sources).toEqual(["site"]);
    const bad = await api()
      .post("/api/vacancies/republish")
      .set(admin)
      .send({ vacancyId: id, source: "myspace" });
    expect(bad.status).toBe(422);
    const wage = await api()
      .patch(`/api/vacancies/${id}`)
      .set(admin)
      .send({ data: { type: "vacancies", id: String(id), attributes: { wage: -1 } } });
    expect(wage.status).toBe(422);
    expect(wage.body.errors[0].source.pointer).toBe("/data/attributes/wage");
  });
});

describe("vacancy applications", () => {
  it("starts processing with 'Candidate is applied'; the same candidate twice is a 422", async () => {
    const rank = await createRank();
    const vessel = await createVessel();
    const id = await newVacancy(rank.id, vessel.id, {});
    const seafarer = await createApplicant({ rankId: rank.id });
    const res = await applyTo(id, seafarer.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectJsonApi(res.body);
    expect(res.body.data.attributes.status).toBe("processing");
    expect(res.body.data.attributes.change_comments.map((c: { body: string }) => c.body)).toEqual([
      FIRST_APPLY_COMMENT,
      "Called him, he is keen",
    ]);
    const twice = await applyTo(id, seafarer.id);
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].source.pointer).toBe("/data/relationships/candidate");
    const ofUser = await api().get(`/api/users/${seafarer.id}/vacancy_applies`).set(admin);
    expect(ofUser.body.data.length).toBe(1);
  });

  it("moves through the flow; impossible moves are 422; approving fills the vacancy's plan in the same transaction", async () => {
    const rank = await createRank();
    const vessel = await createVessel();
    const row = await createScaleRow({ vesselId: vessel.id, rankId: rank.id });
    const planId = await newPlan(admin, row.id, "2027-04-01", "2027-10-01");
    await api()
      .patch(`/api/time_plans/${planId}`)
      .set(admin)
      .send(planBody(row.id, { to_publish: true }, undefined, String(planId)));
    const vacancy = await testDeps().db.vacancy.findUniqueOrThrow({ where: { timePlanId: planId } });
    const seafarer = await createApplicant({ rankId: rank.id, readiness: "2027-01-01" });
    const busy = await createApplicant({ rankId: rank.id, readiness: "2027-01-01" });
    const applyId = (await applyTo(vacancy.id, seafarer.id)).body.data.id;
    const busyApply = (await applyTo(vacancy.id, busy.id)).body.data.id;

    const jump = await move(applyId, "approved");
    expect(jump.status).toBe(422);
    expect(jump.body.errors[0].source.pointer).toBe("/payload/status");
    expect((await move(applyId, "proposed", guest)).status).toBe(403);
    expect((await move(applyId, "proposed")).status).toBe(200);

    // A seafarer planned elsewhere then cannot be approved: nothing is half-written.
    const other = await createScaleRow({ vesselId: (await createVessel()).id, rankId: rank.id });
    await newPlan(admin, other.id, "2027-05-01", "2027-07-01", busy.id);
    await move(busyApply, "proposed");
    const clash = await move(busyApply, "approved");
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0].detail).toMatch(/already planned/);
    expect(
      (await testDeps().db.vacancyApply.findUniqueOrThrow({ where: { id: Number(busyApply) } })).status,
    ).toBe("proposed");
    expect((await planOf(planId)).userId).toBeNull();

    const ok = await move(applyId, "approved");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.attributes.status).toBe("approved");
    const plan = await planOf(planId);
    expect(plan).toMatchObject({ userId: seafarer.id, status: "approved", toPublish: false });
    expect((await testDeps().db.vacancy.findUniqueOrThrow({ where: { id: vacancy.id } })).published).toBe(
      false,
    );

    // Withdrawn after approval: the plan is a vacancy again.
    expect((await move(applyId, "withdrawn")).status).toBe(200);
    expect(await planOf(planId)).toMatchObject({ userId: null, status: "vacancy" });
    expect((await move(applyId, "proposed")).status).toBe(422);
    const shown = await api().get(`/api/vacancy_applies/${applyId}`).set(admin);
    expect(
      shown.body.data.attributes.change_comments.map((c: { apply_status: string }) => c.apply_status),
    ).toEqual(["processing", "processing", "proposed", "approved", "withdrawn"]);
  });

  it("approving a vacancy without a plan plans the seafarer on the vessel's row for the rank", async () => {
    const rank = await createRank();
    const vessel = await createVessel();
    const row = await createScaleRow({ vesselId: vessel.id, rankId: rank.id });
    const id = await newVacancy(rank.id, vessel.id, { start: "2028-01-10", contract_duration: 4 });
    const seafarer = await createApplicant({ rankId: rank.id });
    const applyId = (await applyTo(id, seafarer.id)).body.data.id;
    await move(applyId, "proposed");
    expect((await move(applyId, "approved")).status).toBe(200);
    const v = await testDeps().db.vacancy.findUniqueOrThrow({ where: { id } });
    expect(v.timePlanId).not.toBeNull();
    const plan = await planOf(v.timePlanId ?? 0);
    expect(plan).toMatchObject({ manningScaleId: row.id, userId: seafarer.id, status: "approved" });
    expect(plan.start).toEqual(date("2028-01-10"));
    expect(plan.end).toEqual(date("2028-05-10"));
  });

  it("matches rank holders who are ready and free, sea service on the type first, with reasons", async () => {
    const rank = await createRank();
    const type = await testDeps().db.vesselType.create({ data: { title: `Type ${rank.title}` } });
    const vessel = await createVessel();
    await testDeps().db.vessel.update({ where: { id: vessel.id }, data: { vesselTypeId: type.id } });
    const id = await newVacancy(rank.id, vessel.id, { start: "2027-09-01", contract_duration: 4 });
    await createApplicant({ rankId: rank.id, readiness: "2027-08-01", surname: "Plain" });
    const typed = await createApplicant({ rankId: rank.id, readiness: "2027-07-01", surname: "Typed" });
    await testDeps().db.user.update({ where: { id: typed.id }, data: { seaVesselTypeIds: [type.id] } });
    await createApplicant({ rankId: rank.id, readiness: "2027-10-01", surname: "Late" });
    const planned = await createApplicant({ rankId: rank.id, readiness: "2027-01-01", surname: "Planned" });
    const row = await createScaleRow({ vesselId: (await createVessel()).id, rankId: rank.id });
    await newPlan(admin, row.id, "2027-08-01", "2027-11-01", planned.id);
    const res = await api().get(`/api/vacancies/${id}/matches`).set(admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = res.body.data.map((m: { attributes: { name: string } }) => m.attributes.name);
    expect(names).toEqual(["Typed Ivan", "Plain Ivan"]);
    const reasons = res.body.data[0].attributes.reasons.map((r: { text: string }) => r.text);
    expect(reasons).toContain(`Holds the rank ${rank.title}`);
    expect(reasons).toContain(`Sea service on ${type.title}`);
    const partnerView = (await signInAs("partner_view")).headers;
    expect((await api().get(`/api/vacancies/${id}/matches`).set(partnerView)).status).toBe(403);
  });
});

describe("public vacancies page", () => {
  it("serves an open vacancy with JobPosting data, lists it in the feeds and the sitemap; closed is 410", async () => {
    const rank = await createRank();
    const vessel = await createVessel();
    const id = await newVacancy(rank.id, vessel.id, {
      start: "2099-03-01",
      wage: 8000,
      published: true,
      description: "<script>alert(1)</script> Bulk carrier",
    });
    const page = await api().get(`/jobs/${id}`).query({ source: "feed" });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/html/);
    expect(page.headers["content-security-policy"]).toBeDefined();
    expect(page.text).not.toContain("<script>alert(1)</script>");
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.text)?.[1] ?? "{}";
    const posting = JSON.parse(ld) as Record<string, unknown>;
    expect(posting).toMatchObject({
      "@type": "JobPosting",
      validThrough: "2099-02-28",
      baseSalary: { currency: "USD", value: { value: 8000, unitText: "MONTH" } },
    });
    expect(page.text).toContain(`V-${id}</b> (feed)`);
    const feed = await api().get("/jobs/feed.json");
    expect(feed.status).toBe(200);
    const items = (JSON.parse(feed.text) as { items: { url: string }[] }).items;
    expect(items.some((i) => i.url.endsWith(`/jobs/${id}?source=feed`))).toBe(true);
    expect((await api().get("/jobs/feed.xml")).text).toContain(`<guid isPermaLink="false">V-${id}</guid>`);
    expect((await api().get("/jobs/sitemap.xml")).text).toContain(`/jobs/${id}</loc>`);
    expect((await api().get("/jobs")).text).toContain(`/jobs/${id}`);

    await api()
      .patch(`/api/vacancies/${id}`)
      .set(admin)
      .send({ data: { type: "vacancies", id: String(id), attributes: { published: false } } });
    expect((await api().get(`/jobs/${id}`)).status).toBe(410);
    const expired = await newVacancy(rank.id, vessel.id, {
      start: "2027-01-01",
      published: true,
      valid_through: "2026-01-01",
    });
    expect((await api().get(`/jobs/${expired}`)).status).toBe(410);
    expect((await api().get("/jobs/999999999")).status).toBe(404);
    expect((await api().get("/jobs/abc")).status).toBe(404);
  });
});

describe("an application's task and a deleted vacancy plan", () => {
  const newTask = (attributes: Record<string, unknown>) =>
    api()
      .post("/api/tasks")
      .set(admin)
      .send({ data: { type: "tasks", attributes: { description: "Call him", ...attributes } } });

  it("names its task on create; else the first task about it becomes its task; a missing task is a 4xx", async () => {
    const rank = await createRank();
    const id = await newVacancy(rank.id, (await createVessel()).id, {});
    const named = await createApplicant({ rankId: rank.id });
    const task = await newTask({});
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const withTask = await api()
      .post(`/api/vacancies/${id}/vacancy_applies`)
      .set(admin)
      .send({
        data: {
          type: "vacancy_applies",
          relationships: { candidate: rel("users", named.id), task: rel("tasks", task.body.data.id) },
        },
      });
    expect(withTask.status, JSON.stringify(withTask.body)).toBe(201);
    expect(withTask.body.data.relationships.task.data.id).toBe(task.body.data.id);

    const missing = await api()
      .post(`/api/vacancies/${id}/vacancy_applies`)
      .set(admin)
      .send({
        data: {
          type: "vacancy_applies",
          relationships: {
            candidate: rel("users", (await createApplicant({ rankId: rank.id })).id),
            task: rel("tasks", 999_999_999),
          },
        },
      });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);

    const plain = (await applyTo(id, (await createApplicant({ rankId: rank.id })).id)).body.data.id;
    const about = await newTask({ item_type: "vacancy_applies", item_id: Number(plain) });
    expect(about.status, JSON.stringify(about.body)).toBe(201);
    expect(about.body.data.attributes.item_title).toContain(rank.title);
    await newTask({ item_type: "vacancy_applies", item_id: Number(plain), description: "Second" });
    const shown = await api().get(`/api/vacancy_applies/${plain}`).set(admin);
    expect(shown.body.data.relationships.task.data.id).toBe(about.body.data.id);
    expect((await newTask({ item_type: "vacancy_applies", item_id: 999_999_999 })).status).toBe(422);
  });

  it("deleting a vacancy plan unpublishes its vacancy; its applications stay", async () => {
    const rank = await createRank();
    const vessel = await createVessel();
    const row = await createScaleRow({ vesselId: vessel.id, rankId: rank.id });
    const planId = await newPlan(admin, row.id, "2027-04-01", "2027-10-01");
    await api()
      .patch(`/api/time_plans/${planId}`)
      .set(admin)
      .send(planBody(row.id, { to_publish: true }, undefined, String(planId)));
    const vacancy = await testDeps().db.vacancy.findUniqueOrThrow({ where: { timePlanId: planId } });
    expect(vacancy.published).toBe(true);
    await applyTo(vacancy.id, (await createApplicant({ rankId: rank.id })).id);
    expect((await api().get(`/jobs/${vacancy.id}`)).status).toBe(200);
    expect((await api().delete(`/api/time_plans/${planId}`).set(admin)).status).toBe(204);
    const after = await testDeps().db.vacancy.findUniqueOrThrow({ where: { id: vacancy.id } });
    expect(after).toMatchObject({ published: false, sources: [], timePlanId: null });
    expect(await testDeps().db.vacancyApply.count({ where: { vacancyId: vacancy.id } })).toBe(1);
    expect((await api().get(`/jobs/${vacancy.id}`)).status).toBe(410);
  });
});
