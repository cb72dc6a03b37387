import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createClient, createOwner, createScaleRow, createVessel } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { linkOwner } from "./fleet-support.js";

/** Crew users' assignments (spec 002 §3, §7): assign_vessels, assign_owners, the clients' relationships. */
let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});
const api = () => request(testApp());
const db = () => testDeps().db;
const ref = (type: string, id: number) => ({ data: { type, id: String(id) } });

describe("assign_vessels and assign_owners", () => {
  it("create, list by vessel (with the client) or by client (with the vessel), a second assignment is the spec's 422, delete", async () => {
    const vessel = await createVessel();
    const client = await createClient({ role: "manager" });
    const body = {
      data: {
        type: "assign_vessels",
        relationships: { vessel: ref("vessels", vessel.id), client: ref("clients", client.id) },
      },
    };
    const created = await api().post("/api/assign_vessels").set(admin).send(body);
    expect(created.status).toBe(201);
    expectJsonApi(created.body);
    expect(created.body.data.attributes.select_vessel_id).toBe(vessel.id);
    const again = await api().post("/api/assign_vessels").set(admin).send(body);
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({
      title: "The vessel has already assigned",
      source: { pointer: "/data/relationships/vessel" },
    });

    const byVessel = await api()
      .get("/api/assign_vessels")
      .query({ "filter[vessel_id]": vessel.id, include: "client", "page[size]": 999 })
      .set(admin);
    expectJsonApi(byVessel.body);
    expect(byVessel.body.data).toHaveLength(1);
    expect(byVessel.body.included[0]).toMatchObject({ type: "clients", id: String(client.id) });
    const byClient = await api()
      .get("/api/assign_vessels")
      .query({ "filter[client_id]": client.id, include: "vessel", sort: "-created_at", "page[size]": 999 })
      .set(admin);
    expect(byClient.body.included[0]).toMatchObject({ type: "vessels", id: String(vessel.id) });
    expect((await api().delete(`/api/assign_vessels/${created.body.data.id}`).set(admin)).status).toBe(204);
    expect(await db().assignVessel.count({ where: { vesselId: vessel.id } })).toBe(0);
  });

  it("assign_owners with client_id includes the owners' vessels and their manning scales", async () => {
    const owner = await createOwner();
    const vessel = await createVessel({ ownerId: owner.id });
    const row = await createScaleRow({ vesselId: vessel.id });
    const client = await createClient({ role: "manager" });
    const body = {
      data: {
        type: "assign_owners",
        relationships: { owner: ref("owners", owner.id), client: ref("clients", client.id) },
      },
    };
    expect((await api().post("/api/assign_owners").set(admin).send(body)).status).toBe(201);
    const again = await api().post("/api/assign_owners").set(admin).send(body);
    expect(again.status).toBe(422);
    expect(again.body.errors[0].title).toBe("The owner has already assigned");
    const res = await api()
      .get("/api/assign_owners")
      .query({ "filter[client_id]": client.id, include: "owner.vessels.manning_scales", "page[size]": 999 })
      .set(admin);
    expect(res.status).toBe(200);
    expectJsonApi(res.body);
    const included = (res.body.included as { type: string; id: string }[])
      .map((i) => `${i.type}:${i.id}`)
      .sort();
    expect(included).toEqual(
      [`manning_scales:${row.id}`, `owners:${owner.id}`, `vessels:${vessel.id}`].sort(),
    );
    expect(
      (
        await api()
          .get("/api/assign_owners")
          .query({ "filter[owner_id]": owner.id, include: "client" })
          .set(admin)
      ).body.included[0].id,
    ).toBe(String(client.id));
  });
});

