import ExcelJS from "exceljs";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, signInWith, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { download } from "../support/download.js";
import {
  createClient,
  createOwner,
  createRank,
  createScaleRow,
  createVessel,
  unique,
} from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { linkOwner } from "../fleet/fleet-support.js";
import { wageComponentsFor } from "../../src/resources/wages/wage-components.js";

/** Owners' wage scales, bonuses, scale nationalities and terms (docs/owners-terms.md). */
let admin: TAuthHeaders;
let manager: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  manager = (await signInAs("manager")).headers;
});
const api = () => request(testApp());
const db = () => testDeps().db;

type TScaleRow = {
  id: string;
  attributes: { role_name: string; basic_wage: number; total: number; currency: string; scale_type: string };
};
type TBonus = {
  id: string;
  attributes: { column: string; total: number; type_name: string; role_name: string };
};

/** An owner with a vessel whose manning scale has two ranks. */
const ownerWithFleet = async () => {
  const owner = await createOwner();
  const vessel = await createVessel({ ownerId: owner.id });
  const master = await createRank(unique("Master"));
  const ab = await createRank(unique("AB"));
  await createScaleRow({ vesselId: vessel.id, rankId: master.id });
  await createScaleRow({ vesselId: vessel.id, rankId: ab.id });
  return { owner, vessel, master, ab };
};
const country = async () =>
  db().country.create({ data: { name: unique("Land"), code: unique("C").slice(0, 12) } });
const scaleOf = async (ownerId: number, query: Record<string, string> = {}, headers = admin) => {
  const res = await api()
    .get("/api/wage_scales")
    .query({ "filter[owner_id]": ownerId, "filter[scale_type]": "normal", "page[size]": 999, ...query })
    .set(headers);
  expect(res.status).toBe(200);
  expectJsonApi(res.body);
  return res.body.data as TScaleRow[];
};
const createScale = (ownerId: number, body: Record<string, unknown> = {}, headers = admin) =>
  api().post(`/api/owners/${ownerId}/create_scale`).set(headers).send(body);

