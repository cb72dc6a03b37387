import request from "supertest";
import { describe, expect, it } from "vitest";
import { adminOfFile } from "../support/admin-of-file.js";
import { signInAs } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import {
  createClient,
  createOwner,
  createScaleRow,
  createVessel,
  unique,
  freeImo,
} from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { samplePng, samplePdf } from "../support/sample-files.js";
import { createManager, linkOwner, ownedVessel } from "./fleet-support.js";

/** Vessels (spec 002 §3 and §7): records, IMO rule, list filters, includes, link records, coordinator, photo. */
const { headers: admin, account: adminAccount } = adminOfFile();
const api = () => request(testApp());
const db = () => testDeps().db;
const idsOf = (body: { data: { id: string }[] }): number[] => body.data.map((d) => Number(d.id));
const body = (attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) => ({
  data: { type: "vessels", attributes, relationships },
});

describe("vessel records", () => {
  it("creates, shows, updates and deletes a vessel with its particulars", async () => {
    const imo = await freeImo();
    const created = await api()
      .post("/api/vessels")
      .set(admin)
      .send(
        body({
          name: "MV Test Carrier",
          imo,
          call_sign: "v7ab1",
          year_built: 2012,
          deadweight: 56_700,
          gross_tonnage: 32_900,
          is_active: true,
          group: "Bulk",
        }),
      );
    expect(created.status).toBe(201);
    expectJsonApi(created.body);
    expect(created.body.data.attributes).toMatchObject({
      name: "MV Test Carrier",
      imo,
      call_sign: "V7AB1",
      deadweight: 56_700,
      is_selected: false,
      photo: null,
    });
    const id = created.body.data.id as string;
    const updated = await api()
      .patch(`/api/vessels/${id}`)
      .set(admin)
      .send({ data: { type: "vessels", id, attributes: { name: "MV Test Carrier II", is_selected: true } } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toMatchObject({ name: "MV Test Carrier II", is_selected: true });
    expect((await api().delete(`/api/vessels/${id}`).set(admin)).status).toBe(204);
    expect((await api().get(`/api/vessels/${id}`).set(admin)).status).toBe(404);
  });

  it("refuses an IMO number with a wrong check digit, of another length, or taken (422 on imo)", async () => {
    const good = await freeImo();
    const wrong = `${good.slice(0, 6)}${(Number(good[6]) + 1) % 10}`;
    const bad = await api()
      .post("/api/vessels")
      .set(admin)
      .send(body({ name: "Wrong", imo: wrong }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({
      title: "has a wrong check digit",
      source: { pointer: "/data/attributes/imo" },
    });
    const short = await api()
      .post("/api/vessels")
      .set(admin)
      .send(body({ name: "Short", imo: "907472" }));
    expect(short.body.errors[0]).toMatchObject({
      title: "must be seven digits",
      source: { pointer: "/data/attributes/imo" },
    });
    // "IMO 9074729" is the same number (the spec's own example).
    const prefixed = await api()
      .post("/api/vessels")
      .set(admin)
      .send(body({ name: "Prefixed", imo: `IMO ${good}` }));
    expect(prefixed.status).toBe(201);
    expect(prefixed.body.data.attributes.imo).toBe(good);
    const taken = await api()
      .post("/api/vessels")
      .set(admin)
      .send(body({ name: "Twin", imo: good }));
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({
      title: "has already been taken",
      source: { pointer: "/data/attributes/imo" },
    });
  });
});

describe("vessel list filters (meanings in docs/decisions.md)", () => {
  it("is_managed, is_active, is_selected, group, company, owner_id and assigned_to", async () => {
    const tag = unique("Fleet");
    const owner = await db().owner.create({ data: { title: `${tag} Owners`, shortTitle: `${tag}-OW` } });
    const manager = await createManager(`${tag} Technical`);
    const managed = await ownedVessel({ ownerId: owner.id, managerId: manager.id, name: `${tag} Alpha` });
    const unmanaged = await ownedVessel({ ownerId: owner.id, name: `${tag} Bravo` });
    const prospect = await createVessel({ name: `${tag} Charlie` });
    await db().vessel.update({
      where: { id: prospect.id },
      data: { isSelected: true, group: `${tag} Desk` },
    });
    const sold = await createVessel({ name: `${tag} Delta` });
    await db().vessel.update({ where: { id: sold.id }, data: { isActive: false } });
    const list = async (filter: Record<string, string>) => {
      const res = await api()
        .get("/api/vessels")
        .query({
          "filter[name]": tag,
          ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [`filter[${k}]`, v])),
          "page[size]": 999,
        })
        .set(admin);
      expect(res.status).toBe(200);
      return idsOf(res.body).sort((a, b) => a - b);
    };
    const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);
    expect(await list({})).toEqual(sorted(managed.id, unmanaged.id, prospect.id, sold.id));
    expect(await list({ is_managed: "managed" })).toEqual([managed.id]);
    expect(await list({ is_managed: "not_managed" })).toEqual(sorted(unmanaged.id, prospect.id, sold.id));
    expect(await list({ is_managed: "all" })).toHaveLength(4);
    // The screen's default: active vessels that are not prospects.
    expect(await list({ is_active: "true", is_selected: "false" })).toEqual(sorted(managed.id, unmanaged.id));
    expect(await list({ is_selected: "true" })).toEqual([prospect.id]);
    expect(await list({ group: `${tag} desk` })).toEqual([prospect.id]);
    expect(await list({ company: `${tag}-ow` })).toEqual(sorted(managed.id, unmanaged.id));
    expect(await list({ company: `${tag} Technical` })).toEqual([managed.id]);
    expect(await list({ owner_id: String(owner.id) })).toEqual(sorted(managed.id, unmanaged.id));

    const coordinator = await createClient({ role: "manager" });
    const recruiter = await createClient({ role: "manager" });
    const fleetRecruiter = await createClient({ role: "manager" });
    await db().vessel.update({ where: { id: managed.id }, data: { coordinatorId: coordinator.id } });
    await db().assignVessel.create({ data: { vesselId: prospect.id, clientId: recruiter.id } });
    await linkOwner(fleetRecruiter.id, owner.id);
    expect(await list({ assigned_to: String(coordinator.id) })).toEqual([managed.id]);
    expect(await list({ assigned_to: String(recruiter.id) })).toEqual([prospect.id]);
    expect(await list({ assigned_to: String(fleetRecruiter.id) })).toEqual(sorted(managed.id, unmanaged.id));
    await db().vessel.update({ where: { id: sold.id }, data: { coordinatorId: adminAccount.id } });
    expect(await list({ assigned_to: "me" })).toEqual([sold.id]);

    const bad = await api().get("/api/vessels").query({ "filter[is_managed]": "sometimes" }).set(admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source.parameter).toBe("filter[is_managed]");
  });

  it("sorts by owner name, searches by name and IMO, and includes the manning scale at page size 999", async () => {
    const tag = unique("Sort");
    const [b, a] = [
      await db().owner.create({ data: { title: `${tag} B Owner` } }),
      await db().owner.create({ data: { title: `${tag} A Owner` } }),
    ];
    const vb = await ownedVessel({ ownerId: b.id, name: `${tag} One` });
    const va = await ownedVessel({ ownerId: a.id, name: `${tag} Two` });
    const sorted = await api().get("/api/vessels").query({ search: tag, sort: "owner_name" }).set(admin);
    expect(idsOf(sorted.body)).toEqual([va.id, vb.id]);
    expect(sorted.body.data[0].attributes.owner_name).toBe(`${tag} A Owner`);
    const byImo = await api().get("/api/vessels").query({ search: va.imo }).set(admin);
    expect(idsOf(byImo.body)).toEqual([va.id]);

    const rows = [await createScaleRow({ vesselId: va.id }), await createScaleRow({ vesselId: va.id })];
    const withScale = await api()
      .get("/api/vessels")
      .query({ search: tag, include: "manning_scales", "page[size]": 999 })
      .set(admin);
    expect(withScale.status).toBe(200);
    expectJsonApi(withScale.body);
    const two = withScale.body.data.find((v: { id: string }) => v.id === String(va.id));
    expect(two.relationships.manning_scales.data.map((r: { id: string }) => Number(r.id))).toEqual(
      rows.map((r) => r.id),
    );
    expect(withScale.body.included.filter((i: { type: string }) => i.type === "manning_scales")).toHaveLength(
      2,
    );
  });

  it("shows a vessel with owner, manager, their link records, coordinator and recruiters included", async () => {
    const manager = await createManager();
    const vessel = await ownedVessel({ managerId: manager.id });
    const coordinator = await createClient({ role: "manager" });
    await db().vessel.update({ where: { id: vessel.id }, data: { coordinatorId: coordinator.id } });
    await db().assignVessel.create({ data: { vesselId: vessel.id, clientId: coordinator.id } });
    const res = await api()
      .get(`/api/vessels/${vessel.id}`)
      .query({ include: "owner,manager,manager_vessel,owner_vessel,coordinator,recruiters" })
      .set(admin);
    expect(res.status).toBe(200);
    expectJsonApi(res.body);
    const types = (res.body.included as { type: string }[]).map((i) => i.type).sort();
    expect(types).toEqual(["clients", "manager_vessels", "managers", "owner_vessels", "owners"]);
    expect(res.body.data.attributes.manager_name).toBe(manager.title);
  });
});

describe("owner and manager links, coordinator", () => {
  it("POST, PATCH and DELETE owner_vessels and manager_vessels; a second link is a 422", async () => {
    const vessel = await createVessel();
    const [o1, o2] = [await createOwner(), await createOwner()];
    const link = (type: string, rel: string, id: number) => ({
      data: {
        type,
        relationships: {
          [rel]: { data: { type: rel === "owner" ? "owners" : "managers", id: String(id) } },
          vessel: { data: { type: "vessels", id: String(vessel.id) } },
        },
      },
    });
    const created = await api()
      .post("/api/owner_vessels")
      .set(admin)
      .send(link("owner_vessels", "owner", o1.id));
    expect(created.status).toBe(201);
    const again = await api()
      .post("/api/owner_vessels")
      .set(admin)
      .send(link("owner_vessels", "owner", o2.id));
    expect(again.status).toBe(422);
    expect(again.body.errors[0].source.pointer).toBe("/data/relationships/vessel");
    const changed = await api()
      .patch(`/api/owner_vessels/${created.body.data.id}`)
      .set(admin)
      .send({
        data: {
          type: "owner_vessels",
          id: created.body.data.id,
          relationships: { owner: { data: { type: "owners", id: String(o2.id) } } },
        },
      });
    expect(changed.status).toBe(200);
    expect((await api().get(`/api/vessels/${vessel.id}`).set(admin)).body.data.attributes.owner_name).toBe(
      o2.title,
    );
    expect((await api().delete(`/api/owner_vessels/${created.body.data.id}`).set(admin)).status).toBe(204);
    expect(
      (await api().get(`/api/vessels/${vessel.id}`).set(admin)).body.data.attributes.owner_name,
    ).toBeNull();

    const manager = await createManager();
    const m = await api()
      .post("/api/manager_vessels")
      .set(admin)
      .send(link("manager_vessels", "manager", manager.id));
    expect(m.status).toBe(201);
    expect(
      (
        await api()
          .post("/api/manager_vessels")
          .set(admin)
          .send(link("manager_vessels", "manager", manager.id))
      ).status,
    ).toBe(422);
    expect((await api().delete(`/api/manager_vessels/${m.body.data.id}`).set(admin)).status).toBe(204);
  });

  it("sets the coordinator with update_from_equasis false, refuses the same one (400), clears it with id null", async () => {
    const vessel = await createVessel();
    const coordinator = await createClient({ role: "manager" });
    const rel = `/api/vessels/${vessel.id}/relationships/coordinator`;
    const set = await api()
      .patch(rel)
      .set(admin)
      .send({ data: { id: String(coordinator.id), type: "clients" }, update_from_equasis: false });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ type: "clients", id: String(coordinator.id) });
    const twice = await api()
      .patch(rel)
      .set(admin)
      .send({ data: { id: String(coordinator.id), type: "clients" }, update_from_equasis: false });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].detail).toBe("User is already assigned as Crew Coordinator for this vessel");
    // The spec clears with {id: null, type: 'clients'}: a null id names no record.
    const cleared = await api()
      .patch(rel)
      .set(admin)
      .send({ data: { id: null, type: "clients" }, update_from_equasis: false });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toBeNull();
    expect((await db().vessel.findUniqueOrThrow({ where: { id: vessel.id } })).coordinatorId).toBeNull();
    expect(
      (
        await api()
          .patch(rel)
          .set(admin)
          .send({ data: { id: null, type: "vessels" } })
      ).status,
    ).toBe(409);
    expect((await api().patch(rel).set(admin).send({ data: null })).status).toBe(200);
    // Flags are checked: a wrong value or an unknown member is a 400, never ignored.
    expect((await api().patch(rel).set(admin).send({ data: null, update_from_equasis: "no" })).status).toBe(
      400,
    );
    expect((await api().patch(rel).set(admin).send({ data: null, refresh: true })).status).toBe(400);
  });

  it("a guest may edit a vessel but not its owner, manager or coordinator (their own keys)", async () => {
    const guest = (await signInAs("guest")).headers;
    const vessel = await createVessel();
    const owner = await createOwner();
    expect(
      (
        await api()
          .patch(`/api/vessels/${vessel.id}`)
          .set(guest)
          .send({ data: { type: "vessels", id: String(vessel.id), attributes: { group: "Guest desk" } } })
      ).status,
    ).toBe(200);
    expect(
      (
        await api()
          .patch(`/api/vessels/${vessel.id}/relationships/owner`)
          .set(guest)
          .send({ data: { type: "owners", id: String(owner.id) } })
      ).status,
    ).toBe(403);
    expect(
      (
        await api()
          .patch(`/api/vessels/${vessel.id}/relationships/coordinator`)
          .set(guest)
          .send({ data: null })
      ).status,
    ).toBe(403);
  });
});

