import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createClient, createOwner, createRank, createScaleRow, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { createManager, linkOwner, ownedVessel } from "./fleet-support.js";

/** Owners, managers and crewing agents (spec 002 §3, §7). */
let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});
const api = () => request(testApp());
const db = () => testDeps().db;
const ids = (body: { data: { id: string }[] }): number[] =>
  body.data.map((d) => Number(d.id)).sort((a, b) => a - b);

describe("owners", () => {
  it("CRUD with title and short_title; the list filters by title and counts vessels", async () => {
    const title = unique("Owner Lines");
    const created = await api()
      .post("/api/owners")
      .set(admin)
      .send({ data: { type: "owners", attributes: { title, short_title: "OL" } } });
    expect(created.status).toBe(201);
    const id = Number(created.body.data.id);
    await ownedVessel({ ownerId: id });
    const list = await api().get("/api/owners").query({ "filter[title]": title }).set(admin);
    expectJsonApi(list.body);
    expect(ids(list.body)).toEqual([id]);
    expect(list.body.data[0].attributes).toMatchObject({ title, short_title: "OL", vessel_count: 1 });
    expect(
      (
        await api()
          .patch(`/api/owners/${id}`)
          .set(admin)
          .send({ data: { type: "owners", id: String(id), attributes: { short_title: "OWL" } } })
      ).body.data.attributes.short_title,
    ).toBe("OWL");
    const dup = await api()
      .post("/api/owners")
      .set(admin)
      .send({ data: { type: "owners", attributes: { title } } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0].source.pointer).toBe("/data/attributes/title");
    expect((await api().delete(`/api/owners/${id}`).set(admin)).status).toBe(204);
  });

  it("GET owners/{id}/vessels (name and imo, page size 999), recruiters_list and roles", async () => {
    const owner = await createOwner();
    const [v1, v2] = [await ownedVessel({ ownerId: owner.id }), await ownedVessel({ ownerId: owner.id })];
    await ownedVessel();
    const vessels = await api()
      .get(`/api/owners/${owner.id}/vessels`)
      .query({ "fields[vessels]": "name,imo", "page[size]": 999 })
      .set(admin);
    expect(vessels.status).toBe(200);
    expectJsonApi(vessels.body);
    expect(ids(vessels.body)).toEqual([v1.id, v2.id].sort((a, b) => a - b));
    expect(Object.keys(vessels.body.data[0].attributes).sort()).toEqual(["imo", "name"]);

    const [r1, r2] = [await createClient({ role: "manager" }), await createClient({ role: "guest" })];
    await linkOwner(r1.id, owner.id);
    await linkOwner(r2.id, owner.id);
    const recruiters = await api()
      .get(`/api/owners/${owner.id}/recruiters_list`)
      .query({ "page[size]": 999 })
      .set(admin);
    expect(recruiters.status).toBe(200);
    expect(ids(recruiters.body)).toEqual([r1.id, r2.id].sort((a, b) => a - b));

    const [master, ab, unused] = [
      await createRank(unique("Master")),
      await createRank(unique("AB")),
      await createRank(unique("Unused")),
    ];
    await createScaleRow({ vesselId: v1.id, rankId: master.id });
    await createScaleRow({ vesselId: v2.id, rankId: ab.id });
    const archived = await createScaleRow({ vesselId: v2.id, rankId: unused.id });
    await db().manningScale.update({ where: { id: archived.id }, data: { state: "archived" } });
    const roles = await api().get(`/api/owners/${owner.id}/roles`).query({ "page[size]": 999 }).set(admin);
    expect(roles.status).toBe(200);
    expectJsonApi(roles.body);
    expect(ids(roles.body)).toEqual([master.id, ab.id].sort((a, b) => a - b));
    expect(
      (await api().get(`/api/owners/${owner.id}/roles`).query({ "filter[nope]": "1" }).set(admin)).status,
    ).toBe(400);
    expect((await api().get("/api/owners/999999999/roles").set(admin)).status).toBe(404);
  });

  it("crew inspectors: add, an inspector already assigned is the spec's 400, remove", async () => {
    const owner = await createOwner();
    const inspector = await createClient({ role: "manager" });
    const rel = `/api/owners/${owner.id}/relationships/crew_inspectors`;
    const added = await api()
      .post(rel)
      .set(admin)
      .send({ data: [{ type: "clients", id: String(inspector.id) }] });
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual([{ type: "clients", id: String(inspector.id) }]);
    const again = await api()
      .post(rel)
      .set(admin)
      .send({ data: [{ type: "clients", id: String(inspector.id) }] });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].detail).toBe("User is already assigned as Crew Inspector for this owner");
    const shown = await api().get(`/api/owners/${owner.id}`).query({ include: "crew_inspectors" }).set(admin);
    expect(shown.body.included.map((c: { id: string }) => c.id)).toEqual([String(inspector.id)]);
    const removed = await api()
      .delete(rel)
      .set(admin)
      .send({ data: [{ type: "clients", id: String(inspector.id) }] });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual([]);
  });
});

