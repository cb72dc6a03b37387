import { randomBytes } from "node:crypto";
import { Document, Packer, Paragraph } from "docx";
import PizZip from "pizzip";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleContractTemplate, sampleJoiningLetter } from "../../src/print/sample-contract-docx.js";
import { pdfAvailable } from "../../src/print/pdf-converter.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { download } from "../support/download.js";
import { createScaleRow, unique } from "../support/factories.js";
import { samplePng, sampleXlsx } from "../support/sample-files.js";
import { api, createApplicant, newPlan, signInPartner, twoFleets } from "../planning/planning-support.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

const docxOf = (...lines: string[]): Promise<Buffer> =>
  Packer.toBuffer(new Document({ sections: [{ children: lines.map((l) => new Paragraph(l)) }] }));

/** The text of a .docx body without markup. */
const docxText = (body: Buffer): string => {
  const xml = new PizZip(body).file("word/document.xml")?.asText() ?? "";
  return xml
    .replace(/<\/w:p>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&apos;/g, "'");
};

const upload = (ownerId: number, attribute: string, file: Buffer, name: string, headers = admin) =>
  api().post(`/api/owners/${ownerId}/files/${attribute}`).set(headers).attach("file", file, name);

const errorText = (body: { errors?: { title?: string; detail?: string }[] }): string =>
  (body.errors ?? []).map((e) => `${e.title ?? ""} ${e.detail ?? ""}`).join(" ");

/** An owner with its terms, a vessel and a seafarer planned on it, joining at a crew change in Rotterdam. */
const contractWorld = async () => {
  const db = testDeps().db;
  const { ownA, ownB, vesselA, vesselB, rowA, rowB } = await twoFleets();
  await db.owner.update({
    where: { id: ownA.id },
    data: {
      address: "Strandveien 50, Lysaker",
      annualLeave: "7 days per month served",
      terminationTerms: "30 days' notice",
      healthBenefits: "Medical care ashore and on board",
      repatriation: "At the owner's cost",
      collectiveAgreement: "IBF 2024",
    },
  });
  const ukraine = await db.country.create({ data: { name: unique("Ukraine"), code: unique("").slice(-5) } });
  const passport = await db.applicantDocumentKind.upsert({
    where: { title: "Passport" },
    update: {},
    create: { title: "Passport" },
  });
  const seafarer = await createApplicant({
    surname: "Kovalenko",
    name: "Andriy",
    birthday: "1990-05-04",
    countryBirthId: ukraine.id,
  });
  await db.applicantDocument.create({
    data: {
      userId: seafarer.id,
      nDoc: passport.id,
      number: "FK123456",
      validUntil: new Date("2031-02-01T00:00:00Z"),
      issuingCountryId: ukraine.id,
    },
  });
  // The owner's normal wage scale for the plan's rank: the contract states its components.
  await db.wageScale.create({
    data: {
      ownerId: ownA.id,
      rankId: rowA.rankId,
      scaleType: "normal",
      basicWage: 3900,
      guaranteedOvertime: 1600,
      leavePay: 700,
      otherAllowances: 300,
    },
  });
  const planA = await newPlan(admin, rowA.id, "2026-12-01", "2027-05-31", seafarer.id, "approved");
  const planB = await newPlan(admin, rowB.id, "2026-12-01", "2027-05-31", undefined, "vacancy");
  return { ownA, ownB, vesselA, vesselB, rowA, rowB, seafarer, planA, planB };
};

