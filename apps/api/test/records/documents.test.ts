import { beforeAll, describe, expect, it } from "vitest";
import { documentValidityHandler } from "../../src/resources/applicant-records/document-validity-handler.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testConfig } from "../support/deps.js";
import { createRank, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { runJobOnce } from "../support/run-job.js";
import { samplePdf, samplePng } from "../support/sample-files.js";
import {
  api,
  applicantRow,
  createApplicant,
  createKind,
  created,
  daysFromToday,
  db,
  patch,
  post,
  rel,
  type TDoc,
} from "./support.js";

let admin: TAuthHeaders;
let adminId: number;
let passport: number;
let coc: number;
let book: number;

beforeAll(async () => {
  const signed = await signInAs("admin");
  admin = signed.headers;
  adminId = signed.client.id;
  passport = (await createKind(unique("Passport"))).id;
  coc = (await createKind(unique("STCW II-2 CoC"))).id;
  book = (await createKind(unique("Seaman's book"))).id;
});

const addDocument = async (
  userId: string,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
) =>
  created(
    await post(admin, `/api/users/${userId}/documents`, "applicant_documents", attributes, relationships),
  );

const documents = async (userId: string, headers: TAuthHeaders = admin) => {
  const res = await api()
    .get(`/api/users/${userId}/documents`)
    .query({
      include: "attachments,endorsement,endorsement_attachments",
      sort: "n_tpd,n_doc,-valid_from",
      "page[size]": "999",
      "page[number]": "1",
    })
    .set(headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectJsonApi(res.body);
  return res.body as { data: TDoc[]; included?: TDoc[]; meta: { count: number } };
};

describe("the document kinds' reference list moved to /api/applicant-documents", () => {
  it("serves the kinds under their own type and the records at applicant_documents", async () => {
    const kinds = await api()
      .get("/api/applicant-documents")
      .query({ "filter[title]": "Passport" })
      .set(admin);
    expect(kinds.status).toBe(200);
    expectJsonApi(kinds.body);
    expect(kinds.body.data.every((k: TDoc) => k.type === "applicant-documents")).toBe(true);
    const made = created(
      await post(admin, "/api/applicant-documents", "applicant-documents", { title: unique("Yellow fever") }),
    );
    const history = await api().get(`/api/applicant-documents/${made.id}/versions`).set(admin);
    expect(history.body.data[0].attributes.item_type).toBe("applicant-documents");
    const options = await api()
      .get("/api/select_options")
      .query({ type: "applicant-documents", q: made.attributes.title as string })
      .set(admin);
    expect(options.body.data).toHaveLength(1);
    // The records' collection has no list of its own: they are listed under their applicant.
    expect((await api().get("/api/applicant_documents").set(admin)).status).toBe(404);
  });
});

describe("documents of an applicant (users/{id}/documents)", () => {
  it("creates, lists in the spec's order, updates and deletes; n_doc and the kind relationship name the kind", async () => {
    const user = await createApplicant(admin);
    const p = await addDocument(user.id, {
      n_tpd: 1,
      n_doc: passport,
      number: "FP123456",
      valid_from: "2020-01-10",
      valid_until: "2030-01-09",
      issued_by: "SMS 1234",
    });
    expect(p.attributes).toMatchObject({
      n_tpd: 1,
      n_doc: passport,
      number: "FP123456",
      validity: "valid",
      expiry_line: null,
    });
    expect(String(p.attributes.title)).toContain("FP123456");
    expect(p.relationships?.kind?.data).toEqual({ type: "applicant-documents", id: String(passport) });
    const b = await addDocument(
      user.id,
      { n_tpd: "1", number: "AB000111", valid_from: "2019-03-01" },
      { kind: rel("applicant-documents", book) },
    );
    expect(b.attributes.n_doc).toBe(book);
    const listed = await documents(user.id);
    expect(listed.data.map((d) => d.id)).toEqual(passport < book ? [p.id, b.id] : [b.id, p.id]);
    const renamed = await patch(admin, `/api/applicant_documents/${b.id}`, "applicant_documents", b.id, {
      number: "AB000222",
      valid_until: null,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.attributes.number).toBe("AB000222");
    await api().delete(`/api/applicant_documents/${b.id}`).set(admin).expect(204);
    expect((await documents(user.id)).meta.count).toBe(1);
  });

  it("refuses a document a recruiter must correct", async () => {
    const user = await createApplicant(admin);
    const path = `/api/users/${user.id}/documents`;
    const pointers = async (
      attributes: Record<string, unknown>,
      relationships: Record<string, unknown> = {},
    ) => {
      const res = await post(admin, path, "applicant_documents", attributes, relationships);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      return res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    };
    expect(await pointers({ n_tpd: 1, number: "X1" })).toEqual(["/data/relationships/kind"]);
    expect(await pointers({ n_tpd: 1, n_doc: 999_999_999, number: "X1" })).toEqual([
      "/data/attributes/n_doc",
    ]);
    expect(await pointers({ n_tpd: 4, n_doc: passport, number: "X1" })).toEqual(["/data/attributes/n_tpd"]);
    expect(await pointers({ n_tpd: 1, n_doc: passport, number: " " })).toEqual(["/data/attributes/number"]);
    expect(
      await pointers({
        n_tpd: 1,
        n_doc: passport,
        number: "X1",
        valid_from: "2024-01-01",
        valid_until: "2023-01-01",
      }),
    ).toEqual(["/data/attributes/valid_until"]);
    expect(
      await pointers({ n_tpd: 1, n_doc: passport, number: "X1" }, { kind: rel("applicant-documents", coc) }),
    ).toEqual(["/data/attributes/n_doc"]);
    expect(
      await pointers({ n_tpd: 1, n_doc: passport, number: "X1", endorsement_attributes: { number: "E1" } }),
    ).toEqual(["/data/attributes/endorsement_attributes"]);
    expect(
      await pointers({
        n_tpd: 2,
        n_doc: coc,
        number: "X1",
        endorsement_attributes: { valid_until: "2030-01-01" },
      }),
    ).toEqual(["/data/attributes/endorsement_attributes"]);
  });

  it("saves a certificate and its endorsement in one transaction, and updates and removes the endorsement with it", async () => {
    const user = await createApplicant(admin);
    const rank = await createRank(unique("Chief Engineer"));
    const country = await db().country.upsert({
      where: { code: "LR" },
      create: { code: "LR", name: "Liberia" },
      update: {},
    });
    const cert = await addDocument(
      user.id,
      {
        n_tpd: 2,
        n_doc: coc,
        number: "COC-77/2021",
        valid_from: "2021-04-01",
        valid_until: "2026-03-31",
        endorsement_attributes: {
          number: "END-9",
          valid_from: "2021-05-01",
          valid_until: "2026-03-31",
          issuing_country_id: country.id,
          issued_by: "Flag administration",
        },
      },
      { role: rel("ranks", rank.id) },
    );
    const endorsementId = String(cert.attributes.endorsement_id);
    expect(cert.relationships?.endorsement?.data).toEqual({ type: "applicant_documents", id: endorsementId });
    const listed = await documents(user.id);
    expect(listed.data.map((d) => d.attributes.n_tpd)).toEqual([2, 3]);
    const endorsement = listed.data[1];
    expect(endorsement?.attributes).toMatchObject({
      n_tpd: 3,
      n_doc: coc,
      number: "END-9",
      issued_by: "Flag administration",
    });
    expect(endorsement?.relationships?.role?.data).toEqual({ type: "ranks", id: String(rank.id) });
    expect(listed.included?.some((r) => r.type === "applicant_documents" && r.id === endorsementId)).toBe(
      true,
    );

    // Updated through its certificate: the same record, not a second one.
    const changed = await patch(
      admin,
      `/api/applicant_documents/${cert.id}`,
      "applicant_documents",
      cert.id,
      { endorsement_attributes: { number: "END-10", valid_until: "2027-01-01" } },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(String(changed.body.data.attributes.endorsement_id)).toBe(endorsementId);
    const after = await api().get(`/api/applicant_documents/${endorsementId}`).set(admin);
    expect(after.body.data.attributes).toMatchObject({
      number: "END-10",
      valid_until: "2027-01-01T00:00:00.000Z",
      issued_by: "Flag administration",
    });

    // One request, one transaction: both records carry the request's id in the trail.
    const trail = await db().version.findMany({
      where: {
        itemType: "applicant_documents",
        itemId: { in: [Number(cert.id), Number(endorsementId)] },
        event: "create",
      },
    });
    expect(trail).toHaveLength(2);
    expect(trail[0]?.requestId).toBeTruthy();
    expect(trail[0]?.requestId).toBe(trail[1]?.requestId);
    // A failure after the endorsement was written (the certificate's own row refused by the database) leaves neither.
    const marker = unique("FAIL");
    await db()
      .$executeRawUnsafe(`CREATE FUNCTION test_refuse_${marker.replace(/-/g, "_")}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.number = '${marker}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await db().$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_${marker.replace(/-/g, "_")} BEFORE INSERT ON applicant_documents FOR EACH ROW EXECUTE FUNCTION test_refuse_${marker.replace(/-/g, "_")}()`,
    );
    try {
      const before = await db().applicantDocument.count({ where: { userId: Number(user.id) } });
      const failing = await post(admin, `/api/users/${user.id}/documents`, "applicant_documents", {
        n_tpd: 2,
        n_doc: coc,
        number: marker,
        endorsement_attributes: { number: `${marker}-E` },
      });
      expect(failing.status).toBe(500);
      expect(await db().applicantDocument.count({ where: { userId: Number(user.id) } })).toBe(before);
      expect(await db().applicantDocument.count({ where: { number: `${marker}-E` } })).toBe(0);
    } finally {
      await db().$executeRawUnsafe(
        `DROP TRIGGER test_refuse_${marker.replace(/-/g, "_")} ON applicant_documents`,
      );
      await db().$executeRawUnsafe(`DROP FUNCTION test_refuse_${marker.replace(/-/g, "_")}()`);
    }
    const unknownCountry = await post(admin, `/api/users/${user.id}/documents`, "applicant_documents", {
      n_tpd: 2,
      n_doc: coc,
      number: "COC-2",
      endorsement_attributes: { number: "END-X", issuing_country_id: 999_999_999 },
    });
    expect(unknownCountry.status).toBe(422);
    expect(unknownCountry.body.errors[0].source.pointer).toBe("/data/attributes/endorsement_attributes");

    expect(
      (
        await patch(admin, `/api/applicant_documents/${cert.id}`, "applicant_documents", cert.id, {
          n_tpd: 1,
        })
      ).status,
    ).toBe(422);
    const removed = await patch(
      admin,
      `/api/applicant_documents/${cert.id}`,
      "applicant_documents",
      cert.id,
      { endorsement_attributes: null },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.attributes.endorsement_id).toBeNull();
    expect((await api().get(`/api/applicant_documents/${endorsementId}`).set(admin)).status).toBe(404);

    // Deleting a certificate deletes its endorsement.
    const again = await patch(admin, `/api/applicant_documents/${cert.id}`, "applicant_documents", cert.id, {
      endorsement_attributes: { number: "END-11" },
    });
    const second = String(again.body.data.attributes.endorsement_id);
    await api().delete(`/api/applicant_documents/${cert.id}`).set(admin).expect(204);
    expect((await api().get(`/api/applicant_documents/${second}`).set(admin)).status).toBe(404);
  });

  it("keeps the order the staff arranged (restore_sequence) across reads", async () => {
    const user = await createApplicant(admin);
    const a = await addDocument(user.id, { n_tpd: 1, n_doc: passport, number: "A" });
    const b = await addDocument(user.id, { n_tpd: 1, n_doc: book, number: "B" });
    const c = await addDocument(user.id, { n_tpd: 2, n_doc: coc, number: "C" });
    const order = async () =>
      (
        await api().get(`/api/users/${user.id}/documents`).query({ "page[size]": "999" }).set(admin)
      ).body.data.map((d: TDoc) => d.attributes.number);
    expect(await order()).toEqual(["A", "B", "C"]);
    const saved = await api()
      .post("/api/applicant_documents/restore_sequence")
      .set(admin)
      .send({ ids: [Number(c.id), Number(a.id), Number(b.id)] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expectJsonApi(saved.body);
    expect(saved.body.data.map((d: TDoc) => d.attributes.number)).toEqual(["C", "A", "B"]);
    expect(await order()).toEqual(["C", "A", "B"]);
    // A new document goes last.
    await addDocument(user.id, { n_tpd: 1, n_doc: passport, number: "D" });
    expect(await order()).toEqual(["C", "A", "B", "D"]);

    const other = await createApplicant(admin);
    const foreign = await addDocument(other.id, { n_tpd: 1, n_doc: passport, number: "F" });
    const mixed = await api()
      .post("/api/applicant_documents/restore_sequence")
      .set(admin)
      .send({ ids: [Number(a.id), Number(foreign.id)] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors[0].source.pointer).toBe("/data/attributes/ids");
    expect(
      (
        await api()
          .post("/api/applicant_documents/restore_sequence")
          .set(admin)
          .send({ ids: [Number(a.id), Number(a.id)] })
      ).status,
    ).toBe(422);
    expect(
      (await api().post("/api/applicant_documents/restore_sequence").set(admin).send({ ids: [] })).status,
    ).toBe(422);
    const freelance = (await signInAs("freelance")).headers;
    expect(
      (
        await api()
          .post("/api/applicant_documents/restore_sequence")
          .set(freelance)
          .send({ ids: [Number(b.id), Number(a.id)] })
      ).status,
    ).toBe(200);
    const partner = (await signInAs("partner")).headers;
    expect(
      (
        await api()
          .post("/api/applicant_documents/restore_sequence")
          .set(partner)
          .send({ ids: [Number(b.id), Number(a.id)] })
      ).status,
    ).toBe(403);
  });

  it("gives every file of the applicant's documents its standard name", async () => {
    const user = await createApplicant(admin, {
      surname: "Kovalenko",
      name: "Andrii",
      knowing_duplicate: true,
    });
    const cert = await addDocument(user.id, {
      n_tpd: 2,
      n_doc: coc,
      number: "123/2020",
      endorsement_attributes: { number: "E-5" },
    });
    await api()
      .post(`/api/applicant_documents/${cert.id}/files/files`)
      .set(admin)
      .attach("file", samplePdf(), "scan 1.PDF")
      .attach("file", samplePng(), "IMG_0001.png")
      .expect(200);
    await api()
      .post(`/api/applicant_documents/${String(cert.attributes.endorsement_id)}/files/files`)
      .set(admin)
      .attach("file", samplePdf(), "x.pdf")
      .expect(200);
    const res = await api()
      .post("/api/applicant_documents/rename-files")
      .set(admin)
      .send({ user_id: Number(user.id) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta).toEqual({ message: "File(s) have been renamed successfully.", renamed: 3 });
    const kind = await db().applicantDocumentKind.findUniqueOrThrow({ where: { id: coc } });
    const listed = await documents(user.id);
    expect((listed.data[0]?.attributes.files as { filename: string }[]).map((f) => f.filename)).toEqual([
      `Kovalenko Andrii - ${kind.title} 123-2020 (1).pdf`,
      `Kovalenko Andrii - ${kind.title} 123-2020 (2).png`,
    ]);
    expect((listed.data[1]?.attributes.files as { filename: string }[]).map((f) => f.filename)).toEqual([
      `Kovalenko Andrii - ${kind.title} E-5 (endorsement).pdf`,
    ]);
    const again = await api()
      .post("/api/applicant_documents/rename-files")
      .set(admin)
      .send({ user_id: Number(user.id) });
    expect(again.body.meta.renamed).toBe(0);
    expect(
      (await api().post("/api/applicant_documents/rename-files").set(admin).send({ user_id: 999_999_999 }))
        .status,
    ).toBe(404);
  });
});

describe("validity lines", () => {
  it("places each document valid, expiring or expired, summarises them on the applicant and the hourly job moves them on and tells the recruiter", async () => {
    const user = await createApplicant(admin, { surname: unique("Lines").replace(/[^a-z]/gi, "") });
    const kinds = {
      passport: await db().applicantDocumentKind.findUniqueOrThrow({ where: { id: passport } }),
      coc: await db().applicantDocumentKind.findUniqueOrThrow({ where: { id: coc } }),
    };
    const p = await addDocument(user.id, {
      n_tpd: 1,
      n_doc: passport,
      number: "P-1",
      valid_until: daysFromToday(45),
    });
    expect(p.attributes).toMatchObject({ validity: "expiring", expiry_line: 60 });
    expect(await applicantRow(admin, user.id)).toMatchObject({
      valid_state: "expiring",
      valid_states: { [kinds.passport.title]: "expiring" },
    });
    const old = await addDocument(user.id, {
      n_tpd: 2,
      n_doc: coc,
      number: "C-old",
      valid_until: daysFromToday(-3),
    });
    expect(old.attributes).toMatchObject({ validity: "expired", expiry_line: 0 });
    expect((await applicantRow(admin, user.id)).valid_state).toBe("expired");
    // A renewed certificate supersedes the expired one.
    await addDocument(user.id, { n_tpd: 2, n_doc: coc, number: "C-new", valid_until: daysFromToday(800) });
    expect(await applicantRow(admin, user.id)).toMatchObject({
      valid_state: "expiring",
      valid_states: { [kinds.passport.title]: "expiring", [kinds.coc.title]: "valid" },
    });

    // Time passes: the stored line is from yesterday's view; the job moves the document on.
    await db()
      .$executeRaw`UPDATE applicant_documents SET expiry_line = 90, validity = 'expiring' WHERE id = ${Number(p.id)}`;
    await db().$executeRaw`UPDATE users SET author_id = ${adminId} WHERE id = ${Number(user.id)}`;
    const noticesBefore = await db().notification.count({ where: { recipientId: adminId } });
    await runJobOnce(documentValidityHandler, {});
    const moved = await api().get(`/api/applicant_documents/${p.id}`).set(admin);
    expect(moved.body.data.attributes).toMatchObject({ validity: "expiring", expiry_line: 60 });
    const notices = await db().notification.findMany({
      where: { recipientId: adminId },
      orderBy: { id: "desc" },
      take: 1,
    });
    expect(await db().notification.count({ where: { recipientId: adminId } })).toBe(noticesBefore + 1);
    expect(notices[0]).toMatchObject({
      primaryText: expect.stringContaining("Document expiring: "),
      itemLink: `/users/${user.id}/documents`,
    });
    expect(notices[0]?.secondaryText).toContain("within 60 days");
    // A second run finds nothing to move and tells nobody again.
    await runJobOnce(documentValidityHandler, {});
    expect(await db().notification.count({ where: { recipientId: adminId } })).toBe(noticesBefore + 1);

    // Configured lines (DOCUMENT_EXPIRY_WARNING_DAYS): every document is placed again.
    await runJobOnce(
      documentValidityHandler,
      {},
      { config: testConfig({ DOCUMENT_EXPIRY_WARNING_DAYS: "30,10" }) },
    );
    expect(
      (await api().get(`/api/applicant_documents/${p.id}`).set(admin)).body.data.attributes,
    ).toMatchObject({ validity: "valid", expiry_line: null });
    expect((await applicantRow(admin, user.id)).valid_state).toBe("valid");
    await runJobOnce(documentValidityHandler, {});
    expect(
      (await api().get(`/api/applicant_documents/${p.id}`).set(admin)).body.data.attributes.expiry_line,
    ).toBe(60);
  });

  it("refuses lines that are not days", () => {
    expect(() => testConfig({ DOCUMENT_EXPIRY_WARNING_DAYS: "90,abc" })).toThrow(
      /DOCUMENT_EXPIRY_WARNING_DAYS/,
    );
    expect(testConfig({ DOCUMENT_EXPIRY_WARNING_DAYS: "30, 90,60,30" }).DOCUMENT_EXPIRY_WARNING_DAYS).toEqual(
      [90, 60, 30],
    );
  });
});
