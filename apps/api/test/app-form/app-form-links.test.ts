import request from "supertest";
import type { Express } from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { APP_FORM_TOKEN_LIMIT } from "../../src/resources/app-form-links/public-app-form-router.js";
import { signInAs } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { createApplicant } from "../planning/planning-support.js";

/**
 * Application-form links (issue 19 §3; docs/outside-channels.md): staff make a link under the
 * applicant, the seafarer opens the public form with no account and sends it once, and what
 * they sent waits as a version from source `application_form` until staff accept fields.
 */
let app: Express;
const api = () => request(app);
const db = () => testDeps().db;

const tokenOf = (url: string) => url.split("/application-form/")[1] ?? "";
const post = (token: string, form: Record<string, string>) =>
  api().post(`/application-form/${token}`).type("form").send(form);

/** An applicant with a phone and wage on record. */
const applicant = async () => {
  const user = await createApplicant({ surname: "Kovalenko", name: "Petro", birthday: "1988-05-04" });
  await db().user.update({ where: { id: user.id }, data: { mobilePhone: "+380 50 111 22 33", wage: 3500 } });
  return user;
};

const issue = async (headers: Record<string, string>, userId: number, body: object = {}) => {
  const res = await api().post(`/api/users/${userId}/app_form_links`).set(headers).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
};

beforeAll(() => {
  // In-process rate-limit counters: CI's Redis is shared with the other database's run and with re-runs.
  app = createApp({ ...testDeps(), redis: null });
});