describe("owner templates: upload check", () => {
  it("stores a template that fills every MLC particular, without a warning, and says so on the plans", async () => {
    const w = await contractWorld();
    const res = await upload(w.ownA.id, "contract_template", await sampleContractTemplate(), "Contract.docx");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes.contract_template.filename).toBe("Contract.docx");
    expect(res.body.meta?.warnings).toBeUndefined();
    const plan = await api().get(`/api/time_plans/${w.planA}`).set(admin);
    expect(plan.body.data.attributes.has_contract_template).toBe(true);
    expect(plan.body.data.attributes.document_templates).toEqual([]);
    const other = await api().get(`/api/time_plans/${w.planB}`).set(admin);
    expect(other.body.data.attributes.has_contract_template).toBe(false);

    const check = await api().get(`/api/owners/${w.ownA.id}/template_check`).set(admin);
    expect(check.status).toBe(200);
    expect(check.body.data[0]).toMatchObject({
      filename: "Contract.docx",
      missing_particulars: [],
      problems: [],
    });
    expect(check.body.data[0].placeholders).toContain("owner_address");
    expect(check.body.meta.pdf_available).toBe(pdfAvailable());
  });

  it("warns, naming them, about MLC particulars the contract template lacks", async () => {
    const w = await contractWorld();
    const res = await upload(
      w.ownA.id,
      "contract_template",
      await docxOf("Agreement between {owner_name} and {seafarer_full_name}, {rank}."),
      "Short.docx",
    );
    expect(res.status).toBe(200);
    const [warning] = res.body.meta.warnings as string[];
    expect(warning).toContain("Short.docx");
    expect(warning).toContain("the shipowner's address");
    expect(warning).toContain("the repatriation entitlement");
    expect(warning).not.toContain("the capacity (rank) on board");
  });

  it("refuses an unknown placeholder, naming it", async () => {
    const w = await contractWorld();
    const res = await upload(w.ownA.id, "contract_template", await docxOf("Dear {seafarer_nam},"), "a.docx");
    expect(res.status).toBe(422);
    expect(errorText(res.body)).toContain("{seafarer_nam}");
    expect(res.body.errors[0].source.pointer).toBe("/data/attributes/contract_template");
  });

  it("refuses a loop item's name used outside its loop", async () => {
    const w = await contractWorld();
    const res = await upload(w.ownA.id, "document_templates", await docxOf("Number {number}"), "a.docx");
    expect(res.status).toBe(422);
    expect(errorText(res.body)).toContain("{number}");
  });

  it("refuses a broken tag, saying what is wrong", async () => {
    const w = await contractWorld();
    const res = await upload(
      w.ownA.id,
      "contract_template",
      await docxOf("Dear {seafarer_full_name,"),
      "b.docx",
    );
    expect(res.status).toBe(422);
    expect(errorText(res.body)).toMatch(/broken tags/);
    const loop = await upload(
      w.ownA.id,
      "contract_template",
      await docxOf("{#identity_documents}{kind}"),
      "c.docx",
    );
    expect(loop.status).toBe(422);
    expect(errorText(loop.body)).toMatch(/identity_documents/);
  });

  it("refuses what is not a .docx by its content, whatever its name", async () => {
    const w = await contractWorld();
    for (const [file, name] of [
      [samplePng(), "contract.docx"],
      [await sampleXlsx(), "contract.docx"],
      [Buffer.from("{seafarer_full_name}"), "contract.docx"],
    ] as const) {
      const res = await upload(w.ownA.id, "contract_template", file, name);
      expect(res.status, name).toBe(422);
    }
  });

  it("refuses a zip bomb, a 50 MB file and a loop of 10,000 placeholders, and stays up", async () => {
    const w = await contractWorld();
    // 40 MB of one letter packs into a few dozen kilobytes.
    const bomb = new PizZip(await docxOf("{owner_name}"));
    bomb.file("word/media/filler.xml", "a".repeat(40 * 1024 * 1024));
    const bombed = bomb.generate({ type: "nodebuffer", compression: "DEFLATE" });
    expect(bombed.length).toBeLessThan(1024 * 1024);
    const res = await upload(w.ownA.id, "contract_template", bombed, "bomb.docx");
    expect(res.status).toBe(422);
    expect(errorText(res.body)).toMatch(/unpacks to more than/);

    const big = new PizZip(await docxOf("{owner_name}"));
    big.file("word/media/noise.bin", randomBytes(50 * 1024 * 1024));
    const fifty = big.generate({ type: "nodebuffer", compression: "STORE" });
    const tooBig = await upload(w.ownA.id, "contract_template", fifty, "big.docx");
    expect(tooBig.status).toBe(413);

    const loops = await docxOf(
      ...Array.from({ length: 10_000 }, () => "{#identity_documents}{kind} {number}{/identity_documents}"),
    );
    const many = await upload(w.ownA.id, "contract_template", loops, "loops.docx");
    expect(many.status).toBe(422);
    expect(errorText(many.body)).toMatch(/40000 placeholders; at most 2000/);

    const nested = await docxOf(
      "{#identity_documents}{#identity_documents}{#identity_documents}{kind}{/identity_documents}{/identity_documents}{/identity_documents}",
    );
    const deep = await upload(w.ownA.id, "contract_template", nested, "nested.docx");
    expect(deep.status).toBe(422);
    expect(errorText(deep.body)).toMatch(/nests loops 3 deep/);

    expect((await api().get("/api/health")).status).toBe(200);
    const owner = await api().get(`/api/owners/${w.ownA.id}`).set(admin);
    expect(owner.body.data.attributes.contract_template).toBeNull();
  }, 180_000);
});