describe("wage scales", () => {
  it("creates a row per rank of the owner, edits one component at a time and computes the total", async () => {
    const { owner, master, ab } = await ownerWithFleet();
    const roles = await api().get(`/api/owners/${owner.id}/roles`).query({ "page[size]": 999 }).set(admin);
    expect(roles.status).toBe(200);
    expect(roles.body.data.map((r: { id: string }) => Number(r.id))).toEqual([master.id, ab.id]);

    const made = await createScale(owner.id, { scale_type: "normal" });
    expect(made.status).toBe(201);
    expectJsonApi(made.body);
    expect(made.body.meta.added).toEqual({ rows: 2, bonuses: 10 });
    expect(made.body.data.map((r: TScaleRow) => r.attributes.role_name)).toEqual([master.title, ab.title]);
    // Again: nothing is added twice.
    expect((await createScale(owner.id)).body.meta.added).toEqual({ rows: 0, bonuses: 0 });

    const [row] = await scaleOf(owner.id);
    if (!row) throw new Error("no row");
    const patch = (attributes: Record<string, unknown>) =>
      api()
        .patch(`/api/wage_scales/${row.id}`)
        .set(admin)
        .send({ data: { type: "wage_scales", id: row.id, attributes } });
    expect((await patch({ basic_wage: 6000 })).status).toBe(200);
    const saved = await patch({ guaranteed_overtime: "3000" });
    expect(saved.body.data.attributes).toMatchObject({
      basic_wage: 6000,
      guaranteed_overtime: 3000,
      total: 9000,
      currency: "USD",
    });

    const negative = await patch({ leave_pay: -1 });
    expect(negative.status).toBe(422);
    expect(negative.body.errors[0].source.pointer).toBe("/data/attributes/leave_pay");
    const text = await patch({ basic_wage: "a lot" });
    expect(text.status).toBe(422);
    expect(text.body.errors[0].source.pointer).toBe("/data/attributes/basic_wage");
    const typed = await patch({ total: 1 });
    expect(typed.status).toBe(400);
    expect(typed.body.errors[0].source.pointer).toBe("/data/attributes/total");
  });

  it("keeps an alternative scale per nationality, copied from the normal one, and drops it with the nationality", async () => {
    const { owner } = await ownerWithFleet();
    await createScale(owner.id);
    const [first] = await scaleOf(owner.id);
    await db().wageScale.update({ where: { id: Number(first?.id) }, data: { basicWage: 5000 } });
    const land = await country();

    const noNationality = await createScale(owner.id, { scale_type: "alternative" });
    expect(noNationality.status).toBe(422);
    expect(noNationality.body.errors[0].source.pointer).toBe("/data/attributes/nationality_id");
    const notAdded = await createScale(owner.id, { scale_type: "alternative", nationality_id: land.id });
    expect(notAdded.status).toBe(422);

    const add = () =>
      api()
        .post(`/api/owners/${owner.id}/wage_scales_nationalities`)
        .set(admin)
        .send({ data: { type: "wage_scale_nationalities", attributes: { nationality_id: land.id } } });
    const added = await add();
    expect(added.status).toBe(201);
    expect(added.body.data.attributes.nationality_name).toBe(land.name);
    expect((await add()).status).toBe(422);

    const listed = await api()
      .get(`/api/owners/${owner.id}/wage_scales_nationalities`)
      .query({ "page[size]": 999 })
      .set(admin);
    expect(listed.body.data.map((n: { id: string }) => n.id)).toEqual([added.body.data.id]);
    const alternative = await scaleOf(owner.id, {
      "filter[scale_type]": "alternative",
      "filter[nationality_id]": String(land.id),
    });
    expect(alternative).toHaveLength(2);
    expect(alternative[0]?.attributes).toMatchObject({ basic_wage: 5000, scale_type: "alternative" });

    const removed = await api().delete(`/api/wage_scale_nationalities/${added.body.data.id}`).set(admin);
    expect(removed.status).toBe(204);
    expect(await db().wageScale.count({ where: { ownerId: owner.id, scaleType: "alternative" } })).toBe(0);
  });

  it("answers the components for a rank and a seafarer's expected wage against them", async () => {
    const { owner, vessel, master } = await ownerWithFleet();
    await createScale(owner.id);
    const land = await country();
    await api()
      .post(`/api/owners/${owner.id}/wage_scales_nationalities`)
      .set(admin)
      .send({ data: { type: "wage_scale_nationalities", attributes: { nationality_id: land.id } } });
    await db().wageScale.updateMany({
      where: { ownerId: owner.id, rankId: master.id, scaleType: "normal" },
      data: { basicWage: 6000, guaranteedOvertime: 3000, leavePay: 1200, otherAllowances: 800 },
    });
    await db().wageScale.updateMany({
      where: { ownerId: owner.id, rankId: master.id, scaleType: "alternative" },
      data: { basicWage: 5000 },
    });
    const seafarer = await db().user.create({
      data: {
        crewingApplicantId: unique("A"),
        surname: "Reyes",
        name: "Jose",
        wage: 12_000,
        countryBirthId: land.id,
      },
    });
    const normal = await api()
      .get("/api/wage_scales/for_rank")
      .query({ vessel_id: vessel.id, role_id: master.id })
      .set(admin);
    expect(normal.status).toBe(200);
    expect(normal.body.data).toMatchObject({
      scale_type: "normal",
      total: 11_000,
      expected_wage: null,
      difference: null,
    });
    const theirs = await api()
      .get("/api/wage_scales/for_rank")
      .query({ owner_id: owner.id, role_id: master.id, user_id: seafarer.id })
      .set(admin);
    expect(theirs.body.data).toMatchObject({
      scale_type: "alternative",
      nationality_id: land.id,
      total: 5000,
      expected_wage: 12_000,
      difference: 7000,
    });
    expect(theirs.body.data.bonuses.map((b: { column: string }) => b.column)).toEqual([
      "sb_2",
      "sb_3",
      "sb_4",
      "spb",
      "pb",
    ]);
    const neither = await api().get("/api/wage_scales/for_rank").query({ role_id: master.id }).set(admin);
    expect(neither.status).toBe(422);

    // The function the contract print-out fills its placeholders from.
    const components = await wageComponentsFor(db(), {
      ownerId: owner.id,
      rankId: master.id,
      nationalityId: null,
    });
    expect(components).toMatchObject({
      currency: "USD",
      basicWage: 6000,
      total: 11_000,
      scaleType: "normal",
    });
  });

  it("exports the owner's scales and bonuses as an .xlsx", async () => {
    const { owner, master } = await ownerWithFleet();
    await createScale(owner.id);
    await db().wageScale.updateMany({
      where: { ownerId: owner.id, rankId: master.id },
      data: { basicWage: 7000 },
    });
    const file = await download(
      api().get("/api/wage_scales/export").query({ owner_id: owner.id }).set(admin),
    );
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Wage scales");
    const texts: string[] = [];
    sheet?.eachRow((row) => texts.push(row.getCell(1).text));
    expect(texts.join("\n")).toContain(master.title);
    expect(book.getWorksheet("Bonuses")?.rowCount).toBe(6);
  });
});

