import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "./support/auth.js";
import { testApp } from "./support/deps.js";
import { createScaleRow } from "./support/factories.js";

/** The hostile inputs that once answered 500 (hardening issue); the fuzzer covers the rest. */
let admin: TAuthHeaders;
let guest: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  guest = (await signInAs("guest")).headers;
});

const expectClientError = (res: request.Response, statuses: number[]) => {
  expect(statuses, `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  if (res.status !== 200) expect(Array.isArray(res.body.errors)).toBe(true);
};

describe("hostile input that once answered 500", () => {
  it("ids beyond the 32-bit range are 404", async () => {
    const app = testApp();
    for (const id of ["2147483648", "9999999999", "99999999999999999999", "-1", "0", "1.5", "1e3", "abc"]) {
      expectClientError(
        await request(app)
          .patch(`/api/ranks/${id}`)
          .set(admin)
          .send({ data: { type: "ranks", id, attributes: { title: "x" } } }),
        [404, 409],
      );
      expectClientError(await request(app).delete(`/api/ranks/${id}`).set(admin), [404]);
      expectClientError(await request(app).get(`/api/ranks/${id}`).set(admin), [404]);
    }
  });

  it("a NUL byte in search or a filter is 400", async () => {
    const app = testApp();
    expectClientError(await request(app).get("/api/ranks?search=a%00b").set(admin), [400]);
    expectClientError(await request(app).get("/api/ranks?filter[title]=a%00b").set(admin), [400]);
    expectClientError(await request(app).get("/api/select_options?type=ranks&q=%00").set(admin), [400]);
  });

  it("prototype names in include, sort, filter and fields are 400", async () => {
    const app = testApp();
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expectClientError(await request(app).get(`/api/ranks?include=${name}`).set(admin), [400]);
      expectClientError(await request(app).get(`/api/ranks?sort=${name}`).set(admin), [400]);
      // qs drops __proto__ keys itself (an empty filter): a 200, never a 500.
      expectClientError(
        await request(app).get(`/api/ranks?filter[${name}]=1`).set(admin),
        name === "__proto__" ? [400, 200] : [400],
      );
      expectClientError(await request(app).get(`/api/ranks?fields[ranks]=${name}`).set(admin), [400]);
      expectClientError(
        await request(app)
          .post("/api/ranks")
          .set(admin)
          .send({ data: { type: "ranks", attributes: { [name]: 1, title: "x", department: "deck" } } }),
        [400, 422],
      );
      expectClientError(await request(app).get(`/api/ports/1/relationships/${name}`).set(admin), [404]);
    }
  });

  it("a PATCH with an empty body or {} is 400", async () => {
    const app = testApp();
    expectClientError(await request(app).patch("/api/ranks/1").set(admin), [400, 404]);
    expectClientError(
      await request(app).patch("/api/ranks/1").set(admin).set("content-type", "application/json").send("{}"),
      [400, 404],
    );
    expectClientError(
      await request(app).patch("/api/ranks/1").set(admin).set("content-type", "application/json").send(""),
      [400, 404],
    );
  });

  it("deeply nested bodies and queries are refused, not crashed on", async () => {
    const app = testApp();
    const deep = `${'{"a":'.repeat(5000)}"x"${"}".repeat(5000)}`;
    expectClientError(
      await request(app)
        .post("/api/ranks")
        .set(admin)
        .set("content-type", "application/json")
        .send(`{"data":{"type":"ranks","attributes":{"title":${deep}}}}`),
      [400, 413, 422],
    );
    expectClientError(
      await request(app)
        .get(`/api/ranks?filter${"[a]".repeat(200)}=1`)
        .set(admin),
      [400],
    );
  });

  it("odd query names are 400", async () => {
    const app = testApp();
    expectClientError(await request(app).get("/api/ranks?%3D=%3D").set(admin), [400]);
    expectClientError(await request(app).get("/api/ranks?fields=abc").set(guest), [400, 403]);
    expectClientError(await request(app).get("/api/ranks?fields=abc").set(admin), [400]);
    expectClientError(await request(app).get("/api/notifications?fields=abc").set(guest), [400]);
  });

  it("clearing a required to-one relationship is 422, through the body and the relationship endpoint (the fuzzer found a 500)", async () => {
    const app = testApp();
    const row = await createScaleRow();
    const viaBody = await request(app)
      .patch(`/api/manning_scales/${row.id}`)
      .set(admin)
      .send({
        data: { type: "manning_scales", id: String(row.id), relationships: { role: { data: null } } },
      });
    expectClientError(viaBody, [422]);
    expect(viaBody.body.errors[0].source.pointer).toBe("/data/relationships/role");
    const viaEndpoint = await request(app)
      .patch(`/api/manning_scales/${row.id}/relationships/role`)
      .set(admin)
      .send({ data: null });
    expectClientError(viaEndpoint, [422]);
    expect(viaEndpoint.body.errors[0].source.pointer).toBe("/data/relationships/role");
    // Left out of an update, it stays as it was.
    expect(
      (
        await request(app)
          .patch(`/api/manning_scales/${row.id}`)
          .set(admin)
          .send({ data: { type: "manning_scales", id: String(row.id), attributes: { status: "ok" } } })
      ).status,
    ).toBe(200);
  });
});
