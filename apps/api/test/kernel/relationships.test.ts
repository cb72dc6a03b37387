import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createClient, createOwner, createVessel } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";

let admin: TAuthHeaders;
let guest: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  guest = (await signInAs("guest")).headers;
});
const api = () => request(testApp());
const ids = (body: { data: { id: string }[] }) => body.data.map((d) => Number(d.id)).sort((a, b) => a - b);

describe("to-many relationships through a join table", () => {
  it("replace, add and remove on /relationships, in bodies, in includes", async () => {
    const vessel = await createVessel();
    const [a, b, c] = [
      await createClient({ role: "manager" }),
      await createClient({ role: "manager" }),
      await createClient({ role: "guest" }),
    ];
    const rel = `/api/vessels/${vessel.id}/relationships/recruiters`;
    const patch = await api()
      .patch(rel)
      .set(admin)
      .send({
        data: [
          { type: "clients", id: String(a.id) },
          { type: "clients", id: String(b.id) },
        ],
      });
    expect(patch.status).toBe(200);
    expect(ids(patch.body)).toEqual([a.id, b.id]);
    expect(
      ids(
        (
          await api()
            .post(rel)
            .set(admin)
            .send({ data: [{ type: "clients", id: String(c.id) }] })
        ).body,
      ),
    ).toEqual([a.id, b.id, c.id]);
    expect(
      ids(
        (
          await api()
            .delete(rel)
            .set(admin)
            .send({ data: [{ type: "clients", id: String(a.id) }] })
        ).body,
      ),
    ).toEqual([b.id, c.id]);

    const shown = await api().get(`/api/vessels/${vessel.id}`).query({ include: "recruiters" }).set(admin);
    expectJsonApi(shown.body);
    expect(
      shown.body.data.relationships.recruiters.data.map((r: { id: string }) => Number(r.id)).sort(),
    ).toEqual([b.id, c.id].sort());
    expect(shown.body.included.map((r: { type: string; id: string }) => `${r.type}:${r.id}`).sort()).toEqual(
      [`clients:${b.id}`, `clients:${c.id}`].sort(),
    );

    const body = await api()
      .patch(`/api/vessels/${vessel.id}`)
      .set(admin)
      .send({
        data: {
          type: "vessels",
          id: String(vessel.id),
          relationships: { recruiters: { data: [{ type: "clients", id: String(a.id) }] } },
        },
      });
    expect(body.status).toBe(200);
    expect(body.body.data.relationships.recruiters.data).toEqual([{ type: "clients", id: String(a.id) }]);
    expect(await testDeps().db.assignVessel.count({ where: { vesselId: vessel.id } })).toBe(1);
  });

  it("a missing related record is 422 on the relationship, a wrong type 409, a to-one POST 403", async () => {
    const vessel = await createVessel();
    const rel = `/api/vessels/${vessel.id}/relationships/recruiters`;
    const missing = await api()
      .post(rel)
      .set(admin)
      .send({ data: [{ type: "clients", id: "999999" }] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source.pointer).toBe("/data/relationships/recruiters");
    expect(
      (
        await api()
          .post(rel)
          .set(admin)
          .send({ data: [{ type: "vessels", id: "1" }] })
      ).status,
    ).toBe(409);
    expect(
      (
        await api()
          .post(`/api/vessels/${vessel.id}/relationships/owner`)
          .set(admin)
          .send({ data: { type: "owners", id: "1" } })
      ).status,
    ).toBe(403);
  });

  it("a to-one kept as a link record (a vessel's owner) is set, changed and cleared, guarded by its own permission", async () => {
    const vessel = await createVessel();
    const [o1, o2] = [await createOwner(), await createOwner()];
    const rel = `/api/vessels/${vessel.id}/relationships/owner`;
    expect(
      (
        await api()
          .patch(rel)
          .set(admin)
          .send({ data: { type: "owners", id: String(o1.id) } })
      ).body.data,
    ).toEqual({ type: "owners", id: String(o1.id) });
    expect(
      (
        await api()
          .patch(rel)
          .set(admin)
          .send({ data: { type: "owners", id: String(o2.id) } })
      ).body.data,
    ).toEqual({ type: "owners", id: String(o2.id) });
    const link = await testDeps().db.ownerVessel.findUniqueOrThrow({ where: { vesselId: vessel.id } });
    expect(link.ownerId).toBe(o2.id);
    const shown = await api()
      .get(`/api/vessels/${vessel.id}`)
      .query({ include: "owner,owner_vessel" })
      .set(admin);
    expect(shown.body.data.attributes.owner_name).toBe(o2.title);
    expect(shown.body.data.relationships.owner_vessel.data).toEqual({
      type: "owner_vessels",
      id: String(link.id),
    });
    // Guests may edit vessels but not their owner (spec 000 6.1).
    expect((await api().patch(rel).set(guest).send({ data: null })).status).toBe(403);
    expect(
      (
        await api()
          .patch(`/api/vessels/${vessel.id}`)
          .set(guest)
          .send({
            data: { type: "vessels", id: String(vessel.id), relationships: { owner: { data: null } } },
          })
      ).status,
    ).toBe(403);
    expect((await api().patch(rel).set(admin).send({ data: null })).body.data).toBeNull();
    expect(await testDeps().db.ownerVessel.count({ where: { vesselId: vessel.id } })).toBe(0);
  });
});
