import request from "supertest";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import type { TSiteProfile } from "../../src/crew-sites/crew-site.js";
import type { TSiteStandIn } from "../../src/crew-sites/stand-in-server.js";
import { startCrewellStandIn } from "../../src/crewell/stand-in/crewell-stand-in.js";
import { startUkrCrewingStandIn } from "../../src/ukrcrewing/stand-in/ukrcrewing-stand-in.js";
import { signInAs } from "../support/auth.js";
import { testConfig, testDeps } from "../support/deps.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { createApplicant } from "../planning/planning-support.js";

/**
 * UkrCrewing and Crewell refresh (docs/outside-channels.md): the product's real clients (HTML
 * page reading, JSON API reading, timeouts and retries) against the sites' stand-ins; every
 * fetch kept as a version, the applicant changed only by the fields staff accept.
 */
const UC_KEY = "test-ukrcrewing-key";
const CW_TOKEN = "test-crewell-token";

let uc: TSiteStandIn;
let cw: TSiteStandIn;
let app: Express;
const api = () => request(app);
const db = () => testDeps().db;

let nextId = 300_000 + Math.floor(Math.random() * 600_000);
const siteId = () => String(nextId++);

const profile = (over: TSiteProfile["fields"] = {}): TSiteProfile => ({
  fields: {
    surname: "Shevchenko",
    name: "Taras",
    middle: "Hryhorovych",
    birthday: "1985-03-09",
    email: "taras@example.com",
    mobile_phone: "+380501112233",
    readiness_date: "2027-02-01",
    wage: 4200,
    ...over,
  },
  seaService: [
    {
      vessel: "MARITIME STAR",
      rank: "Chief Officer",
      company: "Black Sea Shipping",
      date_on: "2025-01-10",
      date_off: "2025-07-02",
    },
  ],
});

/** An applicant like the profile, with a site id; the site then differs in phone, readiness and wage. */
const applicantWithIds = async () => {
  const user = await createApplicant({ surname: "Shevchenko", name: "Taras", birthday: "1985-03-09" });
  const ucId = siteId();
  const cwId = siteId();
  await db().user.update({
    where: { id: user.id },
    data: {
      ukrCrewingId: ucId,
      crewellId: cwId,
      middle: "Hryhorovych",
      email: "taras@example.com",
      mobilePhone: "+380 50 000 00 00",
      readinessDate: new Date("2026-12-01T00:00:00Z"),
      wage: 4000,
    },
  });
  return { user, ucId, cwId };
};

beforeAll(async () => {
  uc = await startUkrCrewingStandIn({ apiKey: UC_KEY });
  cw = await startCrewellStandIn({ token: CW_TOKEN });
  const base = testDeps();
  const config = testConfig({
    UKRCREWING_URL: uc.url,
    UKRCREWING_API_KEY: UC_KEY,
    CREWELL_URL: cw.url,
    CREWELL_API_KEY: CW_TOKEN,
    CREW_SITES_TIMEOUT_MS: "400",
  });
  app = createApp({ ...base, config });
});

afterAll(async () => {
  await uc.close();
  await cw.close();
});

