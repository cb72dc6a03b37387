import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createClient, createRank, createVessel, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";

let admin: TAuthHeaders;
let adminId: number;
let guest: TAuthHeaders;
beforeAll(async () => {
  const signedIn = await signInAs("admin");
  admin = signedIn.headers;
  adminId = signedIn.client.id;
  guest = (await signInAs("guest")).headers;
});
const api = () => request(testApp());

describe("declared actions", () => {
  it("duplicate_manning_scales copies the active rows after the target's own, with its permission and input checked", async () => {
    const [from, to] = [await createVessel(), await createVessel()];
    const [master, ab] = [await createRank(), await createRank()];
    const db = testDeps().db;
    await db.manningScale.createMany({
      data: [
        { vesselId: from.id, rankId: master.id, crewingPriority: 1, name: master.title, templateOffer: 9000 },
        { vesselId: from.id, rankId: ab.id, crewingPriority: 2, name: ab.title },
        { vesselId: from.id, rankId: ab.id, crewingPriority: 3, name: ab.title, state: "archived" },
        { vesselId: to.id, rankId: ab.id, crewingPriority: 1, name: ab.title },
      ],
    });
    expect(
      (
        await api()
          .post("/api/duplicate_manning_scales")
          .set(guest)
          .send({ from_vessel_id: from.id, to_vessel_id: to.id })
      ).status,
    ).toBe(403);
    const bad = await api()
      .post("/api/duplicate_manning_scales")
      .set(admin)
      .send({ from_vessel_id: "x", to_vessel_id: to.id });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/from_vessel_id");
    expect(
      (
        await api()
          .post("/api/duplicate_manning_scales")
          .set(admin)
          .send({ from_vessel_id: from.id, to_vessel_id: to.id, extra: 1 })
      ).status,
    ).toBe(400);

    const res = await api()
      .post("/api/duplicate_manning_scales")
      .set(admin)
      .send({ data: { attributes: { from_vessel_id: from.id, to_vessel_id: to.id } } });
    expect(res.status).toBe(201);
    expect(res.body.meta.copied).toBe(2);
    const rows = await db.manningScale.findMany({
      where: { vesselId: to.id },
      orderBy: { crewingPriority: "asc" },
    });
    expect(rows.map((r) => [r.crewingPriority, r.name, r.templateOffer])).toEqual([
      [1, `${ab.title} 1`, null],
      [2, master.title, 9000],
      [3, `${ab.title} 2`, null],
    ]);
    expect(rows[1]?.originId).not.toBeNull();
  });

  it("a member action with a key of its own (crew-user status) needs that key only", async () => {
    const target = await createClient({ role: "guest" });
    const manager = (await signInAs("manager")).headers;
    // Managers change statuses (crewUserStatus) without reading crew users.
    expect((await api().get(`/api/clients/${target.id}`).set(manager)).status).toBe(403);
    const res = await api()
      .patch(`/api/clients/${target.id}/status`)
      .set(manager)
      .send({ data: { attributes: { status: "away" } } });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.status).toBe("away");
    expect(
      (await api().patch("/api/clients/999999/status").set(manager).send({ status: "away" })).status,
    ).toBe(404);
  });
});

describe("versions", () => {
  it("records every write with actor, request and the changed columns, and serves a record's history with its belongings", async () => {
    const vessel = await createVessel();
    const rank = await createRank();
    const renamed = unique("MV Renamed");
    const patched = await api()
      .patch(`/api/vessels/${vessel.id}`)
      .set(admin)
      .set("x-request-id", "req-audit-1")
      .send({
        data: { type: "vessels", id: String(vessel.id), attributes: { name: renamed, deadweight: 56000 } },
      });
    expect(patched.status).toBe(200);
    await api()
      .post(`/api/vessels/${vessel.id}/manning_scales`)
      .set(admin)
      .send({
        data: {
          type: "manning_scales",
          relationships: { role: { data: { type: "ranks", id: String(rank.id) } } },
        },
      });

    const history = await api().get(`/api/vessels/${vessel.id}/versions`).set(admin);
    expect(history.status).toBe(200);
    expectJsonApi(history.body);
    const update = history.body.data.find(
      (v: { attributes: { item_type: string; event: string } }) =>
        v.attributes.item_type === "vessels" && v.attributes.event === "update",
    );
    expect(update.attributes).toMatchObject({
      actor_id: adminId,
      request_id: "req-audit-1",
      changes: { name: [vessel.name, renamed], deadweight: [null, 56000] },
    });
    expect(update.attributes.actor_name).toEqual(expect.any(String));
    expect(
      history.body.data.some(
        (v: { attributes: { item_type: string; event: string } }) =>
          v.attributes.item_type === "manning_scales" && v.attributes.event === "create",
      ),
    ).toBe(true);
    // Guests may read vessels but not manning scales: the rows' versions are left out for them.
    const asGuest = await api().get(`/api/vessels/${vessel.id}/versions`).set(guest);
    expect(
      asGuest.body.data.every(
        (v: { attributes: { item_type: string } }) => v.attributes.item_type !== "manning_scales",
      ),
    ).toBe(true);
  });

  it("never records a secret: a password change shows as redacted", async () => {
    const created = await api()
      .post("/api/clients")
      .set(admin)
      .send({
        data: {
          type: "clients",
          attributes: {
            name: "Audit Pw",
            email: `${unique("audit")}@test.example.com`,
            role: "guest",
            password: "Secret-Password-1",
          },
        },
      });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await api()
      .patch(`/api/clients/${id}`)
      .set(admin)
      .send({ data: { type: "clients", id, attributes: { password: "Secret-Password-2" } } });
    const versions = await testDeps().db.version.findMany({
      where: { itemType: "clients", itemId: Number(id) },
      orderBy: { id: "asc" },
    });
    expect(versions.map((v) => v.event)).toEqual(["create", "update"]);
    const text = JSON.stringify(versions.map((v) => v.changes));
    expect(text).not.toMatch(/argon2|Secret-Password/);
    expect(versions[1]?.changes).toEqual({ password_hash: ["[redacted]", "[redacted]"] });
  });

  it("raw SQL inside a write is recorded too (the rank renumbering)", async () => {
    const [a, b] = [await createRank(), await createRank()];
    await api()
      .patch(`/api/ranks/${b.id}`)
      .set(admin)
      .send({ data: { type: "ranks", id: String(b.id), attributes: { crewing_priority: 1 } } });
    const moved = await testDeps().db.version.findMany({
      where: { itemType: "ranks", itemId: a.id, event: "update" },
    });
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.at(-1)?.actorId).toBe(adminId);
  });
});
