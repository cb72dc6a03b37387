import { Writable } from "node:stream";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { AUTH_HEADERS } from "@crew/contracts";
import { createApp } from "../src/app.js";
import { createLogger } from "../src/lib/logger.js";
import { credentialsOf, rotatedHeaders, type TAuthHeaders } from "./support/auth.js";
import { testConfig, testDeps } from "./support/deps.js";
import { createClient, TEST_PASSWORD, unique } from "./support/factories.js";

/** Every log line the app writes, as text. */
const capture = () => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { lines, destination };
};

describe("request logs", () => {
  it("never hold a token, a password, a Google ID token or an Equasis password, and keep id, method, path, status, time and user", async () => {
    const { lines, destination } = capture();
    const config = testConfig({
      LOG_LEVEL: "info",
      GOOGLE_CLIENT_ID: "crew-log-test.apps.googleusercontent.com",
      GOOGLE_CERTS_URL: "http://127.0.0.1:9/certs",
      EQUASIS_URL: "http://127.0.0.1:9/equasis",
      EQUASIS_SECRET: "log-test-equasis-secret-of-enough-length-0123456789",
    });
    const logger = createLogger(config, { destination });
    const app = createApp({ ...testDeps(), config, logger });

    const admin = await createClient({ role: "admin" });
    const signIn = await request(app)
      .post("/api/auth/sign_in")
      .send({ email: admin.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    let headers = credentialsOf(signIn) as TAuthHeaders;
    const secrets = new Set<string>([TEST_PASSWORD]);
    const remember = (h: TAuthHeaders) => {
      for (const name of AUTH_HEADERS) if (name !== "token-type" && name !== "expiry") secrets.add(h[name]);
    };
    remember(headers);

    // Authenticated reads and writes, one with a new password in its body and one that fails.
    const newPassword = `Pw-${unique()}-secret`;
    secrets.add(newPassword);
    const calls = [
      () => request(app).get("/api/ranks").set(headers),
      () =>
        request(app)
          .post("/api/clients")
          .set(headers)
          .send({
            data: {
              type: "clients",
              attributes: {
                name: "Log Test",
                email: `${unique("log")}@test.example.com`,
                role: "guest",
                password: newPassword,
              },
            },
          }),
      () =>
        request(app)
          .patch("/api/clients/me")
          .set(headers)
          .send({ data: { attributes: { password: `${newPassword}-2`, current_password: TEST_PASSWORD } } }),
      () => request(app).get("/api/ranks?filter[nope]=1").set(headers),
      () => request(app).get("/api/auth/validate_token").set(headers),
    ];
    secrets.add(`${newPassword}-2`);
    for (const call of calls) {
      const res = await call();
      headers = rotatedHeaders(res, headers);
      remember(headers);
    }
    // An Equasis password saved on the profile, then a registry search that signs in with it
    // (the registry's address answers nothing: the failure is logged, the password is not).
    const equasisPassword = `Eq-${unique()}-secret`;
    secrets.add(equasisPassword);
    const saved = await request(app)
      .patch("/api/clients/me")
      .set(headers)
      .send({ equasis_email: "log@test.example.com", equasis_password: equasisPassword });
    expect(saved.status).toBe(200);
    headers = rotatedHeaders(saved, headers);
    remember(headers);
    const searched = await request(app)
      .get("/api/equasis_vessel_search")
      .query({ q: "9074729", email: "log@test.example.com" })
      .set(headers);
    expect(searched.status).toBeGreaterThanOrEqual(502);
    headers = rotatedHeaders(searched, headers);
    remember(headers);
    // A Google ID token (refused: the certificates address answers nothing) and a wrong password.
    const fakeIdToken = `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: unique() })).toString("base64url")}.c2lnbmF0dXJl`;
    secrets.add(fakeIdToken);
    await request(app).post("/api/auth/google_oauth2").send({ credential: fakeIdToken });
    await request(app).post("/api/auth/sign_in").send({ email: admin.email, password: "Wrong-Password-9" });
    secrets.add("Wrong-Password-9");

    const text = lines.join("");
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const secret of secrets) expect(text, `a secret reached the log`).not.toContain(secret);
    expect(text).not.toContain("access-token");

    const entries = lines.map(
      (l) =>
        JSON.parse(l) as {
          msg?: string;
          level?: number;
          req?: { id?: string; method?: string; path?: string };
          res?: { status?: number };
          responseTime?: number;
          userId?: number;
        },
    );
    const list = entries.find((e) => e.req?.path === "/api/ranks" && e.res?.status === 200);
    expect(list).toMatchObject({ req: { method: "GET" }, userId: admin.id });
    expect(list?.req?.id).toMatch(/.+/);
    expect(typeof list?.responseTime).toBe("number");
    // The message names the path as sent (not the router's mount-relative url); refusals log as warnings.
    expect(list?.msg).toMatch(/^GET \/api\/ranks 200 \d+ms$/);
    const refused = entries.find((e) => e.req?.path === "/api/ranks" && e.res?.status === 400);
    expect(refused).toMatchObject({ level: 40, msg: expect.stringMatching(/^GET \/api\/ranks 400 /) });
  });
});