describe("bonuses", () => {
  it("lists a cell per rank and column, edits one at a time, and refuses a bonus that does not fit", async () => {
    const { owner, master } = await ownerWithFleet();
    await createScale(owner.id);
    const list = await api()
      .get("/api/wage_bonuses")
      .query({ "filter[owner_id]": owner.id, "page[size]": 999 })
      .set(admin);
    expect(list.status).toBe(200);
    expectJsonApi(list.body);
    const cells = list.body.data as TBonus[];
    expect(cells).toHaveLength(10);
    expect(cells.slice(0, 5).every((c) => c.attributes.role_name === master.title)).toBe(true);
    const sb2 = cells.find((c) => c.attributes.column === "sb_2" && c.attributes.role_name === master.title);
    expect(sb2?.attributes.type_name).toBe("Seniority bonus");
    const saved = await api()
      .patch(`/api/wage_bonuses/${sb2?.id}`)
      .set(admin)
      .send({ data: { type: "wage_bonuses", id: sb2?.id, attributes: { total: 150 } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes.total).toBe(150);

    const post = (attributes: Record<string, unknown>) =>
      api()
        .post("/api/wage_bonuses")
        .set(admin)
        .send({
          data: {
            type: "wage_bonuses",
            attributes: { owner_id: owner.id, role_id: master.id, ...attributes },
          },
        });
    const fifth = await post({ bonus_type: "sb", consequent_contracts: 5, total: 300 });
    expect(fifth.status).toBe(201);
    expect(fifth.body.data.attributes.column).toBe("sb_5");
    const again = await post({ bonus_type: "sb", consequent_contracts: 5 });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].source.pointer).toBe("/data/attributes/consequent_contracts");
    const special = await post({ bonus_type: "spb", consequent_contracts: 3 });
    expect(special.status).toBe(422);
    const unknown = await post({ bonus_type: "xx" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].source.pointer).toBe("/data/attributes/bonus_type");
  });
});