describe("GET /api/print_contracts/{timeplanId}", () => {
  it("fills the contract for the plan: the spec's answer, a .docx download and, with full, the document templates", async () => {
    const w = await contractWorld();
    expect(
      (await upload(w.ownA.id, "contract_template", await sampleContractTemplate(), "Contract.docx")).status,
    ).toBe(200);

    const json = await api().get(`/api/print_contracts/${w.planA}?full=true&as_docx=true`).set(admin);
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    expect(json.body.file_file_name).toMatch(/^Contract Kovalenko .*01\.12\.2026\.docx$/);
    const fromJson = Buffer.from(String(json.body.xls_file).split(",")[1] ?? "", "base64");
    const text = docxText(fromJson);
    for (const expected of [
      "KOVALENKO Andriy",
      "04.05.1990",
      "Strandveien 50, Lysaker",
      "FK123456",
      "01.12.2026",
      "31.05.2027",
      "6 months, 182 days",
      "30 days' notice",
      "IBF 2024",
      "basic 3,900, guaranteed overtime 1,600, leave pay 700, other allowances 300: total 6,500 USD",
      w.vesselA.name,
      w.vesselA.imo,
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toMatch(/\{[a-z_]+\}/);

    expect(
      (await upload(w.ownA.id, "document_templates", await sampleJoiningLetter(), "Joining letter.docx"))
        .status,
    ).toBe(200);
    const plan = await api().get(`/api/time_plans/${w.planA}`).set(admin);
    expect(plan.body.data.attributes.document_templates).toEqual([
      { id: expect.any(Number), name: "Joining letter" },
    ]);
    const zip = await download(
      api().get(`/api/print_contracts/${w.planA}?full=true&as_docx=true&download=true`).set(admin),
    );
    expect(zip.status).toBe(200);
    expect(zip.headers["content-disposition"]).toMatch(/attachment; filename=".*\.zip"/);
    const names = Object.keys(new PizZip(zip.body).files);
    expect(names).toHaveLength(2);
    expect(names.some((n) => n.startsWith("Joining letter"))).toBe(true);

    const one = await download(
      api().get(`/api/print_contracts/${w.planA}?as_docx=true&download=true`).set(admin),
    );
    expect(one.headers["content-type"]).toMatch(/wordprocessingml/);
    expect(docxText(one.body)).toContain("KOVALENKO Andriy");
  });

  it.runIf(pdfAvailable())(
    "answers a PDF where LibreOffice is installed",
    async () => {
      const w = await contractWorld();
      await upload(w.ownA.id, "contract_template", await sampleContractTemplate(), "Contract.docx");
      const pdf = await download(api().get(`/api/print_contracts/${w.planA}?download=true`).set(admin));
      expect(pdf.status).toBe(200);
      expect(pdf.headers["content-type"]).toMatch(/application\/pdf/);
      expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
    },
    90_000,
  );

  it("answers 404 for a vacancy, an owner without a template, a plan out of a partner's fleet; 403 to partner_view", async () => {
    const w = await contractWorld();
    const none = await api().get(`/api/print_contracts/${w.planA}?as_docx=true`).set(admin);
    expect(none.status).toBe(404);
    expect(errorText(none.body)).toContain("has no contract template");
    await upload(w.ownA.id, "contract_template", await sampleContractTemplate(), "Contract.docx");
    await upload(w.ownB.id, "contract_template", await sampleContractTemplate(), "Contract.docx");
    expect((await api().get(`/api/print_contracts/${w.planB}?as_docx=true`).set(admin)).status).toBe(404);
    expect((await api().get(`/api/print_contracts/999999999?as_docx=true`).set(admin)).status).toBe(404);

    const partnerA = (await signInPartner("partner", w.ownA.id)).headers;
    expect((await api().get(`/api/print_contracts/${w.planA}?as_docx=true`).set(partnerA)).status).toBe(200);
    const rowB2 = await createScaleRow({ vesselId: w.vesselB.id });
    const other = await createApplicant();
    const planB2 = await newPlan(admin, rowB2.id, "2026-12-01", "2027-05-31", other.id, "approved");
    expect((await api().get(`/api/print_contracts/${planB2}?as_docx=true`).set(partnerA)).status).toBe(404);
    // Partners do not read owners' pages (their templates) at all.
    expect((await api().get(`/api/owners/${w.ownB.id}/template_check`).set(partnerA)).status).toBe(403);
    const viewer = (await signInPartner("partner_view", w.ownA.id)).headers;
    expect((await api().get(`/api/print_contracts/${w.planA}?as_docx=true`).set(viewer)).status).toBe(403);
    expect((await api().get(`/api/print_contracts/${w.planA}?full=maybe`).set(admin)).status).toBe(422);
  });
});
