import request from "supertest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_DEVICES_PER_ACCOUNT, SESSION_LIFETIME_MS, TOKEN_ROTATION_GRACE_MS } from "@crew/contracts";
import { deleteSessionsOfClient } from "../src/auth/session-repository.js";
import { hashToken } from "../src/auth/tokens.js";
import { credentialsOf, rotatedHeaders, signInAs, signInWith } from "./support/auth.js";
import { revoking, testApp, testDeps } from "./support/deps.js";

const validate = (headers: Record<string, string>) =>
  request(testApp()).get("/api/auth/validate_token").set(headers);

/** Moves the server's clock (Date only: sockets and the database keep real timers). */
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe("token sessions", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("validate_token answers the current user, and /api routes need the headers", async () => {
    const { client, headers } = await signInAs("admin");
    const res = await validate(headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { id: client.id, clientId: client.id, role: "admin" },
    });

    // Past the middleware, an unknown path is a 404; without credentials it is a 401.
    expect((await request(testApp()).get("/api/no-such-thing").set(headers)).status).toBe(404);
    const anonymous = await request(testApp()).get("/api/no-such-thing");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].status).toBe("401");
    expect((await request(testApp()).get("/api/health")).status).toBe(200);
  });

  it("refuses a wrong token, another account's uid, an unknown device and a non-Bearer type", async () => {
    const { headers } = await signInAs();
    const other = await signInAs();
    for (const bad of [
      { ...headers, "access-token": "x".repeat(43) },
      { ...headers, uid: other.client.email },
      { ...headers, client: other.headers.client },
      { ...headers, client: "no-such-device" },
      { ...headers, "token-type": "Basic" },
    ]) {
      expect((await validate(bad)).status).toBe(401);
    }
    expect((await validate(headers)).status).toBe(200);
  });

  it("keeps the token within the grace window and rotates it after", async () => {
    const { headers } = await signInAs();
    advance(1000);
    const same = await validate(headers);
    expect(same.status).toBe(200);
    expect(credentialsOf(same)).toEqual(headers);

    advance(TOKEN_ROTATION_GRACE_MS);
    const rotated = await validate(headers);
    expect(rotated.status).toBe(200);
    const next = credentialsOf(rotated);
    expect(next).not.toBeNull();
    expect(next?.["access-token"]).not.toBe(headers["access-token"]);
    expect(next?.client).toBe(headers.client);
    expect(next?.uid).toBe(headers.uid);
    // The rotation slides the two-week lifetime.
    expect(Number(next?.expiry)).toBe(Math.floor((Date.now() + SESSION_LIFETIME_MS) / 1000));

    // The replaced token still works for a moment (requests sent in parallel), without credentials back.
    advance(TOKEN_ROTATION_GRACE_MS - 1000);
    const late = await validate(headers);
    expect(late.status).toBe(200);
    expect(credentialsOf(late)).toBeNull();
    expect(rotatedHeaders(late, next ?? headers)).toEqual(next);

    // Once the new token is used, the replaced one lives for the window from that use...
    const used = await validate(next ?? headers);
    expect(used.status).toBe(200);
    expect(credentialsOf(used)).toEqual(next);
    advance(TOKEN_ROTATION_GRACE_MS - 1);
    expect((await validate(headers)).status).toBe(200);
    // ...and never again once it has passed.
    advance(2);
    expect((await validate(headers)).status).toBe(401);
    const fresh = await validate(next ?? headers);
    expect(fresh.status).toBe(200);
    expect(credentialsOf(fresh)?.["access-token"]).not.toBe(next?.["access-token"]);
    advance(60_000);
    expect((await validate(headers)).status).toBe(401);
  });

  it("recovers a lost answer: the replaced token gets a fresh one while the new token was never used", async () => {
    const { headers } = await signInAs();
    advance(TOKEN_ROTATION_GRACE_MS);
    // The answer carrying this token never reached the client (a cancelled request).
    const lost = credentialsOf(await validate(headers));
    expect(lost).not.toBeNull();

    advance(TOKEN_ROTATION_GRACE_MS + 10_000);
    const recovered = await validate(headers);
    expect(recovered.status).toBe(200);
    const fresh = credentialsOf(recovered);
    expect(fresh?.["access-token"]).not.toBe(headers["access-token"]);
    expect(fresh?.["access-token"]).not.toBe(lost?.["access-token"]);
    // The lost token is dead; the old one works until the fresh one is used, then for the window.
    expect((await validate(lost ?? headers)).status).toBe(401);
    expect((await validate(headers)).status).toBe(200);
    expect((await validate(fresh ?? headers)).status).toBe(200);
    advance(TOKEN_ROTATION_GRACE_MS);
    expect((await validate(headers)).status).toBe(401);
    expect((await validate(fresh ?? headers)).status).toBe(200);
  });

  it("serves parallel requests with one token: exactly one rotation, every request answered", async () => {
    const { headers } = await signInAs();
    advance(TOKEN_ROTATION_GRACE_MS + 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => request(testApp()).get("/api/no-such-thing").set(headers)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(404));
    const issued = answers.map(credentialsOf).filter((c) => c !== null);
    expect(issued).toHaveLength(1);
    const next = issued[0]!;
    expect(next["access-token"]).not.toBe(headers["access-token"]);
    // Both tokens work during the window; the old one stops after it.
    expect((await validate(next)).status).toBe(200);
    expect((await validate(headers)).status).toBe(200);
    advance(TOKEN_ROTATION_GRACE_MS);
    expect((await validate(headers)).status).toBe(401);
  });

  it("a token two rotations old is refused at once", async () => {
    const { headers: first } = await signInAs();
    advance(TOKEN_ROTATION_GRACE_MS);
    const second = credentialsOf(await validate(first));
    advance(TOKEN_ROTATION_GRACE_MS);
    const third = credentialsOf(await validate(second ?? first));
    expect(third?.["access-token"]).not.toBe(second?.["access-token"]);
    expect((await validate(first)).status).toBe(401);
    expect((await validate(second ?? first)).status).toBe(200);
  });

  it("stores only an HMAC of the token", async () => {
    const { client, headers } = await signInAs();
    const rows = await testDeps().db.session.findMany({ where: { clientId: client.id } });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.device).toBe(headers.client);
    expect(row.tokenHash).toBe(hashToken(testDeps().sessionSecret, headers["access-token"]));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(headers["access-token"]);
  });

  it("ends a session after two weeks", async () => {
    const { headers } = await signInAs();
    advance(SESSION_LIFETIME_MS - 60_000);
    const still = await validate(headers);
    expect(still.status).toBe(200);
    const current = rotatedHeaders(still, headers);
    advance(SESSION_LIFETIME_MS + 1);
    const expired = await validate(current);
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0].detail).toMatch(/expired/);
  });

  it(`keeps at most ${MAX_DEVICES_PER_ACCOUNT} devices per account: the oldest goes first`, async () => {
    const { client, headers: oldest } = await signInAs();
    advance(1);
    const { headers: second } = await signInWith(client.email);
    for (let i = 2; i < MAX_DEVICES_PER_ACCOUNT; i++) {
      advance(1);
      await signInWith(client.email);
    }
    expect(await testDeps().db.session.count({ where: { clientId: client.id } })).toBe(
      MAX_DEVICES_PER_ACCOUNT,
    );
    expect((await validate(oldest)).status).toBe(200);

    advance(1);
    const { headers: newest } = await signInWith(client.email);
    expect(await testDeps().db.session.count({ where: { clientId: client.id } })).toBe(
      MAX_DEVICES_PER_ACCOUNT,
    );
    expect((await validate(oldest)).status).toBe(401);
    expect((await validate(second)).status).toBe(200);
    expect((await validate(newest)).status).toBe(200);
  });

  it("sign_out ends that device's session only", async () => {
    const { client, headers } = await signInAs();
    const { headers: other } = await signInWith(client.email);
    const out = await request(testApp()).delete("/api/auth/sign_out").set(headers);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect((await validate(headers)).status).toBe(401);
    expect((await validate(other)).status).toBe(200);
    const again = await request(testApp()).delete("/api/auth/sign_out").set(headers);
    expect(again.status).toBe(404);
    expect(again.body.errors[0].status).toBe("404");
  });

  it("refuses the requests of an account deactivated after it signed in, and deleteSessionsOfClient ends them", async () => {
    const { client, headers } = await signInAs();
    await revoking((tx) => tx.client.update({ where: { id: client.id }, data: { status: "deactivated" } }));
    const res = await validate(headers);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].detail).toMatch(/deactivated/);

    await revoking((tx) => tx.client.update({ where: { id: client.id }, data: { status: "active" } }));
    expect((await validate(headers)).status).toBe(200);
    expect(await revoking((tx) => deleteSessionsOfClient(tx, client.id))).toBe(1);
    expect((await validate(headers)).status).toBe(401);
  });

  it("answers with the current permissions after a permission change", async () => {
    const { client, headers } = await signInAs("admin");
    const { db } = testDeps();
    const before = await validate(headers);
    expect(before.body.data.permissions.ranks.read).toBe(true);
    // A client-specific override, announced by bumping the revision as the admin screens do.
    const roleRecord = await db.permissionRecord.findFirstOrThrow({
      where: { role: "admin", clientId: null, item: "ranks", parentId: null },
    });
    await db.permissionRecord.create({
      data: {
        item: "ranks",
        parentId: null,
        role: null,
        clientId: client.id,
        enable: true,
        permissionType: roleRecord.permissionType,
        canRead: false,
      },
    });
    await revoking((tx) =>
      tx.revision.update({ where: { name: "permissions" }, data: { value: { increment: 1n } } }),
    );
    const after = await validate(headers);
    expect(after.body.data.permissions.ranks.read).toBe(false);
  });
});
