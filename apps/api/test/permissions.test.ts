import request from "supertest";
import { describe, expect, it } from "vitest";
import { testApp, testDeps } from "./support/deps.js";
import { signInAs } from "./support/auth.js";
import { expectJsonApi } from "./support/jsonapi.js";

const api = () => request(testApp());

describe("permission records", () => {
  it("gives every user their own effective records, and others' only with permissions.read", async () => {
    const { headers, client } = await signInAs("partner_view");
    const own = await api()
      .get("/api/permissions")
      .query({ "filter[client_id]": client.id, "page[size]": 999, sort: "item" })
      .set(headers);
    expect(own.status).toBe(200);
    expectJsonApi(own.body);
    const byKey = new Map(
      own.body.data.map((d: { attributes: { key: string } }) => [d.attributes.key, d.attributes]),
    );
    expect(byKey.get("vessels")).toMatchObject({ can_read: false });
    expect(byKey.get("timeplans")).toMatchObject({ can_read: true, can_update: false });
    const admin = await signInAs("admin");
    expect(
      (await api().get("/api/permissions").query({ "filter[client_id]": admin.client.id }).set(headers))
        .status,
    ).toBe(403);
    expect(
      (await api().get("/api/permissions").query({ "filter[client_id]": client.id }).set(admin.headers))
        .status,
    ).toBe(200);
  });

  // A key no route of the matrix test depends on, so files running in parallel are not disturbed.
  it("an admin's change to a role's record takes effect on the next request", async () => {
    const admin = await signInAs("admin");
    const freelancer = await signInAs("freelance");
    const flagsNow = async () =>
      (await api().get("/api/auth/validate_token").set(freelancer.headers)).body.data.permissions
        .experienceAppraisal;
    expect(await flagsNow()).toMatchObject({ read: false });
    const list = await api()
      .get("/api/permissions")
      .query({
        "filter[role]": "freelance",
        "filter[only_role]": "true",
        "filter[item]": "experienceAppraisal",
        "page[size]": 999,
      })
      .set(admin.headers);
    expect(list.status).toBe(200);
    const record = list.body.data.find(
      (d: { attributes: { key: string } }) => d.attributes.key === "experienceAppraisal",
    );
    try {
      const patch = await api()
        .patch(`/api/permissions/${record.id}`)
        .set(admin.headers)
        .send({ data: { type: "permissions", id: record.id, attributes: { enable: true, can_read: true } } });
      expect(patch.status).toBe(200);
      expect(await flagsNow()).toMatchObject({ read: true, enable: true });
    } finally {
      await api()
        .patch(`/api/permissions/${record.id}`)
        .set(admin.headers)
        .send({ data: { type: "permissions", attributes: { enable: false, can_read: false } } });
    }
    expect(await flagsNow()).toMatchObject({ read: false });
  });

  it("a per-client override changes one user only", async () => {
    const admin = await signInAs("admin");
    const a = await signInAs("guest");
    const b = await signInAs("guest");
    const created = await api()
      .post("/api/permissions")
      .set(admin.headers)
      .send({
        data: {
          type: "permissions",
          attributes: {
            item: "ports",
            client_id: a.client.id,
            permission_type: "model",
            enable: true,
            can_read: true,
          },
        },
      });
    expect(created.status).toBe(201);
    expect((await api().get("/api/ports").set(a.headers)).status).toBe(200);
    expect((await api().get("/api/ports").set(b.headers)).status).toBe(403);
    const unknown = await api()
      .post("/api/permissions")
      .set(admin.headers)
      .send({ data: { type: "permissions", attributes: { item: "spaceships", role: "guest" } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].source.pointer).toBe("/data/attributes/item");
    const both = await api()
      .post("/api/permissions")
      .set(admin.headers)
      .send({
        data: { type: "permissions", attributes: { item: "ports", role: "guest", client_id: a.client.id } },
      });
    expect(both.status).toBe(422);
    expect((await api().delete(`/api/permissions/${created.body.data.id}`).set(admin.headers)).status).toBe(
      204,
    );
    expect((await api().get("/api/ports").set(a.headers)).status).toBe(403);
    expect(await testDeps().db.permissionRecord.count({ where: { clientId: a.client.id } })).toBe(0);
  });
});