describe("managers and crewing agents", () => {
  it("managers: CRUD, filter title, GET managers/{id}/vessels", async () => {
    const title = unique("Ship Management");
    const created = await api()
      .post("/api/managers")
      .set(admin)
      .send({ data: { type: "managers", attributes: { title } } });
    expect(created.status).toBe(201);
    const id = Number(created.body.data.id);
    const vessel = await ownedVessel({ managerId: id });
    await ownedVessel({ managerId: (await createManager()).id });
    expect(ids((await api().get("/api/managers").query({ "filter[title]": title }).set(admin)).body)).toEqual(
      [id],
    );
    const vessels = await api().get(`/api/managers/${id}/vessels`).query({ "page[size]": 999 }).set(admin);
    expectJsonApi(vessels.body);
    expect(ids(vessels.body)).toEqual([vessel.id]);
    expect((await api().get(`/api/managers/${id}`).set(admin)).body.data.attributes.vessel_count).toBe(1);
    expect((await api().delete(`/api/managers/${id}`).set(admin)).status).toBe(204);
  });

  it("crewing agents: name filter and the country filter", async () => {
    const tag = unique("Agency");
    const [ua, ph] = [
      await db()
        .country.findFirstOrThrow({ where: { code: "UA" } })
        .catch(() => db().country.create({ data: { code: "UA", name: "Ukraine" } })),
      await db()
        .country.findFirstOrThrow({ where: { code: "PH" } })
        .catch(() => db().country.create({ data: { code: "PH", name: "Philippines" } })),
    ];
    const make = async (name: string, countryId: number) =>
      (
        await api()
          .post("/api/crewing_agents")
          .set(admin)
          .send({
            data: {
              type: "crewing_agents",
              attributes: {
                name,
                contact_person: "Olena",
                email: "OPS@Agency.example",
                phone: "+380 48 700 11 22",
              },
              relationships: { country: { data: { type: "countries", id: String(countryId) } } },
            },
          })
      ).body;
    const a = await make(`${tag} Odesa`, ua.id);
    const b = await make(`${tag} Manila`, ph.id);
    expect(a.data.attributes.email).toBe("ops@agency.example");
    const byName = await api().get("/api/crewing_agents").query({ "filter[name]": tag }).set(admin);
    expect(byName.body.data).toHaveLength(2);
    const byCountry = await api()
      .get("/api/crewing_agents")
      .query({ "filter[name]": tag, "filter[country_id]": String(ph.id) })
      .set(admin);
    expect(byCountry.body.data.map((d: { id: string }) => d.id)).toEqual([b.data.id]);
    const shown = await api()
      .get(`/api/crewing_agents/${a.data.id}`)
      .query({ include: "country" })
      .set(admin);
    expectJsonApi(shown.body);
    const badPhone = await api()
      .post("/api/crewing_agents")
      .set(admin)
      .send({ data: { type: "crewing_agents", attributes: { name: `${tag} Bad`, phone: "call me" } } });
    expect(badPhone.status).toBe(422);
  });
});
