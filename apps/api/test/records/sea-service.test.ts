import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { createVessel, unique, freeImo } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { uniqueSurname } from "../applicants/support.js";
import {
  addService,
  api,
  applicantRow,
  createApplicant,
  db,
  fixtures,
  patch,
  post,
  rel,
  type TDoc,
} from "./support.js";

let admin: TAuthHeaders;
let rankId: number;
let otherRankId: number;
let vesselId: number;

beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  const f = await fixtures();
  rankId = f.rank.id;
  otherRankId = f.otherRank.id;
  vesselId = f.vessel.id;
});

const list = async (userId: string, query: Record<string, string> = {}) => {
  const res = await api().get(`/api/users/${userId}/expiriences`).query(query).set(admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectJsonApi(res.body);
  return res.body as {
    data: TDoc[];
    included?: TDoc[];
    meta: { count: number };
    links: Record<string, string | null>;
  };
};

describe("sea service of an applicant (users/{id}/expiriences)", () => {
  it("creates, lists newest first 12 to a page, shows, updates and deletes", async () => {
    const user = await createApplicant(admin);
    const years = Array.from({ length: 13 }, (_, i) => 2000 + i);
    for (const year of years) {
      await addService(admin, user.id, rankId, {
        vessel_name: `MV Year ${year}`,
        date_on: `${year}-02-01`,
        date_off: `${year}-08-15`,
      });
    }
    const first = await list(user.id, { "page[size]": "12", "page[number]": "1", include: "attachments" });
    expect(first.meta.count).toBe(13);
    expect(first.data).toHaveLength(12);
    expect(first.data[0]?.attributes).toMatchObject({
      vessel_name: "MV Year 2012",
      date_on: "2012-02-01T00:00:00.000Z",
      duration: "6 m 15 d",
    });
    expect(first.data[0]?.relationships?.attachments).toEqual({ data: [] });
    expect(first.links.last).toContain("page%5Bnumber%5D=2");
    const all = await list(user.id, { "page[size]": "999" });
    expect(all.data.map((d) => d.attributes.vessel_name)).toEqual(years.reverse().map((y) => `MV Year ${y}`));

    const id = first.data[0]?.id ?? "";
    const shown = await api().get(`/api/expiriences/${id}`).query({ include: "role,user" }).set(admin);
    expect(shown.status).toBe(200);
    expectJsonApi(shown.body);
    expect(shown.body.included.map((r: TDoc) => r.type).sort()).toEqual(["ranks", "users"]);

    const agent = await db().crewingAgent.create({ data: { name: unique("Agent") } });
    const updated = await patch(
      admin,
      `/api/expiriences/${id}`,
      "expiriences",
      id,
      { vessel_manager: "Acme Ship Management" },
      { company_agent: rel("crewing_agents", agent.id) },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.relationships.company_agent.data).toEqual({
      type: "crewing_agents",
      id: String(agent.id),
    });
    // Spec 001 §4: a missing crewing agent is sent as null on update, and clears it.
    const cleared = await patch(
      admin,
      `/api/expiriences/${id}`,
      "expiriences",
      id,
      {},
      { company_agent: { data: null } },
    );
    expect(cleared.body.data.relationships.company_agent.data).toBeNull();
    expect(cleared.body.data.attributes.vessel_manager).toBe("Acme Ship Management");

    expect((await api().delete(`/api/expiriences/${id}`).set(admin)).status).toBe(204);
    expect((await api().get(`/api/expiriences/${id}`).set(admin)).status).toBe(404);
    expect((await list(user.id)).meta.count).toBe(12);
  });

  it("refuses what a recruiter must correct, with a pointer to the field", async () => {
    const user = await createApplicant(admin);
    const path = `/api/users/${user.id}/expiriences`;
    const send = (
      attributes: Record<string, unknown>,
      relationships: Record<string, unknown> = { role: rel("ranks", rankId) },
    ) => post(admin, path, "expiriences", attributes, relationships);
    const pointer = (res: {
      status: number;
      body: { errors: { source?: { pointer?: string }; title: string }[] };
    }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      return res.body.errors.map((e) => e.source?.pointer);
    };
    expect(
      pointer(await send({ vessel_name: "MV A", date_on: "2021-05-01", date_off: "2021-04-01" })),
    ).toEqual(["/data/attributes/date_off"]);
    expect(pointer(await send({ vessel_name: "MV A", date_on: "2021-05-01" }, {}))).toEqual([
      "/data/relationships/role",
    ]);
    expect(pointer(await send({ date_on: "2021-05-01" }))).toEqual(["/data/attributes/vessel_name"]);
    expect(
      pointer(await send({ vessel_name: "MV A", vessel_imo: "1234568", date_on: "2021-05-01" })),
    ).toEqual(["/data/attributes/vessel_imo"]);
    expect(pointer(await send({ vessel_name: "MV A", date_on: "1901-05-01" }))).toEqual([
      "/data/attributes/date_on",
    ]);
    expect(
      pointer(
        await send({ vessel_name: "MV A", date_on: "2021-05-01" }, { role: rel("ranks", 999_999_999) }),
      ),
    ).toEqual(["/data/relationships/role"]);
    expect((await send({ vessel_name: "MV A", date_on: "2021-05-01", colour: "red" })).status).toBe(400);
    expect(
      (
        await post(
          admin,
          "/api/users/999999999/expiriences",
          "expiriences",
          { vessel_name: "MV A", date_on: "2021-05-01" },
          { role: rel("ranks", rankId) },
        )
      ).status,
    ).toBe(404);

    // Overlapping service of one applicant: refused unless the recruiter knows.
    const a = await addService(admin, user.id, rankId, {
      vessel_name: "MV First",
      date_on: "2021-01-10",
      date_off: "2021-06-10",
    });
    const overlap = await send({ vessel_name: "MV Second", date_on: "2021-05-01", date_off: "2021-09-01" });
    expect(pointer(overlap)).toEqual(["/data/attributes/date_on"]);
    expect(overlap.body.errors[0]?.title).toContain("MV First (10.01.2021 – 10.06.2021)");
    // Signing off and on the same day is no overlap.
    await addService(admin, user.id, rankId, {
      vessel_name: "MV Next",
      date_on: "2021-06-10",
      date_off: "2021-07-01",
    });
    const known = await send({
      vessel_name: "MV Second",
      date_on: "2021-05-01",
      date_off: "2021-09-01",
      knowing_overlap: true,
    });
    expect(known.status).toBe(201);
    expect(known.body.data.attributes).not.toHaveProperty("knowing_overlap");
    const moved = await patch(admin, `/api/expiriences/${a.id}`, "expiriences", a.id, {
      date_off: "2021-12-31",
    });
    expect(pointer(moved)).toEqual(["/data/attributes/date_on"]);
    // An update that leaves the dates alone is not checked again.
    expect(
      (await patch(admin, `/api/expiriences/${a.id}`, "expiriences", a.id, { vessel_manager: "X" })).status,
    ).toBe(200);
  });

  it("copies a fleet vessel's particulars and links a vessel named by a fleet IMO", async () => {
    const type = await db().vesselType.create({ data: { title: unique("Bulk carrier") } });
    const engineType = await db().engineType.create({ data: { title: unique("2-stroke") } });
    const maker = await db().engineManufacturer.create({ data: { title: unique("MAN B&W") } });
    const engine = await db().mainEngine.create({
      data: { title: unique("6S50MC"), engineTypeId: engineType.id, engineManufacturerId: maker.id },
    });
    const manager = await db().manager.create({ data: { title: unique("Fleet Management") } });
    const vessel = await db().vessel.create({
      data: {
        name: unique("MV Copied"),
        imo: await freeImo(),
        deadweight: 57_000,
        vesselTypeId: type.id,
        mainEngineId: engine.id,
      },
    });
    await db().managerVessel.create({ data: { vesselId: vessel.id, managerId: manager.id } });
    const user = await createApplicant(admin);
    const s = await addService(
      admin,
      user.id,
      rankId,
      { vessel_name: "typed by hand", date_on: "2019-01-01", date_off: "2019-05-01" },
      { vessel: rel("vessels", vessel.id) },
    );
    expect(s.attributes).toMatchObject({
      vessel_name: vessel.name,
      vessel_imo: vessel.imo,
      vessel_deadweight: 57_000,
      vessel_manager: manager.title,
    });
    expect(s.relationships?.vessel_type?.data).toEqual({ type: "vessel_types", id: String(type.id) });
    expect(s.relationships?.engine_type?.data).toEqual({ type: "engine_types", id: String(engineType.id) });
    expect(s.relationships?.engine_manufacturer?.data).toEqual({
      type: "engine_manufacturers",
      id: String(maker.id),
    });
    const byImo = await addService(admin, user.id, rankId, {
      vessel_name: "whatever",
      vessel_imo: `IMO ${vessel.imo}`,
      date_on: "2020-01-01",
      date_off: "2020-05-01",
    });
    expect(byImo.relationships?.vessel?.data).toEqual({ type: "vessels", id: String(vessel.id) });
    expect(byImo.attributes.vessel_name).toBe(vessel.name);
    // A vessel we do not manage keeps what was typed.
    const foreign = await addService(admin, user.id, rankId, {
      vessel_name: "MV Stranger",
      vessel_imo: await freeImo(),
      vessel_deadweight: 12_000,
      date_on: "2021-01-01",
    });
    expect(foreign.relationships?.vessel?.data).toBeNull();
    expect(foreign.attributes).toMatchObject({
      vessel_name: "MV Stranger",
      vessel_deadweight: 12_000,
      date_off: null,
    });
  });

  it("moves the applicant's list columns and sea-service filters at once", async () => {
    const surname = uniqueSurname();
    const user = await createApplicant(admin, { surname });
    const type = await db().vesselType.create({ data: { title: unique("Tanker") } });
    const engineType = await db().engineType.create({ data: { title: unique("Diesel") } });
    const maker = await db().engineManufacturer.create({ data: { title: unique("Wartsila") } });
    const manager = `${unique("Nordic")} Ship Management`;
    const users = async (filter: Record<string, string>) => {
      const res = await api()
        .get("/api/users")
        .query({
          search: surname,
          ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [`filter[${k}]`, v])),
        })
        .set(admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as TDoc[]).map((d) => d.id);
    };
    expect(await users({ deadweight: "40000,60000" })).toEqual([]);
    const older = await addService(admin, user.id, otherRankId, {
      vessel_name: "MV Older",
      date_on: "2018-01-01",
      date_off: "2018-06-01",
    });
    const s = await addService(
      admin,
      user.id,
      rankId,
      {
        vessel_name: "MV Newest",
        vessel_deadweight: 50_000,
        vessel_manager: manager,
        date_on: "2022-03-01",
        date_off: "2022-09-30",
      },
      {
        vessel_type: rel("vessel_types", type.id),
        engine_type: rel("engine_types", engineType.id),
        engine_manufacturer: rel("engine_manufacturers", maker.id),
      },
    );
    const row = await applicantRow(admin, user.id);
    expect(row).toMatchObject({
      vessel_last_name: "MV Newest",
      last_contract_soff: "2022-09-30T00:00:00.000Z",
      vessel_last_manager_name: manager,
    });
    const withLast = await api()
      .get(`/api/users/${user.id}`)
      .query({ include: "last_expirience" })
      .set(admin);
    expect(withLast.body.data.relationships.last_expirience.data).toEqual({ type: "expiriences", id: s.id });
    expect(withLast.body.included[0].attributes.vessel_name).toBe("MV Newest");
    expect(await users({ deadweight: "40000,60000" })).toEqual([user.id]);
    expect(await users({ equasis_vessel_type_id: String(type.id) })).toEqual([user.id]);
    expect(await users({ engine_type: String(engineType.id) })).toEqual([user.id]);
    expect(await users({ engine_manufacturer: String(maker.id) })).toEqual([user.id]);
    expect(await users({ company_manager_name: manager.split(" ")[0]?.toLowerCase() ?? "" })).toEqual([
      user.id,
    ]);
    // Search finds the seafarer by a vessel they served on.
    const byVessel = await api()
      .get("/api/users")
      .query({ search: `${surname} Older` })
      .set(admin);
    expect(byVessel.body.data.map((d: TDoc) => d.id)).toEqual([user.id]);

    await patch(admin, `/api/expiriences/${s.id}`, "expiriences", s.id, { vessel_deadweight: 8_000 });
    expect(await users({ deadweight: "40000,60000" })).toEqual([]);
    await api().delete(`/api/expiriences/${s.id}`).set(admin).expect(204);
    expect(await applicantRow(admin, user.id)).toMatchObject({
      vessel_last_name: "MV Older",
      last_contract_soff: "2018-06-01T00:00:00.000Z",
    });
    await api().delete(`/api/expiriences/${older.id}`).set(admin).expect(204);
    expect(await applicantRow(admin, user.id)).toMatchObject({
      vessel_last_name: null,
      last_contract_soff: null,
      vessel_last_rank_title: null,
    });
  });

  it("lists who served on a fleet vessel (vessels/{id}/experiences) with search, filter and sort", async () => {
    const vessel = await createVessel({ name: unique("MV Crewed") });
    const a = await createApplicant(admin, { surname: uniqueSurname() });
    const b = await createApplicant(admin, { surname: uniqueSurname() });
    await addService(
      admin,
      a.id,
      rankId,
      { date_on: "2020-01-01", date_off: "2020-06-01" },
      { vessel: rel("vessels", vessel.id) },
    );
    await addService(
      admin,
      b.id,
      otherRankId,
      { date_on: "2021-01-01", date_off: "2021-06-01" },
      { vessel: rel("vessels", vessel.id) },
    );
    const all = await api()
      .get(`/api/vessels/${vessel.id}/experiences`)
      .query({ include: "user,role", sort: "date_on" })
      .set(admin);
    expect(all.status).toBe(200);
    expectJsonApi(all.body);
    expect(all.body.data.map((d: TDoc) => (d.relationships?.user?.data as { id: string }).id)).toEqual([
      a.id,
      b.id,
    ]);
    const onDay = await api()
      .get(`/api/vessels/${vessel.id}/experiences`)
      .query({ "filter[served_on]": "2021-03-01" })
      .set(admin);
    expect(onDay.body.meta.count).toBe(1);
    const byName = await api()
      .get(`/api/vessels/${vessel.id}/experiences`)
      .query({ search: String(a.attributes.surname) })
      .set(admin);
    expect(byName.body.meta.count).toBe(1);
    const byRank = await api()
      .get(`/api/vessels/${vessel.id}/experiences`)
      .query({ "filter[role_id]": String(otherRankId) })
      .set(admin);
    expect(byRank.body.meta.count).toBe(1);
    expect((await api().get("/api/vessels/999999999/experiences").set(admin)).status).toBe(404);
  });

  it("keeps the trail on the applicant's History", async () => {
    const user = await createApplicant(admin);
    const s = await addService(admin, user.id, rankId, {
      vessel_name: "MV History",
      date_on: "2017-01-01",
      date_off: "2017-02-01",
    });
    await patch(admin, `/api/expiriences/${s.id}`, "expiriences", s.id, { vessel_name: "MV History II" });
    const versions = await api().get(`/api/users/${user.id}/versions`).set(admin);
    expect(versions.status).toBe(200);
    const mine = (versions.body.data as TDoc[])
      .filter((v) => v.attributes.item_type === "expiriences")
      .map((v) => v.attributes.event);
    expect(mine).toEqual(["update", "create"]);
  });
});

