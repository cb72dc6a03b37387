import request from "supertest";
import { describe, expect, it } from "vitest";
import { SESSION_LIFETIME_MS, ZSessionAnswer } from "@crew/contracts";
import { credentialsOf, signInAs } from "./support/auth.js";
import { testApp, testDeps } from "./support/deps.js";
import { createClient, TEST_PASSWORD, unique } from "./support/factories.js";

const INVALID = "Invalid login credentials. Please try again.";

describe("POST /api/auth/sign_in", () => {
  it("answers the current user and the five credential headers", async () => {
    const client = await createClient({ role: "admin" });
    const before = Date.now();
    const res = await request(testApp())
      .post("/api/auth/sign_in")
      .send({ email: client.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const answer = ZSessionAnswer.parse(res.body);
    expect(answer.data).toMatchObject({
      id: client.id,
      clientId: client.id,
      name: client.name,
      email: client.email,
      role: "admin",
      status: "active",
      avatar: null,
      equasis_email: null,
    });
    expect(Object.keys(answer.data.permissions).length).toBeGreaterThan(10);
    expect(answer.data.permissions["ranks"]?.read).toBe(true);

    const headers = credentialsOf(res);
    expect(headers).not.toBeNull();
    expect(headers?.["token-type"]).toBe("Bearer");
    expect(headers?.uid).toBe(client.email);
    const expiry = Number(headers?.expiry) * 1000;
    expect(expiry).toBeGreaterThan(before + SESSION_LIFETIME_MS - 2000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);
  });

  it("accepts a JSON:API-wrapped body and an email in another case", async () => {
    const client = await createClient();
    const res = await request(testApp())
      .post("/api/auth/sign_in")
      .set("content-type", "application/vnd.api+json")
      .send(
        JSON.stringify({
          data: {
            type: "sessions",
            attributes: { email: client.email.toUpperCase(), password: TEST_PASSWORD },
          },
        }),
      );
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(client.id);
  });

  it("refuses a wrong password, an unknown email and a missing body with the same 401", async () => {
    const client = await createClient();
    for (const body of [
      { email: client.email, password: "wrong-password" },
      { email: `${unique()}@nowhere.example.com`, password: TEST_PASSWORD },
      {},
    ]) {
      const res = await request(testApp()).post("/api/auth/sign_in").send(body);
      expect(res.status).toBe(401);
      expect(res.body.errors[0]).toMatchObject({ status: "401", detail: INVALID });
      expect(credentialsOf(res)).toBeNull();
    }
  });

  it("refuses a deactivated account with a clear reason, but only to the right password", async () => {
    const client = await createClient({ status: "deactivated" });
    const ok = await request(testApp())
      .post("/api/auth/sign_in")
      .send({ email: client.email, password: TEST_PASSWORD });
    expect(ok.status).toBe(401);
    expect(ok.body.errors[0].detail).toMatch(/deactivated/);
    expect(await testDeps().db.session.count({ where: { clientId: client.id } })).toBe(0);

    const wrong = await request(testApp())
      .post("/api/auth/sign_in")
      .send({ email: client.email, password: "nope-nope" });
    expect(wrong.body.errors[0].detail).toBe(INVALID);
  });

  it("lets an away account sign in", async () => {
    const client = await createClient({ status: "away" });
    const res = await request(testApp())
      .post("/api/auth/sign_in")
      .send({ email: client.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("away");
  });

  it("gives signInAs helpers working headers", async () => {
    const { client, headers } = await signInAs("manager");
    const res = await request(testApp()).get("/api/auth/validate_token").set(headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: client.id, role: "manager" });
  });
});