describe("application-form links", () => {
  it("a link opens the form with no account; the submission waits as a version until staff accept", async () => {
    const { headers } = await signInAs("manager", app);
    const user = await applicant();

    const res = await issue(headers, user.id);
    expectJsonApi(res.body);
    expect(res.body.meta.message).toBe("The link created successfully");
    expect(res.body.data.attributes.status).toBe("open");
    const url: string = res.body.meta.url;
    const token = tokenOf(url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is kept; the address is nowhere in the row.
    const row = await db().appFormLink.findUniqueOrThrow({ where: { id: Number(res.body.data.id) } });
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);

    // The spec's list: include author, newest first.
    const list = await api()
      .get(`/api/users/${user.id}/app_form_links?include=author&sort=-created_at&page[size]=999`)
      .set(headers);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.map((l: { id: string }) => l.id)).toEqual([res.body.data.id]);
    // The author's name is on the row (the clients record itself is included only for who may read staff).
    expect(list.body.data[0].attributes.author_name).toEqual(expect.any(String));

    // The public page: no account, the applicant's data as we hold it, no referrer, not cached.
    const page = await api().get(`/application-form/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.text).toContain('value="Kovalenko"');
    expect(page.text).toContain('value="+380 50 111 22 33"');
    expect(page.text).not.toContain("<script");

    // Refused field by field; what was typed is kept; nothing stored.
    const bad = await post(token, {
      surname: "",
      name: "Petro",
      email: "not-an-email",
      wage: "lots",
      birthday: "2099-01-01",
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(/id="e-surname"[^>]*>Please fill this in/);
    expect(bad.text).toMatch(/id="e-email"/);
    expect(bad.text).toMatch(/id="e-wage"/);
    expect(bad.text).toMatch(/id="e-birthday"[^>]*>Can.*t be in the future/);
    expect(bad.text).toContain('value="not-an-email"');
    expect(await db().externalObjectVersion.count({ where: { itemId: user.id } })).toBe(0);

    // Sent: a new phone, an e-mail and a higher wage; the same surname is no change.
    const good = await post(token, {
      surname: "Kovalenko",
      name: "Petro",
      birthday: "1988-05-04",
      email: "Petro.K@example.com",
      mobile_phone: "+380 67 999 88 77",
      wage: "3900",
      readiness_date: "",
    });
    expect(good.status, good.text).toBe(200);
    expect(good.text).toContain("Thank you");
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.mobilePhone).toBe("+380 50 111 22 33");
    expect(after.wage).toBe(3500);
    expect(after.extUpdate).not.toBeNull();

    // Once only.
    expect((await post(token, { surname: "X", name: "Y" })).status).toBe(410);
    expect((await api().get(`/application-form/${token}`)).status).toBe(410);

    // Staff see the version with its diff and the link as submitted.
    const versions = await api()
      .get(`/api/external_object_versions?filter[item_id]=${user.id}&filter[source]=application_form`)
      .set(headers);
    expect(versions.status).toBe(200);
    expect(versions.body.data).toHaveLength(1);
    const v = versions.body.data[0];
    expect(v.attributes.status).toBe("pending");
    expect(v.attributes.external_id).toBe(res.body.data.id);
    expect(v.attributes.changes).toEqual([
      { field: "email", ours: null, theirs: "petro.k@example.com" },
      { field: "mobile_phone", ours: "+380 50 111 22 33", theirs: "+380 67 999 88 77" },
      { field: "wage", ours: 3500, theirs: 3900 },
    ]);
    const shown = await api().get(`/api/app_form_links/${res.body.data.id}`).set(headers);
    expect(shown.body.data.attributes).toMatchObject({ status: "submitted", version_id: Number(v.id) });

    // Two of three accepted through the applicants' own update.
    const accepted = await api()
      .post(`/api/external_object_versions/${v.id}/accept`)
      .set(headers)
      .send({ fields: ["mobile_phone", "wage"] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const taken = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(taken.mobilePhone).toBe("+380 67 999 88 77");
    expect(taken.wage).toBe(3900);
    expect(taken.email).toBeNull();
  });

  it("forged, expired, replaced and deleted links are the same 404; bad issues are refused", async () => {
    const { headers } = await signInAs("manager", app);
    const user = await applicant();
    const first = tokenOf((await issue(headers, user.id)).body.meta.url);
    const second = await issue(headers, user.id, {
      data: { type: "app_form_links", attributes: { days: 3 } },
    });
    const secondToken = tokenOf(second.body.meta.url);
    // A new link replaces the one still open.
    const gone = await api().get(`/application-form/${first}`);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("This link is not valid");
    expect((await post(first, { surname: "A", name: "B" })).status).toBe(404);
    expect((await api().get(`/application-form/${secondToken}`)).status).toBe(200);
    const list = await api().get(`/api/users/${user.id}/app_form_links`).set(headers);
    expect(list.body.data.map((l: { attributes: { status: string } }) => l.attributes.status)).toEqual([
      "open",
      "revoked",
    ]);

    // Tampered and malformed tokens.
    const forged = `${secondToken.slice(0, -1)}${secondToken.endsWith("A") ? "B" : "A"}`;
    expect((await api().get(`/application-form/${forged}`)).status).toBe(404);
    expect((await api().get("/application-form/short")).status).toBe(404);

    // Expired.
    await db().appFormLink.update({
      where: { id: Number(second.body.data.id) },
      data: { expiresAt: new Date(0) },
    });
    expect((await api().get(`/application-form/${secondToken}`)).status).toBe(404);
    expect((await post(secondToken, { surname: "A", name: "B" })).status).toBe(404);

    // Deleted by staff.
    const third = await issue(headers, user.id);
    const thirdToken = tokenOf(third.body.meta.url);
    const del = await api().delete(`/api/app_form_links/${third.body.data.id}`).set(headers);
    expect(del.status).toBe(204);
    expect((await api().get(`/application-form/${thirdToken}`)).status).toBe(404);

    // Bad issues: days out of range (422 with a pointer), an unknown applicant (404), no account (401).
    const badDays = await api().post(`/api/users/${user.id}/app_form_links`).set(headers).send({ days: 90 });
    expect(badDays.status).toBe(422);
    expect(badDays.body.errors[0].source.pointer).toBe("/data/attributes/days");
    expect((await api().post("/api/users/999999999/app_form_links").set(headers).send({})).status).toBe(404);
    expect((await api().post(`/api/users/${user.id}/app_form_links`).send({})).status).toBe(401);
    // A partner reads no applicants: no link either.
    const partner = await signInAs("partner", app);
    const refused = await api().post(`/api/users/${user.id}/app_form_links`).set(partner.headers).send({});
    expect([403, 404]).toContain(refused.status);
    // Two links left: the replaced one and the expired one (the deleted one is gone).
    expect(await db().appFormLink.count({ where: { userId: user.id } })).toBe(2);
  });

  it("throttles one link and refuses an oversized body", async () => {
    const { headers } = await signInAs("manager", app);
    const user = await applicant();
    const token = tokenOf((await issue(headers, user.id)).body.meta.url);
    const huge = await api()
      .post(`/application-form/${token}`)
      .type("form")
      .send(`surname=${"x".repeat(40_000)}&name=B`);
    expect(huge.status).toBe(413);
    // The seafarer's browser gets the form again with the reason, not a JSON error.
    expect(huge.headers["content-type"]).toMatch(/text\/html/);
    expect(huge.text).toContain("The form&#39;s text is too long, so nothing was saved");
    expect(huge.text).toContain('<form method="post"');
    let throttled = 0;
    for (let i = 0; i < APP_FORM_TOKEN_LIMIT + 5; i++)
      if ((await api().get(`/application-form/${token}`)).status === 429) throttled++;
    expect(throttled).toBeGreaterThanOrEqual(5);
    const limited = await api().get(`/application-form/${token}`);
    expect(limited.status).toBe(429);
    expect(limited.text).toContain("Too many tries");
    // Nothing was stored by any of it.
    expect(await db().externalObjectVersion.count({ where: { itemId: user.id } })).toBe(0);
  });
});
