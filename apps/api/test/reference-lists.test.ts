import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { testApp } from "./support/deps.js";
import { signInAs, type TAuthHeaders } from "./support/auth.js";
import { unique } from "./support/factories.js";
import { expectJsonApi } from "./support/jsonapi.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

const api = () => request(testApp());
const create = (type: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
  api()
    .post(`/api/${type}`)
    .set(admin)
    .send({ data: { type, attributes, ...(relationships ? { relationships } : {}) } });

describe("a reference list through the generic engine", () => {
  it("creates, shows, updates, lists and deletes", async () => {
    const title = unique("Bulk");
    const created = await create("vessel_types", { title });
    expect(created.status).toBe(201);
    expectJsonApi(created.body);
    expect(created.body.data).toMatchObject({ type: "vessel_types", attributes: { title } });
    const id = created.body.data.id as string;

    const shown = await api().get(`/api/vessel_types/${id}`).set(admin);
    expect(shown.status).toBe(200);
    expectJsonApi(shown.body);

    const updated = await api()
      .patch(`/api/vessel_types/${id}`)
      .set(admin)
      .send({ data: { type: "vessel_types", id, attributes: { title: `${title} X` } } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes.title).toBe(`${title} X`);

    const listed = await api()
      .get("/api/vessel_types")
      .query({ "filter[title]": `${title} x` })
      .set(admin);
    expect(listed.status).toBe(200);
    expectJsonApi(listed.body);
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    expect(listed.body.meta.count).toBe(1);

    const deleted = await api().delete(`/api/vessel_types/${id}`).set(admin);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await api().get(`/api/vessel_types/${id}`).set(admin)).status).toBe(404);
  });

  it("pages, sorts and searches with links that carry page[number]", async () => {
    const tag = unique("Pg");
    for (const n of [3, 1, 2, 5, 4])
      expect((await create("engine_types", { title: `${tag} ${n}` })).status).toBe(201);
    const page = await api()
      .get("/api/engine_types")
      .query({ search: tag, sort: "-title", "page[size]": 2, "page[number]": 2 })
      .set(admin);
    expect(page.status).toBe(200);
    expectJsonApi(page.body);
    expect(page.body.data.map((d: { attributes: { title: string } }) => d.attributes.title)).toEqual([
      `${tag} 3`,
      `${tag} 2`,
    ]);
    expect(page.body.meta).toEqual({ count: 5, total: 5 });
    expect(page.body.links.last).toContain("page%5Bnumber%5D=3");
    expect(page.body.links.prev).toContain("page%5Bnumber%5D=1");
    expect(page.body.links.next).toContain("page%5Bnumber%5D=3");
    const all = await api()
      .get("/api/engine_types")
      .query({ "filter[title]": "all", search: tag })
      .set(admin);
    expect(all.body.meta.count).toBe(5);
  });

  it("answers bad input with clear JSON:API errors, never a 500", async () => {
    const title = unique("Dup");
    expect((await create("vendor_types", { title })).status).toBe(201);
    const dup = await create("vendor_types", { title });
    expect(dup.status).toBe(422);
    expectJsonApi(dup.body);
    expect(dup.body.errors[0]).toMatchObject({
      status: "422",
      title: "has already been taken",
      source: { pointer: "/data/attributes/title" },
    });

    const blank = await create("vendor_types", { title: "  " });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0].source.pointer).toBe("/data/attributes/title");
    const missing = await create("vendor_types", {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({
      title: "can't be blank",
      source: { pointer: "/data/attributes/title" },
    });

    const unknownAttr = await create("vendor_types", { title: unique(), colour: "red" });
    expect(unknownAttr.status).toBe(400);
    expect(unknownAttr.body.errors[0].source.pointer).toBe("/data/attributes/colour");
    expect((await create("vendor_types", { title: unique(), created_at: "2020-01-01" })).status).toBe(400);

    for (const query of [
      { "filter[colour]": "x" },
      { sort: "colour" },
      { include: "owner" },
      { "page[size]": "1000" },
      { "page[number]": "0" },
      { "fields[vendor_types]": "colour" },
      { bogus: "1" },
    ]) {
      const res = await api().get("/api/vendor_types").query(query).set(admin);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expectJsonApi(res.body);
    }
    expect((await api().get("/api/vendor_types/abc").set(admin)).status).toBe(404);
    expect((await api().get("/api/vendor_types/999999999").set(admin)).status).toBe(404);
    const wrongType = await api()
      .post("/api/vendor_types")
      .set(admin)
      .send({ data: { type: "ports", attributes: { title: unique() } } });
    expect(wrongType.status).toBe(409);
    const notADocument = await api().post("/api/vendor_types").set(admin).send({ title: "x" });
    expect(notADocument.status).toBe(400);
    const badJson = await api()
      .post("/api/vendor_types")
      .set(admin)
      .set("content-type", "application/json")
      .send("{oops");
    expect(badJson.status).toBe(400);
    expectJsonApi(badJson.body);
    const wrongMedia = await api()
      .post("/api/vendor_types")
      .set(admin)
      .set("content-type", "text/plain")
      .send("hello");
    expect(wrongMedia.status).toBe(415);
  });

  it("keeps to-one relationships: linkage, include, the relationships endpoint and missing targets", async () => {
    const type = await create("vendor_types", { title: unique("Spare") });
    const typeId = type.body.data.id as string;
    const vendor = await create(
      "vendors",
      { title: unique("Vendor") },
      { vendor_type: { data: { type: "vendor_types", id: typeId } } },
    );
    expect(vendor.status).toBe(201);
    expect(vendor.body.data.relationships.vendor_type.data).toEqual({ type: "vendor_types", id: typeId });
    const id = vendor.body.data.id as string;

    const withInclude = await api().get(`/api/vendors/${id}`).query({ include: "vendor_type" }).set(admin);
    expectJsonApi(withInclude.body);
    expect(withInclude.body.included).toEqual([
      expect.objectContaining({ type: "vendor_types", id: typeId }),
    ]);
    const filtered = await api()
      .get("/api/vendors")
      .query({ "filter[vendor_type_id]": typeId, include: "vendor_type" })
      .set(admin);
    expect(filtered.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    expect(filtered.body.included).toHaveLength(1);

    const rel = await api().get(`/api/vendors/${id}/relationships/vendor_type`).set(admin);
    expect(rel.body).toEqual({ data: { type: "vendor_types", id: typeId } });
    const cleared = await api()
      .patch(`/api/vendors/${id}/relationships/vendor_type`)
      .set(admin)
      .send({ data: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ data: null });

    const missing = await create(
      "vendors",
      { title: unique() },
      { vendor_type: { data: { type: "vendor_types", id: "999999999" } } },
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source.pointer).toBe("/data/relationships/vendor_type");
    const wrongRelType = await create(
      "vendors",
      { title: unique() },
      { vendor_type: { data: { type: "ports", id: typeId } } },
    );
    expect(wrongRelType.status).toBe(409);
  });

  it("serves every reference list of the spec", async () => {
    const types = [
      "vessel_types",
      "engine_types",
      "engine_manufacturers",
      "vendor_types",
      "vendors",
      "certificate_types",
      "relation_types",
      "crewing_statuses",
      "countries",
      "ports",
      "main_engines",
      "applicant_contracts",
      "applicant-documents",
      "english_test_types",
    ];
    for (const type of types) {
      const res = await api().get(`/api/${type}`).set(admin);
      expect(res.status, type).toBe(200);
      expectJsonApi(res.body);
    }
    const country = await create("countries", { name: unique("Land"), code: "zz" });
    expect(country.status).toBe(201);
    expect(country.body.data.attributes.code).toBe("ZZ");
    const badCode = await create("countries", { name: unique("Land"), code: "ZZZ" });
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors[0].source.pointer).toBe("/data/attributes/code");
    await api().delete(`/api/countries/${country.body.data.id}`).set(admin);
  });

  it("offers select options of readable lists only", async () => {
    const title = unique("Sel");
    await create("certificate_types", { title });
    const res = await api()
      .get("/api/select_options")
      .query({ type: "certificate_types", q: title.toUpperCase() })
      .set(admin);
    expect(res.status).toBe(200);
    expectJsonApi(res.body);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        type: "select_options",
        attributes: expect.objectContaining({ label: title }),
      }),
    ]);
    expect((await api().get("/api/select_options").query({ type: "nope" }).set(admin)).status).toBe(400);
    expect((await api().get("/api/select_options").set(admin)).status).toBe(400);
    const guest = (await signInAs("guest")).headers;
    expect(
      (await api().get("/api/select_options").query({ type: "certificate_types" }).set(guest)).status,
    ).toBe(403);
  });
});