describe("verifications and coincidences", () => {
  it("verifies a record: create (nested and plain), list newest first with the author, update, delete", async () => {
    const user = await createApplicant(admin);
    const s = await addService(admin, user.id, rankId, {
      vessel_name: "MV Checked",
      date_on: "2016-01-01",
      date_off: "2016-07-01",
    });
    const first = await post(admin, `/api/expiriences/${s.id}/verifications`, "experience_verifications", {
      result: "pending",
      contact_company: "Acme Manning",
      contact_person: "Capt. Smith",
      contact_details: "+30 210 000 0000",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await post(
      admin,
      "/api/experience_verifications",
      "experience_verifications",
      { result: "confirmed", verified_on: "2024-02-02" },
      { expirience: rel("expiriences", s.id) },
    );
    expect(second.status).toBe(201);
    const listed = await api()
      .get(`/api/expiriences/${s.id}/verifications`)
      .query({ include: "author", sort: "-created_at", "page[size]": "999" })
      .set(admin);
    expect(listed.status).toBe(200);
    expectJsonApi(listed.body);
    expect(listed.body.data.map((v: TDoc) => v.attributes.result)).toEqual(["confirmed", "pending"]);
    expect(listed.body.included.map((r: TDoc) => r.type)).toEqual(["clients"]);
    const services = await list(user.id);
    expect(services.data[0]?.attributes.verification_result).toBe("confirmed");

    const bad = await patch(
      admin,
      `/api/experience_verifications/${first.body.data.id}`,
      "experience_verifications",
      first.body.data.id,
      { result: "maybe" },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/result");
    const ok = await patch(
      admin,
      `/api/experience_verifications/${first.body.data.id}`,
      "experience_verifications",
      first.body.data.id,
      { result: "not_confirmed", comment: "No such person on board" },
    );
    expect(ok.status).toBe(200);
    expect(
      (await api().delete(`/api/experience_verifications/${second.body.data.id}`).set(admin)).status,
    ).toBe(204);
    expect((await list(user.id)).data[0]?.attributes.verification_result).toBe("not_confirmed");
    const history = await api().get(`/api/users/${user.id}/versions`).set(admin);
    expect(
      (history.body.data as TDoc[]).some((v) => v.attributes.item_type === "experience_verifications"),
    ).toBe(true);
  });

  it("finds other applicants in the same rank on the same ship at the same time", async () => {
    const imo = await freeImo();
    const ship = unique("MV Forged");
    const mk = async () => createApplicant(admin);
    const [a, b, c, d, e] = [await mk(), await mk(), await mk(), await mk(), await mk()];
    const probe = await addService(admin, a.id, rankId, {
      vessel_name: ship,
      vessel_imo: imo,
      date_on: "2020-01-01",
      date_off: "2020-06-30",
    });
    await addService(admin, a.id, rankId, {
      vessel_name: ship,
      vessel_imo: imo,
      date_on: "2020-07-01",
      date_off: "2020-09-30",
    });
    const sameImo = await addService(admin, b.id, rankId, {
      vessel_name: "renamed since",
      vessel_imo: imo,
      date_on: "2020-03-01",
      date_off: "2020-09-01",
    });
    const sameNameNoImo = await addService(admin, c.id, rankId, {
      vessel_name: ` ${ship.toUpperCase()} `,
      date_on: "2019-12-01",
      date_off: "2020-02-01",
    });
    await addService(admin, d.id, otherRankId, {
      vessel_name: ship,
      vessel_imo: imo,
      date_on: "2020-02-01",
      date_off: "2020-05-01",
    });
    await addService(admin, e.id, rankId, {
      vessel_name: ship,
      vessel_imo: imo,
      date_on: "2020-06-30",
      date_off: "2020-12-01",
    });
    const res = await api().get(`/api/experience_verifications/check_coincidences/${probe.id}`).set(admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectJsonApi(res.body);
    expect((res.body.data as TDoc[]).map((x) => x.id).sort()).toEqual([sameImo.id, sameNameNoImo.id].sort());
    expect(
      (res.body.included as TDoc[])
        .filter((x) => x.type === "users")
        .map((x) => x.id)
        .sort(),
    ).toEqual([b.id, c.id].sort());
    expect(
      (await api().get("/api/experience_verifications/check_coincidences/999999999").set(admin)).status,
    ).toBe(404);
    expect(
      (
        await api()
          .get(`/api/experience_verifications/check_coincidences/${probe.id}`)
          .query({ bogus: "1" })
          .set(admin)
      ).status,
    ).toBe(400);
  });
});

describe("performance records", () => {
  it("a promotion moves promotions_count and promotions_roles, a warning has_warnings", async () => {
    const user = await createApplicant(admin);
    const s = await addService(admin, user.id, otherRankId, {
      vessel_name: "MV Career",
      date_on: "2015-01-01",
      date_off: "2015-09-01",
    });
    const path = `/api/expiriences/${s.id}/performances`;
    const noRank = await post(admin, path, "user_performances", {
      doc_type: "promotion",
      date: "2015-06-01",
    });
    expect(noRank.status).toBe(422);
    expect(noRank.body.errors[0].source.pointer).toBe("/data/relationships/role");
    const promotion = await post(
      admin,
      path,
      "user_performances",
      { doc_type: "promotion", date: "2015-06-01" },
      { role: rel("ranks", rankId) },
    );
    expect(promotion.status, JSON.stringify(promotion.body)).toBe(201);
    const rank = await db().rank.findUniqueOrThrow({ where: { id: rankId } });
    expect(await applicantRow(admin, user.id)).toMatchObject({
      promotions_count: 1,
      promotions_roles: [rank.title],
      has_warnings: false,
    });
    const warning = await post(admin, path, "user_performances", {
      doc_type: "warning",
      comment: "Late for watch",
    });
    expect(warning.status).toBe(201);
    expect((await applicantRow(admin, user.id)).has_warnings).toBe(true);
    const listed = await api()
      .get(path)
      .query({ include: "author", sort: "-created_at", "page[size]": "999" })
      .set(admin);
    expect(listed.body.data.map((p: TDoc) => p.attributes.doc_type)).toEqual(["warning", "promotion"]);
    await api().delete(`/api/user_performances/${warning.body.data.id}`).set(admin).expect(204);
    await api().delete(`/api/user_performances/${promotion.body.data.id}`).set(admin).expect(204);
    expect(await applicantRow(admin, user.id)).toMatchObject({
      promotions_count: 0,
      promotions_roles: [],
      has_warnings: false,
    });
  });

  it("keeps appraisals to those allowed experienceAppraisal", async () => {
    const manager = (await signInAs("manager")).headers;
    const user = await createApplicant(admin);
    const s = await addService(admin, user.id, rankId, {
      vessel_name: "MV Appraised",
      date_on: "2014-01-01",
      date_off: "2014-05-01",
    });
    const path = `/api/expiriences/${s.id}/performances`;
    expect(
      (await post(manager, path, "user_performances", { doc_type: "appraisal", rating: 4 })).status,
    ).toBe(403);
    const appraisal = await post(admin, path, "user_performances", { doc_type: "appraisal", rating: 5 });
    expect(appraisal.status).toBe(201);
    expect((await post(admin, path, "user_performances", { doc_type: "appraisal", rating: 6 })).status).toBe(
      422,
    );
    expect((await post(manager, path, "user_performances", { doc_type: "commendation" })).status).toBe(201);
    const seen = await api().get(path).set(manager);
    expect(seen.body.data.map((p: TDoc) => p.attributes.doc_type)).toEqual(["commendation"]);
    expect((await api().delete(`/api/user_performances/${appraisal.body.data.id}`).set(manager)).status).toBe(
      404,
    );
    const guest = (await signInAs("guest")).headers;
    expect((await api().get(path).set(guest)).status).toBe(403);
  });
});

describe("who may read sea service", () => {
  it("partners read none of an applicant's records; freelancers read and write them", async () => {
    const user = await createApplicant(admin);
    const s = await addService(admin, user.id, rankId, {
      vessel_name: "MV Private",
      date_on: "2013-01-01",
      date_off: "2013-05-01",
    });
    const partner = (await signInAs("partner")).headers;
    expect((await api().get(`/api/expiriences/${s.id}`).set(partner)).status).toBe(404);
    expect((await api().get(`/api/users/${user.id}/expiriences`).set(partner)).status).toBe(403);
    expect(
      (await patch(partner, `/api/expiriences/${s.id}`, "expiriences", s.id, { vessel_name: "x" })).status,
    ).toBe(404);
    const freelance = (await signInAs("freelance")).headers;
    expect((await api().get(`/api/users/${user.id}/expiriences`).set(freelance)).status).toBe(200);
    // The fleet is closed to freelancers, yet they may name a fleet vessel in sea service.
    const named = await post(
      freelance,
      `/api/users/${user.id}/expiriences`,
      "expiriences",
      { date_on: "2012-01-01", date_off: "2012-03-01" },
      {
        role: rel("ranks", rankId),
        vessel: rel("vessels", vesselId),
      },
    );
    expect(named.status, JSON.stringify(named.body)).toBe(201);
  });
});
