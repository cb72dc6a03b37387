import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { s3Storage } from "../../src/storage/s3-storage.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testConfig, testDeps } from "../support/deps.js";
import { createRank, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import {
  sampleDocx,
  sampleExe,
  sampleHeic,
  sampleJpeg,
  sampleOle,
  samplePdf,
  samplePng,
  sampleWebp,
  sampleXlsx,
} from "../support/sample-files.js";
import { addService, api, createApplicant, createKind, created, db, post, type TDoc } from "./support.js";

let admin: TAuthHeaders;
let adminId: number;
let rankId: number;
beforeAll(async () => {
  const signed = await signInAs("admin");
  admin = signed.headers;
  adminId = signed.client.id;
  rankId = (await createRank(unique("AB"))).id;
});

const createItem = (
  headers: TAuthHeaders,
  fields: Record<string, string>,
  file?: { body: Buffer; name: string },
) => {
  let req = api().post("/api/attachments/create_item").set(headers);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return file ? req.attach("document", file.body, file.name) : req;
};

describe("attachments/create_item (multipart)", () => {
  it("attaches every allowed type, recognised by its content, and refuses the rest naming the file", async () => {
    const user = await createApplicant(admin);
    const allowed: [string, Buffer, string][] = [
      ["scan.pdf", samplePdf(), "application/pdf"],
      ["photo.jpg", sampleJpeg(), "image/jpeg"],
      ["photo.png", samplePng(), "image/png"],
      ["photo.webp", sampleWebp(), "image/webp"],
      ["IMG_0001.HEIC", sampleHeic(), "image/heic"],
      [
        "contract.docx",
        await sampleDocx(),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      [
        "sea service.xlsx",
        await sampleXlsx(),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      ],
      ["old letter.doc", sampleOle(), "application/msword"],
      ["old table.xls", sampleOle(), "application/vnd.ms-excel"],
    ];
    for (const [name, body, type] of allowed) {
      const res = await createItem(
        admin,
        { title: `File ${name}`, crewing_applicant_id: user.id, author_id: "999999" },
        { body, name },
      );
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
      expectJsonApi(res.body);
      expect(res.body.data.attributes.document).toMatchObject({ filename: name, content_type: type });
      // The author is whoever attaches it, whatever the form says.
      expect(res.body.data.relationships.author.data.id).toBe(String(adminId));
    }
    const listed = await api()
      .get(`/api/users/${user.id}/attachments`)
      .query({ sort: "title", "page[number]": "1" })
      .set(admin);
    expect(listed.status).toBe(200);
    expect(listed.body.meta.count).toBe(allowed.length);
    const served = await api().get(listed.body.data[0].attributes.document.url).set(admin);
    expect(served.status).toBe(200);

    const before = await db().attachment.count({ where: { userId: Number(user.id) } });
    for (const [name, body] of [
      ["invoice.pdf", sampleExe()],
      ["setup.exe", sampleExe()],
      ["notes.txt", Buffer.from("plain text")],
      ["macro.docm", sampleOle()],
    ] as const) {
      const res = await createItem(admin, { title: "bad", crewing_applicant_id: user.id }, { body, name });
      expect(res.status, name).toBe(422);
      expect(res.body.errors[0].source.pointer).toBe("/data/attributes/document");
      expect(res.body.errors[0].title).toContain(name);
    }
    expect(await db().attachment.count({ where: { userId: Number(user.id) } })).toBe(before);
  });

  it("addresses an attachment to one of the applicant's records, and includes it with that record", async () => {
    const user = await createApplicant(admin);
    const other = await createApplicant(admin);
    const s = await addService(admin, user.id, rankId, {
      vessel_name: "MV Attached",
      date_on: "2011-01-01",
      date_off: "2011-04-01",
    });
    const foreign = await addService(admin, other.id, rankId, {
      vessel_name: "MV Other",
      date_on: "2011-01-01",
      date_off: "2011-04-01",
    });
    const ok = await createItem(
      admin,
      {
        title: "Discharge letter",
        crewing_applicant_id: user.id,
        addressable_type: "expiriences",
        addressable_id: s.id,
      },
      { body: samplePdf(), name: "letter.pdf" },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const withIt = await api()
      .get(`/api/users/${user.id}/expiriences`)
      .query({ include: "attachments" })
      .set(admin);
    expect(withIt.body.data[0].relationships.attachments.data).toEqual([
      { type: "attachments", id: ok.body.data.id },
    ]);
    expect(withIt.body.included.map((r: TDoc) => r.attributes.title)).toEqual(["Discharge letter"]);

    const refusals: [Record<string, string>, string][] = [
      [{ addressable_type: "expiriences", addressable_id: foreign.id }, "/data/attributes/addressable_id"],
      [{ addressable_type: "expiriences" }, "/data/attributes/addressable_id"],
      [{ addressable_type: "vessels", addressable_id: "1" }, "/data/attributes/addressable_type"],
      [{ addressable_type: "users", addressable_id: other.id }, "/data/attributes/addressable_id"],
    ];
    for (const [fields, pointer] of refusals) {
      const res = await createItem(
        admin,
        { title: "x", crewing_applicant_id: user.id, ...fields },
        { body: samplePdf(), name: "x.pdf" },
      );
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.errors[0].source.pointer).toBe(pointer);
    }
    const noFile = await createItem(admin, { title: "x", crewing_applicant_id: user.id });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors[0].source.pointer).toBe("/data/attributes/document");
    expect(
      (
        await createItem(
          admin,
          { title: "x", crewing_applicant_id: "999999999" },
          { body: samplePdf(), name: "x.pdf" },
        )
      ).status,
    ).toBe(404);
    expect(
      (await createItem(admin, { crewing_applicant_id: user.id }, { body: samplePdf(), name: "x.pdf" }))
        .status,
    ).toBe(422);
    expect(
      (
        await api()
          .post("/api/attachments/create_item")
          .set(admin)
          .send({ title: "x", crewing_applicant_id: user.id })
      ).status,
    ).toBe(415);

    // A deleted record's attachments stay with the applicant.
    await api().delete(`/api/expiriences/${s.id}`).set(admin).expect(204);
    const kept = await api().get(`/api/attachments/${ok.body.data.id}`).set(admin);
    expect(kept.body.data.attributes).toMatchObject({
      addressable_type: null,
      addressable_id: null,
      title: "Discharge letter",
    });
  });

  it("includes a document's attachments and its endorsement's (endorsement_attachments)", async () => {
    const user = await createApplicant(admin);
    const kind = await createKind(unique("GMDSS GOC"));
    const cert = created(
      await post(admin, `/api/users/${user.id}/documents`, "applicant_documents", {
        n_tpd: 2,
        n_doc: kind.id,
        number: "GOC-1",
        endorsement_attributes: { number: "GOC-E" },
      }),
    );
    const endorsementId = String(cert.attributes.endorsement_id);
    const own = await createItem(
      admin,
      {
        title: "Certificate scan",
        crewing_applicant_id: user.id,
        addressable_type: "applicant_documents",
        addressable_id: cert.id,
      },
      { body: samplePdf(), name: "c.pdf" },
    );
    const ofEndorsement = await createItem(
      admin,
      {
        title: "Endorsement scan",
        crewing_applicant_id: user.id,
        addressable_type: "applicant_documents",
        addressable_id: endorsementId,
      },
      { body: samplePdf(), name: "e.pdf" },
    );
    const listed = await api()
      .get(`/api/users/${user.id}/documents`)
      .query({ include: "attachments,endorsement,endorsement_attachments", "page[size]": "999" })
      .set(admin);
    expect(listed.status).toBe(200);
    expectJsonApi(listed.body);
    const certificate = (listed.body.data as TDoc[]).find((d) => d.id === cert.id);
    expect(certificate?.relationships?.attachments?.data).toEqual([
      { type: "attachments", id: own.body.data.id },
    ]);
    expect(certificate?.relationships?.endorsement_attachments?.data).toEqual([
      { type: "attachments", id: ofEndorsement.body.data.id },
    ]);
    expect(
      (listed.body.included as TDoc[])
        .filter((r) => r.type === "attachments")
        .map((r) => r.attributes.title)
        .sort(),
    ).toEqual(["Certificate scan", "Endorsement scan"]);
  });

  it("serves show, update and delete of an attachment, and files of records of every kind", async () => {
    const user = await createApplicant(admin);
    const a = created(
      await post(admin, `/api/users/${user.id}/attachments`, "attachments", { title: "Typed first" }),
    );
    const up = await api()
      .post(`/api/attachments/${a.id}/files/document`)
      .set(admin)
      .attach("file", samplePng(), "later.png");
    expect(up.status).toBe(200);
    const renamed = await api()
      .patch(`/api/attachments/${a.id}`)
      .set(admin)
      .send({ data: { type: "attachments", id: a.id, attributes: { title: "Renamed" } } });
    expect(renamed.body.data.attributes).toMatchObject({
      title: "Renamed",
      document: expect.objectContaining({ filename: "later.png" }),
    });
    const fileId = up.body.data.attributes.document.id as number;
    await api().delete(`/api/attachments/${a.id}`).set(admin).expect(204);
    expect(await db().storedFile.count({ where: { id: fileId } })).toBe(0);
    // Sea service files: several, in order; a renamed executable refused.
    const s = await addService(admin, user.id, rankId, {
      vessel_name: "MV Files",
      date_on: "2010-01-01",
      date_off: "2010-02-01",
    });
    const files = await api()
      .post(`/api/expiriences/${s.id}/files/files`)
      .set(admin)
      .attach("file", samplePdf(), "a.pdf")
      .attach("file", sampleJpeg(), "b.jpg");
    expect(files.status).toBe(200);
    expect(files.body.data.attributes.files.map((f: { filename: string }) => f.filename)).toEqual([
      "a.pdf",
      "b.jpg",
    ]);
    const exe = await api()
      .post(`/api/expiriences/${s.id}/files/files`)
      .set(admin)
      .attach("file", sampleExe(), "discharge.pdf");
    expect(exe.status).toBe(422);
    expect(exe.body.errors[0].title).toContain("discharge.pdf");
    const small = createApp({ ...testDeps(), config: testConfig({ UPLOAD_MAX_BYTES: "2048" }) });
    const big = await request(small)
      .post(`/api/expiriences/${s.id}/files/files`)
      .set(admin)
      .attach("file", Buffer.concat([samplePdf(), Buffer.alloc(4096)]), "big.pdf");
    expect(big.status).toBe(413);
  });
});

describe("attachments through the S3-compatible driver", () => {
  let s3rver: S3rver;
  let dir: string;
  let endpoint: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "s3rver-records-"));
    s3rver = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "crew-records", configs: [] }],
    });
    const { port } = await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3rver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores create_item's file in the bucket and serves it back", async () => {
    const storage = s3Storage({
      endpoint,
      region: "us-east-1",
      bucket: "crew-records",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    const app = createApp({ ...testDeps(), storage });
    const user = await createApplicant(admin);
    const res = await request(app)
      .post("/api/attachments/create_item")
      .set(admin)
      .field("title", "Passport scan")
      .field("crewing_applicant_id", user.id)
      .attach("document", samplePdf(), "Паспорт.pdf");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await db().storedFile.findUniqueOrThrow({
      where: { id: res.body.data.attributes.document.id },
    });
    expect(await storage.exists(row.key)).toBe(true);
    const served = await request(app).get(res.body.data.attributes.document.url).set(admin);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    // The object is stored before the row: a refused record leaves no object behind.
    const keys: string[] = [];
    for await (const o of storage.list("attachments")) keys.push(o.key);
    const refused = await request(app)
      .post("/api/attachments/create_item")
      .set(admin)
      .field("title", "x")
      .field("crewing_applicant_id", user.id)
      .field("addressable_type", "expiriences")
      .field("addressable_id", "999999999")
      .attach("document", samplePdf(), "x.pdf");
    expect(refused.status).toBe(422);
    const after: string[] = [];
    for await (const o of storage.list("attachments")) after.push(o.key);
    expect(after.sort()).toEqual(keys.sort());
  });
});