describe("owner's terms and fees per rank level", () => {
  it("saves terms, contract terms and fees per level, each with its own action", async () => {
    const owner = await createOwner();
    const levels = await db().roleLevel.findMany({ orderBy: { id: "asc" } });
    expect(levels.map((l) => l.title)).toEqual(["Management", "Operational", "Support"]);
    const terms = await api()
      .post(`/api/owners/${owner.id}/update_terms`)
      .set(admin)
      .send({ terms: "Paid monthly" });
    expect(terms.status).toBe(200);
    expect(terms.body.data.attributes.terms).toBe("Paid monthly");
    const contract = await api()
      .patch(`/api/owners/${owner.id}/update_contract_terms`)
      .set(admin)
      .send({ contract_terms: "6 months +/- 1" });
    expect(contract.body.data.attributes.contract_terms).toBe("6 months +/- 1");
    const fees = await api()
      .post(`/api/owners/${owner.id}/update_level_terms`)
      .set(admin)
      .send({ levels: levels.map((l, i) => ({ level_id: l.id, fee: 100 * (3 - i) })) });
    expect(fees.status).toBe(200);
    expect(fees.body.data.map((f: { attributes: { fee: number } }) => f.attributes.fee).sort()).toEqual([
      100, 200, 300,
    ]);
    const cleared = await api()
      .post(`/api/owners/${owner.id}/update_level_terms`)
      .set(admin)
      .send({ levels: [{ level_id: levels[0]?.id, fee: null }] });
    expect(cleared.body.data).toHaveLength(2);
    const bad = await api()
      .post(`/api/owners/${owner.id}/update_level_terms`)
      .set(admin)
      .send({ levels: [{ level_id: 999_999, fee: 5 }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/levels/0/level_id");
    const negative = await api()
      .post(`/api/owners/${owner.id}/update_level_terms`)
      .set(admin)
      .send({ levels: [{ level_id: levels[1]?.id, fee: -5 }] });
    expect(negative.status).toBe(422);
    expect(
      (await api().post(`/api/owners/${owner.id}/update_terms`).set(manager).send({ terms: "x" })).status,
    ).toBe(403);
  });
});

describe("who sees wages", () => {
  it("keeps a partner to its own owners' scales, read-only; partner_view sees none; a manager reads", async () => {
    const mine = await ownerWithFleet();
    const theirs = await ownerWithFleet();
    await createScale(mine.owner.id);
    await createScale(theirs.owner.id);
    const partner = await createClient({ role: "partner" });
    await linkOwner(partner.id, mine.owner.id);
    const headers = (await signInWith(partner.email)).headers;

    const own = await scaleOf(mine.owner.id, {}, headers);
    expect(own).toHaveLength(2);
    expect(await scaleOf(theirs.owner.id, {}, headers)).toEqual([]);
    const theirRow = await db().wageScale.findFirstOrThrow({ where: { ownerId: theirs.owner.id } });
    expect((await api().get(`/api/wage_scales/${theirRow.id}`).set(headers)).status).toBe(404);
    const bonuses = await api().get("/api/wage_bonuses").query({ "page[size]": 999 }).set(headers);
    expect(new Set(bonuses.body.data.map((b: TBonus) => b.attributes.role_name))).toEqual(
      new Set([mine.master.title, mine.ab.title]),
    );
    const lookup = await api()
      .get("/api/wage_scales/for_rank")
      .query({ owner_id: theirs.owner.id, role_id: theirs.master.id })
      .set(headers);
    expect(lookup.status).toBe(404);
    const exported = await api()
      .get("/api/wage_scales/export")
      .query({ owner_id: theirs.owner.id })
      .set(headers);
    expect(exported.status).toBe(404);
    const write = await api()
      .patch(`/api/wage_scales/${own[0]?.id}`)
      .set(headers)
      .send({ data: { type: "wage_scales", id: own[0]?.id, attributes: { basic_wage: 1 } } });
    expect(write.status).toBe(403);

    const viewer = (await signInAs("partner_view")).headers;
    expect((await api().get("/api/wage_scales").set(viewer)).status).toBe(403);
    expect((await scaleOf(mine.owner.id, {}, manager)).length).toBe(2);
    const managerWrite = await api()
      .patch(`/api/wage_scales/${own[0]?.id}`)
      .set(manager)
      .send({ data: { type: "wage_scales", id: own[0]?.id, attributes: { basic_wage: 1 } } });
    expect(managerWrite.status).toBe(403);
  });
});
