import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { testApp, testDeps } from "./support/deps.js";
import { signInAs, signInWith, type TAuthHeaders } from "./support/auth.js";
import { createClient, unique } from "./support/factories.js";
import { expectJsonApi } from "./support/jsonapi.js";

let admin: TAuthHeaders;
let adminId: number;
beforeAll(async () => {
  const s = await signInAs("admin");
  admin = s.headers;
  adminId = s.client.id;
});
const api = () => request(testApp());

describe("crew users (clients)", () => {
  it("creates a user who can then sign in; never returns the password", async () => {
    const email = `${unique("new")}@example.com`;
    const res = await api()
      .post("/api/clients")
      .set(admin)
      .send({
        data: {
          type: "clients",
          attributes: {
            name: "New Recruiter",
            email: email.toUpperCase(),
            role: "manager",
            password: "Str0ng-enough",
          },
        },
      });
    expect(res.status).toBe(201);
    expectJsonApi(res.body);
    expect(res.body.data.attributes).toMatchObject({ email, role: "manager", status: "active" });
    expect(JSON.stringify(res.body)).not.toMatch(/password/);
    await signInWith(email, "Str0ng-enough");

    const dup = await api()
      .post("/api/clients")
      .set(admin)
      .send({
        data: {
          type: "clients",
          attributes: { name: "Again", email, role: "guest", password: "Str0ng-enough" },
        },
      });
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0]).toMatchObject({
      title: "has already been taken",
      source: { pointer: "/data/attributes/email" },
    });
    const weak = await api()
      .post("/api/clients")
      .set(admin)
      .send({
        data: {
          type: "clients",
          attributes: { name: "Weak", email: `${unique()}@example.com`, role: "guest", password: "short" },
        },
      });
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0].source.pointer).toBe("/data/attributes/password");
    const badRole = await api()
      .post("/api/clients")
      .set(admin)
      .send({
        data: {
          type: "clients",
          attributes: {
            name: "Role",
            email: `${unique()}@example.com`,
            role: "captain",
            password: "Str0ng-enough",
          },
        },
      });
    expect(badRole.status).toBe(422);
    expect(badRole.body.errors[0].source.pointer).toBe("/data/attributes/role");
  });

  it("filters by role and name", async () => {
    const name = unique("Filtered");
    await createClient({ role: "freelance", name });
    const res = await api()
      .get("/api/clients")
      .query({ "filter[role]": "freelance", "filter[name]": name.toLowerCase() })
      .set(admin);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { attributes: { name: string } }) => d.attributes.name)).toEqual([name]);
    const all = await api()
      .get("/api/clients")
      .query({ "filter[role]": "all", "filter[name]": name })
      .set(admin);
    expect(all.body.meta.count).toBe(1);
    expect((await api().get("/api/clients").query({ "filter[role]": "captain" }).set(admin)).status).toBe(
      400,
    );
  });

  it("changes status; deactivation ends the user's sessions at once", async () => {
    const user = await createClient({ role: "manager" });
    const { headers } = await signInWith(user.email);
    expect((await api().get("/api/clients/me").set(headers)).status).toBe(200);
    const res = await api()
      .patch(`/api/clients/${user.id}/status`)
      .set(admin)
      .send({ data: { type: "clients", attributes: { status: "deactivated" } } });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.status).toBe("deactivated");
    expect((await api().get("/api/clients/me").set(headers)).status).toBe(401);
    expect(await testDeps().db.session.count({ where: { clientId: user.id } })).toBe(0);
    const bad = await api().patch(`/api/clients/${user.id}/status`).set(admin).send({ status: "asleep" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/status");
  });

  it("updates tag lists through their actions", async () => {
    const user = await createClient();
    const res = await api()
      .post(`/api/clients/${user.id}/update_hidden_tags`)
      .set(admin)
      .send({ data: { type: "clients", attributes: { tags: ["VIP", "VIP", "Blacklist"] } } });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.hidden_tags).toEqual(["VIP", "Blacklist"]);
    expect(
      (await api().post(`/api/clients/${user.id}/update_shown_tags`).set(admin).send({ tags: "x" })).status,
    ).toBe(422);
  });

  it("lets anyone edit their own profile, with the current password to change it", async () => {
    const { headers, client } = await signInAs("guest");
    const res = await api()
      .patch("/api/clients/me")
      .set(headers)
      .send({
        data: { type: "clients", attributes: { name: "Renamed Me", equasis_email: "ME@equasis.example" } },
      });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      name: "Renamed Me",
      equasis_email: "me@equasis.example",
    });
    const wrong = await api()
      .patch("/api/clients/me")
      .set(headers)
      .send({ password: "New-Password-9", current_password: "nope" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].source.pointer).toBe("/data/attributes/current_password");
    expect((await api().patch("/api/clients/me").set(headers).send({ role: "admin" })).status).toBe(400);
    const db = testDeps().db;
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).role).toBe("guest");
  });

  it("protects against self-deletion and raising someone to superuser", async () => {
    expect((await api().delete(`/api/clients/${adminId}`).set(admin)).status).toBe(409);
    const user = await createClient();
    const raise = await api()
      .patch(`/api/clients/${user.id}`)
      .set(admin)
      .send({ data: { type: "clients", attributes: { role: "superuser" } } });
    expect(raise.status).toBe(403);
    const superuser = (await signInAs("superuser")).headers;
    expect(
      (
        await api()
          .patch(`/api/clients/${user.id}`)
          .set(superuser)
          .send({ data: { type: "clients", attributes: { role: "superuser" } } })
      ).status,
    ).toBe(200);
    expect((await api().delete(`/api/clients/${user.id}`).set(admin)).status).toBe(403);
    expect((await api().delete(`/api/clients/${user.id}`).set(superuser)).status).toBe(204);
  });
});