describe("a crew user's relationships", () => {
  it("vessels (as coordinator): POST, the spec's 400 when already assigned, DELETE, PATCH", async () => {
    const client = await createClient({ role: "manager" });
    const [v1, v2, v3] = [await createVessel(), await createVessel(), await createVessel()];
    const rel = `/api/clients/${client.id}/relationships/vessels`;
    const added = await api()
      .post(rel)
      .set(admin)
      .send({
        data: [
          { id: String(v1.id), type: "vessels" },
          { id: String(v2.id), type: "vessels" },
        ],
      });
    expect(added.status).toBe(200);
    expect((await db().vessel.findUniqueOrThrow({ where: { id: v1.id } })).coordinatorId).toBe(client.id);
    const again = await api()
      .post(rel)
      .set(admin)
      .send({ data: [{ id: String(v1.id), type: "vessels" }] });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].detail).toBe("User is already assigned as Crew Coordinator for this vessel");
    expect(
      (
        await api()
          .delete(rel)
          .set(admin)
          .send({ data: [{ id: String(v1.id), type: "vessels" }] })
      ).body.data,
    ).toEqual([{ type: "vessels", id: String(v2.id) }]);
    expect((await db().vessel.findUniqueOrThrow({ where: { id: v1.id } })).coordinatorId).toBeNull();
    const replaced = await api()
      .patch(rel)
      .set(admin)
      .send({ data: [{ id: String(v3.id), type: "vessels" }] });
    expect(replaced.body.data).toEqual([{ type: "vessels", id: String(v3.id) }]);
    expect((await db().vessel.findUniqueOrThrow({ where: { id: v2.id } })).coordinatorId).toBeNull();
    // A vessel has one coordinator: another user taking it over replaces the first.
    const other = await createClient({ role: "manager" });
    await api()
      .post(`/api/clients/${other.id}/relationships/vessels`)
      .set(admin)
      .send({ data: [{ id: String(v3.id), type: "vessels" }] });
    expect((await api().get(`/api/clients/${client.id}/relationships/vessels`).set(admin)).body.data).toEqual(
      [],
    );
  });

  it("owners (as crew inspector): POST, the spec's 400, DELETE", async () => {
    const client = await createClient({ role: "manager" });
    const owner = await createOwner();
    const rel = `/api/clients/${client.id}/relationships/owners`;
    expect(
      (
        await api()
          .post(rel)
          .set(admin)
          .send({ data: [{ id: String(owner.id), type: "owners" }] })
      ).status,
    ).toBe(200);
    const again = await api()
      .post(rel)
      .set(admin)
      .send({ data: [{ id: String(owner.id), type: "owners" }] });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].detail).toBe("User is already assigned as Crew Inspector for this owner");
    expect(
      (
        await api()
          .delete(rel)
          .set(admin)
          .send({ data: [{ id: String(owner.id), type: "owners" }] })
      ).body.data,
    ).toEqual([]);
  });

  it("GET clients/{id} with coordinated_vessels and recruited_fleets, and clients/{id}/vessel_owners", async () => {
    const client = await createClient({ role: "manager" });
    const vessel = await createVessel();
    await db().vessel.update({ where: { id: vessel.id }, data: { coordinatorId: client.id } });
    const [o1, o2] = [await createOwner(), await createOwner()];
    await linkOwner(client.id, o1.id);
    await linkOwner(client.id, o2.id);
    const res = await api()
      .get(`/api/clients/${client.id}`)
      .query({ include: "coordinated_vessels,recruited_fleets" })
      .set(admin);
    expect(res.status).toBe(200);
    expectJsonApi(res.body);
    const included = res.body.included as { type: string; id: string; attributes: Record<string, unknown> }[];
    expect(included.filter((i) => i.type === "vessels").map((v) => v.attributes.imo)).toEqual([vessel.imo]);
    expect(
      included
        .filter((i) => i.type === "owners")
        .map((o) => Number(o.id))
        .sort((a, b) => a - b),
    ).toEqual([o1.id, o2.id].sort((a, b) => a - b));
    const owners = await api()
      .get(`/api/clients/${client.id}/vessel_owners`)
      .query({ "page[size]": 999 })
      .set(admin);
    expectJsonApi(owners.body);
    expect(
      owners.body.data.map((o: { id: string }) => Number(o.id)).sort((a: number, b: number) => a - b),
    ).toEqual([o1.id, o2.id].sort((a, b) => a - b));
  });

  it("the crew-users list filters by office port and by vessel", async () => {
    const port = await db().port.create({ data: { name: `Port ${Date.now()}` } });
    const [inPort, coordinator, recruiter] = [
      await createClient({ role: "manager" }),
      await createClient({ role: "manager" }),
      await createClient({ role: "guest" }),
    ];
    await db().client.update({ where: { id: inPort.id }, data: { portId: port.id } });
    const vessel = await createVessel();
    await db().vessel.update({ where: { id: vessel.id }, data: { coordinatorId: coordinator.id } });
    await db().assignVessel.create({ data: { vesselId: vessel.id, clientId: recruiter.id } });
    const byPort = await api().get("/api/clients").query({ "filter[port]": port.id }).set(admin);
    expect(byPort.body.data.map((c: { id: string }) => Number(c.id))).toEqual([inPort.id]);
    const byVessel = await api().get("/api/clients").query({ "filter[vessel]": vessel.id }).set(admin);
    expect(
      byVessel.body.data.map((c: { id: string }) => Number(c.id)).sort((a: number, b: number) => a - b),
    ).toEqual([coordinator.id, recruiter.id].sort((a, b) => a - b));
    expect((await api().get("/api/clients").query({ "filter[port]": "harbour" }).set(admin)).status).toBe(
      400,
    );
    const withPort = await api()
      .patch(`/api/clients/${recruiter.id}`)
      .set(admin)
      .send({
        data: { type: "clients", id: String(recruiter.id), relationships: { port: ref("ports", port.id) } },
      });
    expect(withPort.body.data.relationships.port.data).toEqual({ type: "ports", id: String(port.id) });
  });
});
