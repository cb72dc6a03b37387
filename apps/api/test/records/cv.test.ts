import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { createRank, unique } from "../support/factories.js";
import { samplePng } from "../support/sample-files.js";
import { uniqueSurname } from "../applicants/support.js";
import { addService, api, createApplicant, createKind, created, db, post, rel } from "./support.js";
import { download } from "../support/download.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

/** The text of a .docx's main document. */
const docText = async (body: Buffer): Promise<string> => {
  const zip = await JSZip.loadAsync(body);
  const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
  return xml
    .replace(/<w:tab\/>/g, " ")
    .replace(/<\/w:p>/g, "\n")
    .replace(/<[^>]+>/g, "");
};

describe("the applicant's CV (GET print/{id})", () => {
  it("is a .docx with photo, personal details, documents with endorsements, English and sea service", async () => {
    const surname = uniqueSurname();
    const rank = await createRank(unique("Chief Officer"));
    const user = await createApplicant(
      admin,
      { surname, name: "Andrii", birthday: "1985-04-03", gender: "male", mobile_phone: "+380 67 765 43 21" },
      { role: rel("ranks", rank.id) },
    );
    await api()
      .post(`/api/users/${user.id}/files/avatar`)
      .set(admin)
      .attach("file", samplePng(), "photo.png")
      .expect(200);
    const passport = await createKind(unique("Passport"));
    const coc = await createKind(unique("STCW II-2 CoC"));
    created(
      await post(admin, `/api/users/${user.id}/documents`, "applicant_documents", {
        n_tpd: 1,
        n_doc: passport.id,
        number: "FP765432",
        valid_from: "2021-02-02",
        valid_until: "2031-02-01",
      }),
    );
    created(
      await post(admin, `/api/users/${user.id}/documents`, "applicant_documents", {
        n_tpd: 2,
        n_doc: coc.id,
        number: "COC-5511",
        valid_from: "2022-01-01",
        valid_until: "2027-01-01",
        endorsement_attributes: { number: "END-5512", valid_until: "2027-01-01" },
      }),
    );
    const marlins = await db().englishTestType.create({ data: { title: unique("Marlins") } });
    created(
      await post(
        admin,
        `/api/users/${user.id}/english-tests`,
        "english_test_results",
        { score: 86, level: "B2", date: "2024-01-01" },
        { english_test_type: rel("english_test_types", marlins.id) },
      ),
    );
    const type = await db().vesselType.create({ data: { title: unique("Bulk carrier") } });
    await addService(
      admin,
      user.id,
      rank.id,
      {
        vessel_name: "MV Aurora",
        vessel_deadweight: 82_000,
        vessel_manager: "Blue Sea Ship Management",
        date_on: "2023-01-10",
        date_off: "2023-07-09",
      },
      {
        vessel_type: rel("vessel_types", type.id),
      },
    );
    const number = String(user.attributes.crewing_applicant_id);

    const res = await download(
      api().get(`/api/print/${user.id}`).query({ crewing_applicant_id: number }).set(admin),
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(res.headers["content-disposition"]).toContain(`CV ${surname} Andrii ${number}.docx`);
    const body = res.body;
    const zip = await JSZip.loadAsync(body);
    expect(Object.keys(zip.files).some((f) => f.startsWith("word/media/"))).toBe(true);
    const text = await docText(body);
    for (const expected of [
      "CURRICULUM VITAE",
      surname.toUpperCase(),
      "Andrii",
      rank.title,
      "03.04.1985",
      "Gender\nMale",
      "+380 67 765 43 21",
      passport.title,
      "FP765432",
      "01.02.2031",
      coc.title,
      "COC-5511",
      "END-5512",
      marlins.title,
      "86%",
      "B2",
      "MV Aurora",
      type.title,
      "82,000",
      "10.01.2023",
      "09.07.2023",
      "6 m",
      "Blue Sea Ship Management",
    ])
      expect(text, expected).toContain(expected);

    const named = await download(
      api().get(`/api/print/${user.id}`).query({ cv_name: "Aurora proposal" }).set(admin),
    );
    expect(named.headers["content-disposition"]).toContain("Aurora proposal.docx");
  });

  it("prints only what the reader may read, and refuses what names another applicant", async () => {
    const user = await createApplicant(admin);
    const wrong = await api().get(`/api/print/${user.id}`).query({ crewing_applicant_id: "1" }).set(admin);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].source.pointer).toBe("/data/attributes/crewing_applicant_id");
    expect((await api().get(`/api/print/${user.id}`).query({ bogus: "x" }).set(admin)).status).toBe(400);
    expect((await api().get("/api/print/999999999").set(admin)).status).toBe(404);
    const partner = (await signInAs("partner")).headers;
    expect((await api().get(`/api/print/${user.id}`).set(partner)).status).toBe(403);
    // Planning's print-outs under /print keep their own routes.
    expect((await api().get("/api/print/crew_role").set(admin)).status).not.toBe(404);
  });
});
