import { beforeAll, describe, expect, it } from "vitest";
import { applicants } from "@crew/contracts";
import { signInAs, signInWith, type TAuthHeaders } from "../support/auth.js";
import { createClient, createRank, unique } from "../support/factories.js";
import { revoking, testDeps } from "../support/deps.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { addService, rel } from "../records/support.js";
import {
  APPLICANTS_LIST_FIELDS,
  APPLICANTS_LIST_INCLUDE,
  APPLICANTS_SHORT_FIELDS,
} from "../spec-calls/applicants-fieldsets.js";
import { api, createApplicant, uniqueSurname } from "./support.js";

type TDoc = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
};

let admin: TAuthHeaders;
let rankId: number;

beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  rankId = (await createRank(unique("Bosun"))).id;
});

describe("the applicant list read with spec 001's own fieldsets", () => {
  it("serves every field of the main list's fieldset, electronic_me as null", async () => {
    const surname = uniqueSurname();
    const user = await createApplicant(admin, { surname }, { role: rel("ranks", rankId) });
    await addService(admin, user.id, rankId, {
      vessel_name: "MV Spec",
      date_on: "2020-01-10",
      date_off: "2020-07-01",
    });
    const res = await api()
      .get("/api/users")
      .set(admin)
      .query({
        "fields[users]": APPLICANTS_LIST_FIELDS.join(","),
        include: APPLICANTS_LIST_INCLUDE,
        search: surname,
        "page[size]": "15",
        "page[number]": "1",
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectJsonApi(res.body);
    const [row] = res.body.data as TDoc[];
    const relationshipNames = Object.keys(applicants.relationships);
    const attributes = APPLICANTS_LIST_FIELDS.filter((f) => !relationshipNames.includes(f));
    expect(Object.keys(row?.attributes ?? {}).sort()).toEqual([...attributes].sort());
    expect(row?.attributes.electronic_me).toBeNull();
    expect(row?.attributes.vessel_last_name).toBe("MV Spec");
    expect(row?.relationships?.role?.data).toEqual({ type: "ranks", id: String(rankId) });
    expect((res.body.included as TDoc[]).map((r) => r.type).sort()).toEqual(["expiriences", "ranks"]);
  });

  it("serves the shorter reading too, and shows an applicant with electronic_me", async () => {
    const user = await createApplicant(admin);
    const list = await api()
      .get("/api/users")
      .set(admin)
      .query({ "fields[users]": APPLICANTS_SHORT_FIELDS.join(","), "page[size]": "1" });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const shown = await api().get(`/api/users/${user.id}`).set(admin);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes).toHaveProperty("electronic_me", null);
    // Read only: a client that sends it back is told so.
    const written = await api()
      .patch(`/api/users/${user.id}`)
      .set(admin)
      .send({ data: { type: "users", id: user.id, attributes: { electronic_me: "x" } } });
    expect(written.status).toBe(400);
    expect(written.body.errors[0].source.pointer).toBe("/data/attributes/electronic_me");
  });
});

describe("an applicant shown with its sea service (spec 001 §7 GET users/{id}?include=expiriences,role)", () => {
  it("includes the applicant's own sea service and rank", async () => {
    const user = await createApplicant(admin, {}, { role: rel("ranks", rankId) });
    const other = await createApplicant(admin);
    const first = await addService(admin, user.id, rankId, {
      vessel_name: "MV One",
      date_on: "2019-01-10",
      date_off: "2019-06-01",
    });
    const second = await addService(admin, user.id, rankId, {
      vessel_name: "MV Two",
      date_on: "2020-01-10",
      date_off: "2020-06-01",
    });
    await addService(admin, other.id, rankId, { vessel_name: "MV Other", date_on: "2020-01-10" });
    const res = await api().get(`/api/users/${user.id}`).query({ include: "expiriences,role" }).set(admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectJsonApi(res.body);
    const linkage = (res.body.data.relationships.expiriences.data as { id: string }[])
      .map((d) => d.id)
      .sort();
    expect(linkage).toEqual([first.id, second.id].sort());
    const included = res.body.included as TDoc[];
    expect(
      included
        .filter((r) => r.type === "expiriences")
        .map((r) => r.attributes.vessel_name)
        .sort(),
    ).toEqual(["MV One", "MV Two"]);
    expect(included.filter((r) => r.type === "ranks").map((r) => r.id)).toEqual([String(rankId)]);
    // Written through the sea service itself, never through the applicant.
    const write = await api()
      .patch(`/api/users/${user.id}/relationships/expiriences`)
      .set(admin)
      .send({ data: [] });
    expect(write.status).toBe(403);
  });

  it("leaves the sea service out for a reader who may not read it", async () => {
    const user = await createApplicant(admin);
    await addService(admin, user.id, rankId, { vessel_name: "MV Hidden", date_on: "2021-01-10" });
    // A guest whose own permission record takes sea service away.
    const client = await createClient({ role: "guest" });
    const db = testDeps().db;
    const role = await db.permissionRecord.findFirstOrThrow({
      where: { role: "guest", item: "userExperiences", clientId: null },
    });
    await db.permissionRecord.create({
      data: {
        item: "userExperiences",
        role: null,
        clientId: client.id,
        permissionType: role.permissionType,
        enable: true,
        canRead: false,
      },
    });
    await revoking((tx) =>
      tx.revision.upsert({
        where: { name: "permissions" },
        create: { name: "permissions", value: 1n },
        update: { value: { increment: 1n } },
      }),
    );
    const { headers } = await signInWith(client.email);
    expect((await api().get(`/api/users/${user.id}/expiriences`).set(headers)).status).toBe(403);
    const res = await api().get(`/api/users/${user.id}`).query({ include: "expiriences,role" }).set(headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.included ?? []).filter((r: TDoc) => r.type === "expiriences")).toEqual([]);
  });
});
