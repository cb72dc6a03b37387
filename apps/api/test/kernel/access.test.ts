import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { revoking, testApp, testDeps } from "../support/deps.js";
import { createClient, createOwner, createRank, createVessel, unique } from "../support/factories.js";
import { signInWith } from "../support/auth.js";

let admin: TAuthHeaders;
let superuser: TAuthHeaders;
let guest: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  superuser = (await signInAs("superuser")).headers;
  guest = (await signInAs("guest")).headers;
});
const api = () => request(testApp());

/** A vessel with one active and one archived manning-scale row: archived rows are only for vessels.archivedManningScales (superuser). */
const vesselWithArchivedRow = async () => {
  const vessel = await createVessel();
  const rank = await createRank();
  const db = testDeps().db;
  const active = await db.manningScale.create({
    data: { vesselId: vessel.id, rankId: rank.id, crewingPriority: 1, name: rank.title },
  });
  const archived = await db.manningScale.create({
    data: { vesselId: vessel.id, rankId: rank.id, crewingPriority: 2, name: rank.title, state: "archived" },
  });
  return { vessel, active, archived };
};

describe("permission and scope hold on every path", () => {
  it("list, show, nested list and include apply the scope", async () => {
    const { vessel, active, archived } = await vesselWithArchivedRow();
    const nested = await api().get(`/api/vessels/${vessel.id}/manning_scales`).set(admin);
    expect(nested.body.data.map((d: { id: string }) => Number(d.id))).toEqual([active.id]);
    expect((await api().get(`/api/manning_scales/${archived.id}`).set(admin)).status).toBe(404);
    expect(
      (await api().get("/api/manning_scales").query({ "filter[vessel_id]": vessel.id }).set(admin)).body.meta
        .count,
    ).toBe(1);
    const included = await api()
      .get(`/api/vessels/${vessel.id}`)
      .query({ include: "manning_scales" })
      .set(admin);
    expect(included.body.included.map((d: { id: string }) => Number(d.id))).toEqual([active.id]);
    const asSuperuser = await api().get(`/api/vessels/${vessel.id}/manning_scales`).set(superuser);
    expect(asSuperuser.body.data.map((d: { id: string }) => Number(d.id)).sort()).toEqual(
      [active.id, archived.id].sort(),
    );
  });

  it("History leaves out the changes of belonging records out of the reader's scope", async () => {
    const { vessel, active, archived } = await vesselWithArchivedRow();
    const itemsOf = async (headers: TAuthHeaders) => {
      const res = await api()
        .get(`/api/vessels/${vessel.id}/versions`)
        .query({ "page[size]": 100 })
        .set(headers);
      expect(res.status).toBe(200);
      return (res.body.data as { attributes: { item_type: string; item_id: number } }[])
        .filter((v) => v.attributes.item_type === "manning_scales")
        .map((v) => v.attributes.item_id);
    };
    const seenByAdmin = await itemsOf(admin);
    expect(seenByAdmin).toContain(active.id);
    expect(seenByAdmin).not.toContain(archived.id);
    expect(await itemsOf(superuser)).toEqual(expect.arrayContaining([active.id, archived.id]));
  });

  it("a relationship check cannot point at a record out of the writer's scope", async () => {
    const { active, archived } = await vesselWithArchivedRow();
    // The archived row exists, but admins do not see archived rows: planning onto it is a 422 "must exist".
    const plan = (rowId: number) => ({
      data: {
        type: "time_plans",
        attributes: { start: "2031-01-01", end: "2031-02-01", status: "vacancy" },
        relationships: { manning_scale: { data: { type: "manning_scales", id: String(rowId) } } },
      },
    });
    const refused = await api().post("/api/time_plans").set(admin).send(plan(archived.id));
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].source.pointer).toBe("/data/relationships/manning_scale");
    // The same write onto the active row of the same vessel goes through.
    expect((await api().post("/api/time_plans").set(admin).send(plan(active.id))).status).toBe(201);
    // Duplicating from a vessel that does not exist is a 404, like reading it.
    const res = await api()
      .post("/api/duplicate_manning_scales")
      .set(admin)
      .send({ from_vessel_id: 999999, to_vessel_id: archived.vesselId });
    expect(res.status).toBe(404);
  });

  it("include leaves out records of a type the reader may not read; select_options refuses it", async () => {
    // A per-client override lets this guest read ports and nothing else of the reference data.
    const client = await createClient({ role: "guest" });
    const db = testDeps().db;
    const role = await db.permissionRecord.findFirstOrThrow({
      where: { role: "guest", item: "ports", clientId: null },
    });
    await db.permissionRecord.create({
      data: {
        item: "ports",
        role: null,
        clientId: client.id,
        permissionType: role.permissionType,
        enable: true,
        canRead: true,
      },
    });
    await revoking((tx) =>
      tx.revision.upsert({
        where: { name: "permissions" },
        create: { name: "permissions", value: 1n },
        update: { value: { increment: 1n } },
      }),
    );
    const { headers } = await signInWith(client.email);
    const country = await db.country.create({
      data: { name: unique("Country"), code: `Q${String.fromCharCode(65 + Math.floor(Math.random() * 26))}` },
    });
    await db.port.create({ data: { name: unique("Port"), countryId: country.id } });
    const res = await api().get("/api/ports").query({ include: "country", "page[size]": 999 }).set(headers);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.included ?? []).toEqual([]);
    // Countries are offered to this guest's forms (an applicant's country of birth), owners are not.
    expect((await api().get("/api/select_options").query({ type: "owners" }).set(headers)).status).toBe(403);
    expect((await api().get(`/api/countries/${country.id}`).set(headers)).status).toBe(403);
  });

  it("a writer picks records of a type it may not read: ids and titles in select_options, and writes naming them", async () => {
    const rank = await createRank();
    // Guests create applicants (users.create) with the rank applied for, but may not read ranks.
    expect((await api().get("/api/ranks").set(guest)).status).toBe(403);
    expect((await api().get(`/api/ranks/${rank.id}`).set(guest)).status).toBe(403);
    const options = await api().get("/api/select_options").query({ type: "ranks", q: rank.title }).set(guest);
    expect(options.status).toBe(200);
    expect(options.body.data).toEqual([
      {
        type: "select_options",
        id: String(rank.id),
        attributes: { label: rank.title, value: String(rank.id) },
      },
    ]);
    // partner_view writes nothing that names a rank: no options.
    const viewer = (await signInAs("partner_view")).headers;
    expect((await api().get("/api/select_options").query({ type: "ranks" }).set(viewer)).status).toBe(403);
    // Pickers stay within the type's scope: a partner's vessel options hold only its own owners'
    // vessels (test/fleet/partner-scope.test.ts, every option list of the route table).
  });

  it("a nested list needs its parent readable: 404 for a missing parent, 403 without the parent's read", async () => {
    expect((await api().get("/api/vessels/999999/manning_scales").set(admin)).status).toBe(404);
    const owner = await createOwner();
    // Guests may read vessels but not owners, so not an owner's vessels either.
    expect((await api().get(`/api/owners/${owner.id}/vessels`).set(guest)).status).toBe(403);
    const vessel = await createVessel({ ownerId: owner.id });
    await createVessel();
    const listed = await api()
      .get(`/api/owners/${owner.id}/vessels`)
      .query({ "fields[vessels]": "name,imo" })
      .set(admin);
    expect(listed.body.data.map((d: { id: string }) => Number(d.id))).toEqual([vessel.id]);
    expect(Object.keys(listed.body.data[0].attributes).sort()).toEqual(["imo", "name"]);
  });
});
