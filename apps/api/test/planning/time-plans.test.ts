import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createRank, createScaleRow, createVessel, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, download, createApplicant, newPlan, planBody } from "./planning-support.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

describe("timeplans", () => {
  it("creates a vacancy on a row; its offer becomes the row's template offer", async () => {
    const row = await createScaleRow();
    const res = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(
        planBody(row.id, {
          start: "2027-01-10",
          end: "2027-06-10",
          status: "vacancy",
          to_publish: true,
          offer: 4200,
          vacancy_description: "Bulk carrier, 6 months",
        }),
      );
    expect(res.status).toBe(201);
    expectJsonApi(res.body);
    expect(res.body.data.attributes).toMatchObject({
      start: "2027-01-10T00:00:00.000Z",
      end: "2027-06-10T00:00:00.000Z",
      status: "vacancy",
      offer: 4200,
      to_publish: true,
      ms_id: row.id,
      user_id: null,
      user_name: null,
      role_name: row.name,
    });
    expect(
      (await testDeps().db.manningScale.findUniqueOrThrow({ where: { id: row.id } })).templateOffer,
    ).toBe(4200);
    // A later offer follows; a filled plan keeps no offer of its own.
    await api()
      .patch(`/api/time_plans/${res.body.data.id}`)
      .set(admin)
      .send({ data: { type: "time_plans", id: res.body.data.id, attributes: { offer: 4500 } } });
    expect(
      (await testDeps().db.manningScale.findUniqueOrThrow({ where: { id: row.id } })).templateOffer,
    ).toBe(4500);
  });

  it("refuses a plan that overlaps another on its row, naming it; a relief may start the day the other ends", async () => {
    const row = await createScaleRow();
    await newPlan(admin, row.id, "2027-01-01", "2027-03-01");
    const clash = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(row.id, { start: "2027-02-01", end: "2027-05-01", status: "vacancy" }));
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0].source.pointer).toBe("/data/attributes/start");
    expect(clash.body.errors[0].title).toBe(
      "A vacancy is already planned on this row from 01.01.2027 to 01.03.2027.",
    );
    expect(clash.body.errors[0].detail).toBe(clash.body.errors[0].title);
    const before = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(row.id, { start: "2026-11-01", end: "2027-01-15", status: "vacancy" }));
    expect(before.body.errors[0].source.pointer).toBe("/data/attributes/end");
    const relief = await newPlan(admin, row.id, "2027-03-01", "2027-07-01");
    // Moving onto the other is refused too (the drag snaps back with this message), and the end may not come before the start.
    const move = await api()
      .patch(`/api/time_plans/${relief}`)
      .set(admin)
      .send({ data: { type: "time_plans", id: String(relief), attributes: { start: "2027-02-15" } } });
    expect(move.status).toBe(422);
    expect(move.body.errors[0].title).toBe(
      "A vacancy is already planned on this row from 01.01.2027 to 01.03.2027.",
    );
    // Issue 22: a sentence naming the seafarer and the days as dd.mm.yyyy.
    const castro = await createApplicant({ surname: "Castro", name: "Ronald" });
    const castroRow = await createScaleRow();
    await newPlan(admin, castroRow.id, "2027-07-11", "2027-11-19", castro.id);
    const onCastro = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(castroRow.id, { start: "2027-10-01", end: "2028-01-01", status: "vacancy" }));
    expect(onCastro.body.errors[0].title).toBe(
      "Ronald Castro is already planned on this row from 11.07.2027 to 19.11.2027.",
    );
    const backwards = await api()
      .patch(`/api/time_plans/${relief}`)
      .set(admin)
      .send({ data: { type: "time_plans", id: String(relief), attributes: { end: "2027-02-01" } } });
    expect(backwards.body.errors[0].source.pointer).toBe("/data/attributes/end");
    // Moving to another row where it fits is fine.
    const other = await createScaleRow({ vesselId: row.vesselId ?? undefined });
    const moved = await api()
      .patch(`/api/time_plans/${relief}`)
      .set(admin)
      .send({
        data: {
          type: "time_plans",
          id: String(relief),
          attributes: { start: "2027-02-15" },
          relationships: { manning_scale: { data: { type: "manning_scales", id: String(other.id) } } },
        },
      });
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes.ms_id).toBe(other.id);
    expect(await testDeps().db.timePlan.count({ where: { manningScaleId: row.id } })).toBe(1);
  });

  it("refuses to plan one seafarer on two rows at overlapping times, naming the other vessel", async () => {
    const vesselA = await createVessel({ name: "MV FIRST BOOKING" });
    const [rowA, rowB] = [await createScaleRow({ vesselId: vesselA.id }), await createScaleRow()];
    const seafarer = await createApplicant();
    await newPlan(admin, rowA.id, "2027-04-01", "2027-10-01", seafarer.id);
    const twice = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(rowB.id, { start: "2027-09-01", end: "2028-01-01", status: "to_propose" }, seafarer.id));
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].source.pointer).toBe("/data/relationships/user");
    expect(twice.body.errors[0].title).toBe(
      `${seafarer.name} ${seafarer.surname} is already planned on MV FIRST BOOKING · ${rowA.name} from 01.04.2027 to 01.10.2027.`,
    );
    // Signing on the day the previous contract ends is no overlap.
    expect(
      (
        await api()
          .post("/api/time_plans")
          .set(admin)
          .send(
            planBody(rowB.id, { start: "2027-10-01", end: "2028-01-01", status: "to_propose" }, seafarer.id),
          )
      ).status,
    ).toBe(201);
  });

  it("a vacancy has no seafarer and every other status needs one", async () => {
    const row = await createScaleRow();
    const seafarer = await createApplicant();
    const vacancyWithSeafarer = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(row.id, { start: "2027-01-01", end: "2027-02-01", status: "vacancy" }, seafarer.id));
    expect(vacancyWithSeafarer.status).toBe(422);
    expect(vacancyWithSeafarer.body.errors[0].source.pointer).toBe("/data/attributes/status");
    const approvedWithoutSeafarer = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(row.id, { start: "2027-01-01", end: "2027-02-01", status: "approved" }));
    expect(approvedWithoutSeafarer.body.errors[0].source.pointer).toBe("/data/relationships/user");
    expect(
      (
        await api()
          .post("/api/time_plans")
          .set(admin)
          .send(planBody(row.id, { start: "2027-01-01", end: "2027-02-01", status: "bogus" }))
      ).status,
    ).toBe(422);
    // A seafarer that does not exist is a 422 on the relationship, never a 500.
    expect(
      (
        await api()
          .post("/api/time_plans")
          .set(admin)
          .send(
            planBody(row.id, { start: "2027-01-01", end: "2027-02-01", status: "approved" }, 2_000_000_000),
          )
      ).status,
    ).toBe(422);
  });

  it("lists the plans of a date range on given rows, or by ids; sparse fieldsets keep the answer small", async () => {
    const [a, b] = [await createScaleRow(), await createScaleRow()];
    const made = [
      await newPlan(admin, a.id, "2027-01-01", "2027-02-01"),
      await newPlan(admin, a.id, "2027-05-01", "2027-06-01"),
      await newPlan(admin, b.id, "2027-01-20", "2027-03-01"),
    ].map(String);
    const inRange = await api()
      .get("/api/time_plans")
      .set(admin)
      .query({
        "filter[date_range]": "2027-01-15,2027-02-15",
        "filter[manning_scale_id]": `${a.id},${b.id}`,
        "page[size]": 999,
      });
    expect(inRange.body.data.map((d: { id: string }) => d.id).sort()).toEqual([made[0], made[2]].sort());
    const byIds = await api()
      .get("/api/time_plans")
      .set(admin)
      .query({ "filter[ids]": `${made[1]},${made[2]}` });
    expect(byIds.body.data.map((d: { id: string }) => d.id).sort()).toEqual([made[1], made[2]].sort());
    const sparse = await api()
      .get("/api/time_plans")
      .set(admin)
      .query({ "filter[ids]": made[0], "fields[time_plans]": "start,end,status,ms_id" });
    expect(Object.keys(sparse.body.data[0].attributes).sort()).toEqual(["end", "ms_id", "start", "status"]);
    expect(
      (await api().get("/api/time_plans").set(admin).query({ "filter[date_range]": "2027-02-01,2027-01-01" }))
        .status,
    ).toBe(400);
    expect((await api().get("/api/time_plans").set(admin).query({ "filter[ids]": "1,x" })).status).toBe(400);
  });

  it("carries the seafarer's fields, other periods and the newcomer mark; include=user adds the applicant", async () => {
    const [rowA, rowB] = [await createScaleRow(), await createScaleRow()];
    const seafarer = await createApplicant({
      surname: "Kovalenko",
      name: "Andrii",
      readiness: "2027-03-01",
      telegramUserId: "tg-1",
    });
    const past = await newPlan(admin, rowA.id, "2026-01-01", "2026-07-01", seafarer.id, "completed");
    const next = await newPlan(admin, rowB.id, "2027-03-01", "2027-09-01", seafarer.id, "approved");
    const res = await api().get(`/api/time_plans/${next}`).set(admin).query({ include: "user" });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      user_id: seafarer.id,
      user_name: "Kovalenko Andrii",
      telegram_bot: true,
      problem_newcomer: false,
      promotions_count: 0,
    });
    expect(res.body.data.attributes.readiness_date).toContain("2027-03-01");
    expect(
      res.body.data.attributes.periods_by_user_id[String(seafarer.id)].map((p: { id: number }) => p.id),
    ).toEqual([past, next]);
    expect(res.body.included.map((r: { type: string; id: string }) => `${r.type}:${r.id}`)).toEqual([
      `users:${seafarer.id}`,
    ]);
    // A plan ahead of someone who has never served with us is a newcomer's; a past one never is.
    expect(
      (await api().get(`/api/time_plans/${past}`).set(admin)).body.data.attributes.problem_newcomer,
    ).toBe(false);
    const newcomer = await createApplicant();
    const joining = await newPlan(admin, rowA.id, "2027-01-01", "2027-05-01", newcomer.id, "approved");
    expect(
      (await api().get(`/api/time_plans/${joining}`).set(admin)).body.data.attributes.problem_newcomer,
    ).toBe(true);
  });

  it("warns (meta.warnings, the warnings attribute): not ready, a document expiring before the end, no document for the rank, another rank applied for", async () => {
    const db = testDeps().db;
    const [cook, ab] = [await createRank(), await createRank()];
    const row = await createScaleRow({ rankId: ab.id });
    const kind = await db.applicantDocumentKind.create({
      data: { title: unique("Certificate of proficiency") },
    });
    const seafarer = await createApplicant({
      rankId: cook.id,
      readiness: "2027-05-01",
      usVisaDoe: "2027-06-01",
    });
    // An old copy that expired is replaced by a newer one that still ends too early.
    await db.applicantDocument.createMany({
      data: [
        { userId: seafarer.id, nDoc: kind.id, number: "OLD-1", validUntil: new Date("2025-01-01T00:00:00Z") },
        { userId: seafarer.id, nDoc: kind.id, number: "NEW-1", validUntil: new Date("2027-08-01T00:00:00Z") },
      ],
    });
    // Somebody holds a certificate for the row's rank: the rank is one that needs one.
    await db.applicantDocument.create({
      data: { userId: (await createApplicant()).id, nDoc: kind.id, number: "COC-0", roleId: ab.id },
    });
    const res = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(row.id, { start: "2027-04-01", end: "2027-10-01", status: "to_propose" }, seafarer.id));
    expect(res.status).toBe(201);
    const codes = res.body.meta.warnings.map(
      (w: { code: string; detail: string }) => `${w.code}: ${w.detail}`,
    );
    expect(codes.sort()).toEqual(
      [
        `document_expires: ${kind.title} expires 01.08.2027, before the planned end 01.10.2027.`,
        "document_expires: The US visa expires 01.06.2027, before the planned end 01.10.2027.",
        "not_ready: Ready from 01.05.2027, planned from 01.04.2027.",
        `other_rank: Applied for ${cook.title}, planned as ${ab.title}.`,
        `rank_document_missing: None of the seafarer's documents qualifies them as ${ab.title}.`,
      ].sort(),
    );
    const shown = await api().get(`/api/time_plans/${res.body.data.id}`).set(admin);
    expect(shown.body.meta.warnings).toHaveLength(5);
    expect(shown.body.data.attributes.warnings).toHaveLength(5);
    // A seafarer who fits (ready, their documents valid past the end, one naming the rank) has none; a vacancy never has any.
    const fine = await createApplicant({ rankId: ab.id, readiness: "2027-01-01" });
    await db.applicantDocument.create({
      data: { userId: fine.id, nDoc: kind.id, number: "COC-1", validUntil: null, roleId: ab.id },
    });
    const ok = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(row.id, { start: "2027-11-01", end: "2028-03-01", status: "to_propose" }, fine.id));
    expect(ok.body.meta).toBeUndefined();
    expect(ok.body.data.attributes.warnings).toEqual([]);
    // History is not planning: a completed plan is not warned about.
    const done = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(planBody(row.id, { start: "2026-01-01", end: "2026-03-01", status: "completed" }, seafarer.id));
    expect(done.body.meta).toBeUndefined();
  });

  it("deletes a plan; a deleted plan is gone from its crew list's side", async () => {
    const row = await createScaleRow();
    const id = await newPlan(admin, row.id, "2027-01-01", "2027-02-01");
    expect((await api().delete(`/api/time_plans/${id}`).set(admin)).status).toBe(204);
    expect(await testDeps().db.timePlan.count({ where: { id } })).toBe(0);
    expect((await api().get(`/api/time_plans/${id}`).set(admin)).status).toBe(404);
  });

  it("answers the planner's rows: active rows of active vessels with vessel, owner and rank, in scale order", async () => {
    const vessel = await createVessel({ name: "AAA PLANNER ROWS" });
    const [master, cook] = [
      await createScaleRow({ vesselId: vessel.id }),
      await createScaleRow({ vesselId: vessel.id }),
    ];
    await testDeps().db.manningScale.update({ where: { id: cook.id }, data: { templateOffer: 1800 } });
    await newPlan(admin, cook.id, "2026-01-01", "2099-01-01");
    const archived = await createScaleRow({ vesselId: vessel.id });
    await testDeps().db.manningScale.update({ where: { id: archived.id }, data: { state: "archived" } });
    const res = await api().get("/api/planner/rows").set(admin);
    expect(res.status).toBe(200);
    expectJsonApi(res.body);
    const mine = res.body.data.filter(
      (r: { attributes: { vessel_id: number } }) => r.attributes.vessel_id === vessel.id,
    );
    expect(mine.map((r: { id: string }) => Number(r.id))).toEqual([master.id, cook.id]);
    expect(mine[1].attributes).toMatchObject({
      vessel_name: "AAA PLANNER ROWS",
      template_offer: 1800,
      open_vacancies: 1,
    });
    expect((await api().get("/api/planner/rows").set(admin).query({ extra: 1 })).status).toBe(400);
  });

  it("prints the plan of the chosen vessels as a real xlsx, seafarers named, vacancies marked", async () => {
    const row = await createScaleRow();
    const seafarer = await createApplicant({ surname: "Petrenko", name: "Oleh" });
    await newPlan(admin, row.id, "2026-12-07", "2027-01-20", seafarer.id, "on_board");
    await newPlan(admin, row.id, "2027-01-20", "2027-06-01");
    const res = await download(
      api()
        .get("/api/print/time_plan")
        .set(admin)
        .query({ date: "2027-01-05", vessels: String(row.vesselId) }),
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toContain("Time plan 2027-01-05.xlsx");
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.body).buffer);
    const sheet = book.worksheets[0];
    const values = JSON.stringify(sheet?.getRow(4).values);
    expect(sheet?.getRow(4).getCell(2).value).toBe(row.name);
    expect(values).toContain("Petrenko O.");
    expect(values).toContain("Vacancy");
    expect(
      (
        await api()
          .get("/api/print/time_plan")
          .set(admin)
          .query({ date: "2027-01-05", vessels: "2000000000" })
      ).status,
    ).toBe(404);
  });

  it("prints the range the scheduler shows when given one (issue 22): from the week of the date to the last day", async () => {
    const row = await createScaleRow();
    await newPlan(admin, row.id, "2027-06-01", "2027-08-01");
    const res = await download(
      api()
        .get("/api/print/time_plan")
        .set(admin)
        .query({ date: "2027-06-25", to: "2027-09-30", vessels: String(row.vesselId) }),
    );
    expect(res.status).toBe(200);
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.body).buffer);
    // The Monday of 25.06.2027 (21.06) to the Sunday of the week holding 30.09.2027 (03.10).
    expect(book.worksheets[0]?.getCell("A1").value).toBe("Time plan from 21.06.2027 to 03.10.2027");
    const backwards = await api()
      .get("/api/print/time_plan")
      .set(admin)
      .query({ date: "2027-06-25", to: "2027-06-01", vessels: String(row.vesselId) });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].source.pointer).toBe("/data/attributes/to");
  });
});