describe("vessel photo", () => {
  it("POST /api/vessels/update_photo takes an image recognised by its content; anything else is a 422, not multipart 415", async () => {
    const vessel = await createVessel();
    const ok = await api()
      .post("/api/vessels/update_photo")
      .set(admin)
      .field("id", String(vessel.id))
      .attach("photo", samplePng(), "deck.jpg");
    expect(ok.status).toBe(200);
    expectJsonApi(ok.body);
    expect(ok.body.data.attributes.photo).toMatchObject({ filename: "deck.jpg", content_type: "image/png" });
    const file = await api()
      .get(ok.body.data.attributes.photo.url.replace(/^.*\/api\//, "/api/"))
      .set(admin);
    expect(file.status).toBe(200);

    const pdf = await api()
      .post("/api/vessels/update_photo")
      .set(admin)
      .field("id", String(vessel.id))
      .attach("photo", samplePdf(), "photo.png");
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors[0].source.pointer).toBe("/data/attributes/photo");
    const none = await api().post("/api/vessels/update_photo").set(admin).field("id", String(vessel.id));
    expect(none.status).toBe(422);
    expect((await api().post("/api/vessels/update_photo").set(admin).send({ id: vessel.id })).status).toBe(
      415,
    );
    const missing = await api()
      .post("/api/vessels/update_photo")
      .set(admin)
      .field("id", "999999999")
      .attach("photo", samplePng(), "x.png");
    expect(missing.status).toBe(404);
    // One photo: a new upload replaces the old one.
    await api()
      .post("/api/vessels/update_photo")
      .set(admin)
      .field("id", String(vessel.id))
      .attach("file", samplePng(), "bridge.png");
    expect(await db().storedFile.count({ where: { recordType: "vessels", recordId: vessel.id } })).toBe(1);
  });
});
