import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import type { Express } from "express";
import { createApp } from "../src/app.js";
import { credentialsOf } from "./support/auth.js";
import { testApp, testConfig, testDeps } from "./support/deps.js";
import { createClient, unique } from "./support/factories.js";

const CLIENT_ID = "crew-test.apps.googleusercontent.com";
const KID = "test-key-1";

/**
 * A stand-in for Google's certificates address serving a key generated here, so the real
 * google-auth-library verification runs end to end without the internet.
 */
let certs: Server;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;
let app: Express;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const pem = await exportSPKI(pair.publicKey);
  certs = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=3600" });
    res.end(JSON.stringify({ [KID]: pem }));
  });
  await new Promise<void>((resolve) => certs.listen(0, "127.0.0.1", resolve));
  const { port } = certs.address() as AddressInfo;
  app = createApp({
    ...testDeps(),
    config: testConfig({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: `http://127.0.0.1:${port}/certs` }),
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => certs.close(() => resolve()));
});

const idToken = (
  claims: { sub: string; email?: string; email_verified?: boolean },
  opts: { audience?: string; key?: CryptoKey } = {},
) =>
  new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
    .setIssuer("https://accounts.google.com")
    .setAudience(opts.audience ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(opts.key ?? privateKey);

const googleSignIn = async (credential: string) =>
  request(app).post("/api/auth/google_oauth2").send({ credential, select_by: "btn" });

describe("POST /api/auth/google_oauth2", () => {
  it("signs in an existing account by its verified address and remembers the Google subject", async () => {
    const client = await createClient({ role: "manager" });
    const sub = unique("sub");
    const res = await googleSignIn(await idToken({ sub, email: client.email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: client.id, clientId: client.id, role: "manager" });
    const headers = credentialsOf(res);
    expect(headers?.uid).toBe(client.email);
    expect(
      (
        await request(app)
          .get("/api/auth/validate_token")
          .set(headers ?? {})
      ).status,
    ).toBe(200);
    expect((await testDeps().db.client.findUniqueOrThrow({ where: { id: client.id } })).googleSub).toBe(sub);

    // Later the Google address changed: the subject still finds the account.
    const again = await googleSignIn(await idToken({ sub, email: `${unique()}@gmail.example.com` }));
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(client.id);
  });

  it("accepts the JSON:API-wrapped body too", async () => {
    const client = await createClient();
    const credential = await idToken({ sub: unique("sub"), email: client.email });
    const res = await request(app)
      .post("/api/auth/google_oauth2")
      .send({ data: { attributes: { credential } } });
    expect(res.status).toBe(200);
  });

  it("refuses a token for another audience, signed by another key, or unverified", async () => {
    const client = await createClient();
    const claims = { sub: unique("sub"), email: client.email };
    for (const credential of [
      await idToken(claims, { audience: "someone-else.apps.googleusercontent.com" }),
      await idToken(claims, { key: strangerKey }),
      "not-a-token-at-all",
    ]) {
      const res = await googleSignIn(credential);
      expect(res.status).toBe(401);
      expect(credentialsOf(res)).toBeNull();
    }
    const unverified = await googleSignIn(await idToken({ ...claims, email_verified: false }));
    expect(unverified.status).toBe(401);
    expect(await testDeps().db.session.count({ where: { clientId: client.id } })).toBe(0);
  });

  it("has no self sign-up: an unknown address is a 401", async () => {
    const res = await googleSignIn(
      await idToken({ sub: unique("sub"), email: `${unique()}@gmail.example.com` }),
    );
    expect(res.status).toBe(401);
    expect(res.body.errors[0].detail).toMatch(/No account/);
  });

  it("does not take over an account tied to another Google subject", async () => {
    const client = await createClient();
    expect((await googleSignIn(await idToken({ sub: unique("sub"), email: client.email }))).status).toBe(200);
    expect((await googleSignIn(await idToken({ sub: unique("sub"), email: client.email }))).status).toBe(401);
  });

  it("refuses a deactivated account", async () => {
    const client = await createClient({ status: "deactivated" });
    const res = await googleSignIn(await idToken({ sub: unique("sub"), email: client.email }));
    expect(res.status).toBe(401);
    expect(res.body.errors[0].detail).toMatch(/deactivated/);
  });

  it("is a JSON:API 404 when GOOGLE_CLIENT_ID is not configured", async () => {
    const res = await request(testApp())
      .post("/api/auth/google_oauth2")
      .send({ credential: await idToken({ sub: "x", email: "a@b.c" }) });
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({
      status: "404",
      detail: "Google sign-in is not configured on this server.",
    });
  });
});