describe("UkrCrewing and Crewell refresh", () => {
  it("keeps a UkrCrewing fetch as a version with the diff and changes nothing until staff accept", async () => {
    const { headers } = await signInAs("manager", app);
    const { user, ucId } = await applicantWithIds();
    uc.setProfile(ucId, profile());

    const res = await api().get(`/api/users/${user.id}/update_from_uc`).set(headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectJsonApi(res.body);
    expect(res.body.meta.message).toBe("User updated successfully from UkrCrewing");
    const a = res.body.data.attributes;
    expect(a.source).toBe("ukr_crewing");
    expect(a.external_id).toBe(ucId);
    expect(a.status).toBe("pending");
    expect(a.sea_service).toEqual(profile().seaService);
    // The diff: phone, readiness and wage differ; the same e-mail and names are no change.
    expect(a.changes).toEqual([
      { field: "mobile_phone", ours: "+380 50 000 00 00", theirs: "+380501112233" },
      { field: "readiness_date", ours: "2026-12-01", theirs: "2027-02-01" },
      { field: "wage", ours: 4000, theirs: 4200 },
    ]);
    // Nothing of the applicant changed; the list's mark says something waits.
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.mobilePhone).toBe("+380 50 000 00 00");
    expect(after.wage).toBe(4000);
    expect(after.extUpdate?.toISOString()).toBe(a.date);

    // The spec's list: filter item_type, item_id.
    const list = await api()
      .get(`/api/external_object_versions?filter[item_type]=users&filter[item_id]=${user.id}&page[size]=999`)
      .set(headers);
    expect(list.status).toBe(200);
    expect(list.body.data.map((v: { id: string }) => v.id)).toEqual([res.body.data.id]);

    // Accept two of the three: only those two change.
    const accepted = await api()
      .post(`/api/external_object_versions/${res.body.data.id}/accept`)
      .set(headers)
      .send({ fields: ["mobile_phone", "wage"] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.attributes.status).toBe("reviewed");
    expect(accepted.body.data.attributes.accepted_fields).toEqual(["mobile_phone", "wage"]);
    const taken = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(taken.mobilePhone).toBe("+380501112233");
    expect(taken.wage).toBe(4200);
    expect(taken.readinessDate?.toISOString().slice(0, 10)).toBe("2026-12-01");
    expect(taken.extUpdate).toBeNull();
    // The change is the applicant's own audited update.
    const versions = await api().get(`/api/users/${user.id}/versions`).set(headers);
    expect(JSON.stringify(versions.body)).toContain("+380501112233");

    // A reviewed version is not accepted twice.
    const again = await api()
      .post(`/api/external_object_versions/${res.body.data.id}/accept`)
      .set(headers)
      .send({ fields: ["readiness_date"] });
    expect(again.status).toBe(409);
  });

  it("reads Crewell's JSON API; a profile that changed since the last fetch is a new version", async () => {
    const { headers } = await signInAs("manager", app);
    const { user, cwId } = await applicantWithIds();
    // No sea service either: nothing new at all.
    cw.setProfile(cwId, {
      ...profile({ mobile_phone: "+380 50 000 00 00", readiness_date: null, wage: 4000 }),
      seaService: [],
    });
    const first = await api().get(`/api/users/${user.id}/update_from_cw`).set(headers);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.meta.message).toBe("User updated successfully from Crewell");
    // The same as ours (the site's empty readiness proposes no erasing): nothing to decide.
    expect(first.body.data.attributes.changes).toEqual([]);
    expect(first.body.data.attributes.status).toBe("reviewed");

    cw.setProfile(
      cwId,
      profile({ mobile_phone: "+380 50 000 00 00", wage: 4000, address: "Odesa, Fontanska 5" }),
    );
    const second = await api().get(`/api/users/${user.id}/update_from_cw`).set(headers);
    expect(second.body.data.attributes.changes).toEqual([
      { field: "address", ours: null, theirs: "Odesa, Fontanska 5" },
      { field: "readiness_date", ours: "2026-12-01", theirs: "2027-02-01" },
    ]);
    const accept = await api()
      .post(`/api/external_object_versions/${second.body.data.id}/accept`)
      .set(headers)
      .send({ fields: ["address", "readiness_date"] });
    expect(accept.status).toBe(200);
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.address).toBe("Odesa, Fontanska 5");
    expect(after.readinessDate?.toISOString().slice(0, 10)).toBe("2027-02-01");
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.externalObjects).toMatchObject([{ source: "crewell", external_id: cwId }]);

    // get_applicant_with_experience: the applicant with their sea service.
    const withExp = await api()
      .get(`/api/external_object_versions/get_applicant_with_experience/${user.id}`)
      .set(headers);
    expect(withExp.status).toBe(200);
    expect(withExp.body.data.id).toBe(String(user.id));
  });

  it("adds the site's new sea-service rows staff pick, matched by vessel and dates, in one audited write", async () => {
    const { headers } = await signInAs("manager", app);
    const { user, ucId } = await applicantWithIds();
    const rank = await db().rank.upsert({
      where: { title: "Chief Officer" },
      create: { title: "Chief Officer" },
      update: {},
    });
    await db().expirience.create({
      data: {
        userId: user.id,
        roleId: rank.id,
        vesselName: "Lady Anna",
        dateOn: new Date("2024-03-15T00:00:00Z"),
        dateOff: new Date("2024-09-19T00:00:00Z"),
      },
    });
    const seaService = [
      // Ours already: the same vessel (other case and spacing) and days.
      {
        vessel: " LADY  anna ",
        rank: "Chief Officer",
        company: null,
        date_on: "2024-03-15",
        date_off: "2024-09-19",
      },
      {
        vessel: "MARITIME STAR",
        rank: "chief officer",
        company: "Black Sea Shipping",
        date_on: "2025-01-10",
        date_off: "2025-07-02",
      },
      {
        vessel: "Odd Rank",
        rank: "Galley wizard",
        company: null,
        date_on: "2023-01-10",
        date_off: "2023-05-02",
      },
      // No sign-on day: cannot be recorded, never "new".
      { vessel: "Undated", rank: "Chief Officer", company: null, date_on: null, date_off: null },
    ];
    uc.setProfile(ucId, { ...profile(), seaService });
    const fetched = await api().get(`/api/users/${user.id}/update_from_uc`).set(headers);
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(200);
    const versionId: string = fetched.body.data.id;
    expect(fetched.body.data.attributes.sea_service_new).toEqual([1, 2]);
    const services = () =>
      db().expirience.findMany({ where: { userId: user.id }, orderBy: { dateOn: "asc" } });

    // A row that is ours, a rank we do not have, a row the version has not: 422, nothing added.
    for (const [rows, at, message] of [
      [[0, 1], 0, /Row 1 \(.*\) is in the applicant's sea service already/],
      [[1, 2], 1, /"Galley wizard" is none of our ranks/],
      [[3], 0, /has no sign-on day/],
      [[1, 9], 1, /Row 10 is no row of this version/],
    ] as const) {
      const refused = await api()
        .post(`/api/external_object_versions/${versionId}/accept_sea_service`)
        .set(headers)
        .send({ rows });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      // One error, on the refused row's place in the request.
      expect(refused.body.errors).toHaveLength(1);
      expect(refused.body.errors[0].source.pointer).toBe(`/data/attributes/rows/${at}`);
      expect(refused.body.errors[0].title).toMatch(message);
    }
    // An unknown member is a 400 (as everywhere); a wrong shape a 422.
    for (const [body, status] of [
      [{}, 422],
      [{ rows: [] }, 422],
      [{ rows: ["1"] }, 422],
      [{ rows: [1], extra: true }, 400],
    ] as const) {
      const bad = await api()
        .post(`/api/external_object_versions/${versionId}/accept_sea_service`)
        .set(headers)
        .send(body);
      expect(bad.status, JSON.stringify(body)).toBe(status);
    }
    expect(await services()).toHaveLength(1);

    const taken = await api()
      .post(`/api/external_object_versions/${versionId}/accept_sea_service`)
      .set(headers)
      .send({ rows: [1] });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.meta.message).toBe("1 sea-service row added to the applicant");
    expect(taken.body.data.attributes.sea_service_new).toEqual([2]);
    const rows = await services();
    expect(rows).toHaveLength(2);
    const added = rows.find((r) => r.vesselName === "MARITIME STAR");
    expect(added).toMatchObject({
      roleId: rank.id,
      vesselManager: "Black Sea Shipping",
      dateOff: new Date("2025-07-02T00:00:00Z"),
    });
    // Audited with the staff member as actor, on the applicant's history.
    const audit = await db().version.findFirst({
      where: { itemType: "expiriences", itemId: added?.id, event: "create" },
    });
    expect(audit?.actorId).toBe(added?.authorId);
    expect(audit?.actorId).not.toBeNull();
    // Taken once only.
    const twice = await api()
      .post(`/api/external_object_versions/${versionId}/accept_sea_service`)
      .set(headers)
      .send({ rows: [1] });
    expect(twice.status).toBe(422);
    expect(await services()).toHaveLength(2);
  });

  it("refuses a picked row that overlaps the applicant's sea service or another picked row, by the staff form's rule; nothing written", async () => {
    const { headers } = await signInAs("manager", app);
    const { user, ucId } = await applicantWithIds();
    const rank = await db().rank.upsert({
      where: { title: "Chief Officer" },
      create: { title: "Chief Officer" },
      update: {},
    });
    await db().expirience.create({
      data: {
        userId: user.id,
        roleId: rank.id,
        vesselName: "Lady Anna",
        dateOn: new Date("2024-03-15T00:00:00Z"),
        dateOff: new Date("2024-09-19T00:00:00Z"),
      },
    });
    const row = (vessel: string, date_on: string, date_off: string | null) => ({
      vessel,
      rank: "Chief Officer",
      company: null,
      date_on,
      date_off,
    });
    const seaService = [
      row("Overlapper", "2024-09-01", "2024-12-01"),
      // Signs on the day Lady Anna signed off: a shared day is no overlap.
      row("Touching", "2024-09-19", "2024-11-30"),
      row("Pair A", "2025-01-10", "2025-05-01"),
      row("Pair B", "2025-04-20", "2025-08-01"),
      row("Clean", "2023-01-01", "2023-04-01"),
      // Still on board (no sign-off): runs on, so it overlaps everything after its sign-on.
      row("Open", "2025-07-01", null),
    ];
    uc.setProfile(ucId, { ...profile(), seaService });
    const fetched = await api().get(`/api/users/${user.id}/update_from_uc`).set(headers);
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(200);
    const versionId: string = fetched.body.data.id;
    // Overlapping rows are still new to us (not the same vessel and days): staff see them.
    expect(fetched.body.data.attributes.sea_service_new).toEqual([0, 1, 2, 3, 4, 5]);
    const take = (rows: number[]) =>
      api().post(`/api/external_object_versions/${versionId}/accept_sea_service`).set(headers).send({ rows });
    const count = () => db().expirience.count({ where: { userId: user.id } });

    // Against a record of ours: 422 on that row's place in the request, the record named as the
    // staff form names it.
    const onOurs = await take([4, 0]);
    expect(onOurs.status, JSON.stringify(onOurs.body)).toBe(422);
    expect(onOurs.body.errors).toHaveLength(1);
    expect(onOurs.body.errors[0].source.pointer).toBe("/data/attributes/rows/1");
    expect(onOurs.body.errors[0].title).toMatch(
      /^Row 1 \(Overlapper\) overlaps the service on Lady Anna \(15\.03\.2024 – 19\.09\.2024\)/,
    );
    // The staff form refuses the same dates with the same words: one rule.
    const byForm = await api()
      .post(`/api/users/${user.id}/expiriences`)
      .set(headers)
      .send({
        data: {
          type: "expiriences",
          attributes: { vessel_name: "Overlapper", date_on: "2024-09-01", date_off: "2024-12-01" },
          relationships: { role: { data: { type: "ranks", id: String(rank.id) } } },
        },
      });
    expect(byForm.status, JSON.stringify(byForm.body)).toBe(422);
    expect(byForm.body.errors[0].title).toContain(
      "overlaps the service on Lady Anna (15.03.2024 – 19.09.2024)",
    );
    // Nothing written: not the clean row picked with it either.
    expect(await count()).toBe(1);

    // Two picked rows overlapping each other: the later one points at the earlier.
    const pair = await take([3, 2, 4]);
    expect(pair.status, JSON.stringify(pair.body)).toBe(422);
    expect(pair.body.errors).toHaveLength(1);
    expect(pair.body.errors[0].source.pointer).toBe("/data/attributes/rows/0");
    expect(pair.body.errors[0].title).toMatch(/^Row 4 \(Pair B\) overlaps row 3 \(Pair A\), picked too/);
    // An open row overlaps the picked row that signs on before it ends (and every refusal is listed).
    const open = await take([0, 3, 5]);
    expect(open.status).toBe(422);
    expect(open.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      "/data/attributes/rows/0",
      "/data/attributes/rows/2",
    ]);
    expect(open.body.errors[1].title).toMatch(/^Row 6 \(Open\) overlaps row 4 \(Pair B\), picked too/);
    expect(await count()).toBe(1);

    // The rows that fit (one shares Lady Anna's sign-off day) go in together.
    const fits = await take([1, 2, 4]);
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(fits.body.meta.message).toBe("3 sea-service rows added to the applicant");
    expect(fits.body.data.attributes.sea_service_new).toEqual([0, 3, 5]);
    expect(await count()).toBe(4);
    // Now the rest overlap records of ours.
    const late = await take([3]);
    expect(late.status).toBe(422);
    expect(late.body.errors[0].title).toMatch(
      /overlaps the service on Pair A \(10\.01\.2025 – 01\.05\.2025\)/,
    );
    expect(await count()).toBe(4);
  });

  it("a site down, slow, redesigned or without the profile is a clear error and keeps what we have", async () => {
    const { headers } = await signInAs("manager", app);
    const { user, ucId, cwId } = await applicantWithIds();
    uc.setProfile(ucId, profile());
    cw.setProfile(cwId, profile());
    const count = () => db().externalObjectVersion.count({ where: { itemId: user.id } });

    // Two server errors are retried; the third attempt succeeds.
    uc.failNext(2, 503);
    const retried = await api().get(`/api/users/${user.id}/update_from_uc`).set(headers);
    expect(retried.status).toBe(200);

    uc.failNext(3, 500);
    const down = await api().get(`/api/users/${user.id}/update_from_uc`).set(headers);
    expect(down.status).toBe(502);
    expect(down.body.errors[0].detail).toMatch(/UkrCrewing could not be reached/);

    cw.delay(1000);
    const slow = await api().get(`/api/users/${user.id}/update_from_cw`).set(headers);
    cw.delay(0);
    expect(slow.status).toBe(504);

    uc.changeLayout(true);
    const redesigned = await api().get(`/api/users/${user.id}/update_from_uc`).set(headers);
    uc.changeLayout(false);
    expect(redesigned.status).toBe(502);
    expect(redesigned.body.errors[0].detail).toMatch(/Could not read UkrCrewing/);
    cw.changeLayout(true);
    const cwRedesigned = await api().get(`/api/users/${user.id}/update_from_cw`).set(headers);
    cw.changeLayout(false);
    expect(cwRedesigned.status).toBe(502);

    await db().user.update({ where: { id: user.id }, data: { ukrCrewingId: siteId() } });
    const missing = await api().get(`/api/users/${user.id}/update_from_uc`).set(headers);
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source.pointer).toBe("/data/attributes/ukr_crewing_id");

    await db().user.update({ where: { id: user.id }, data: { crewellId: null } });
    const noId = await api().get(`/api/users/${user.id}/update_from_cw`).set(headers);
    expect(noId.status).toBe(422);
    expect(noId.body.errors[0].source.pointer).toBe("/data/attributes/crewell_id");

    // Only the one successful fetch left a version; the applicant is as it was.
    expect(await count()).toBe(1);
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.wage).toBe(4000);
  });

  it("refuses wrong credentials, unknown fields and unknown applicants; no site configured is a 409", async () => {
    const { headers } = await signInAs("manager", app);
    const { user, ucId } = await applicantWithIds();
    uc.setProfile(ucId, profile());
    const wrongKey = createApp({
      ...testDeps(),
      config: testConfig({ UKRCREWING_URL: uc.url, UKRCREWING_API_KEY: "not-the-right-key" }),
    });
    const refused = await request(wrongKey).get(`/api/users/${user.id}/update_from_uc`).set(headers);
    expect(refused.status).toBe(502);
    expect(refused.body.errors[0].detail).toMatch(/refused the company's credentials/);
    expect(JSON.stringify(refused.body)).not.toContain("not-the-right-key");
    const none = await request(createApp({ ...testDeps(), config: testConfig({}) }))
      .get(`/api/users/${user.id}/update_from_cw`)
      .set(headers);
    expect(none.status).toBe(409);

    const res = await api().get(`/api/users/${user.id}/update_from_uc`).set(headers);
    const bad = await api()
      .post(`/api/external_object_versions/${res.body.data.id}/accept`)
      .set(headers)
      .send({ fields: ["telegram_user_id"] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toMatch(/^\/data\/attributes\/fields/);
    const same = await api()
      .post(`/api/external_object_versions/${res.body.data.id}/accept`)
      .set(headers)
      .send({ fields: ["surname"] });
    expect(same.status).toBe(422);
    expect((await api().get(`/api/users/999999999/update_from_uc`).set(headers)).status).toBe(404);
  });
});
