import { describe, expect, it } from "vitest";
import { adminOfFile } from "../support/admin-of-file.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { createRank, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { samplePdf } from "../support/sample-files.js";
import { api, createApplicant, created, db, patch, post, rel, type TDoc } from "./support.js";

const { headers: admin, account: adminAccount } = adminOfFile();

const nested = async (
  userId: string,
  path: string,
  query: Record<string, string> = {},
  headers: TAuthHeaders = admin,
) => {
  const res = await api().get(`/api/users/${userId}/${path}`).query(query).set(headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectJsonApi(res.body);
  return res.body as { data: TDoc[]; meta: { count: number }; included?: TDoc[] };
};

describe("interviews (users/{id}/interviews)", () => {
  it("creates with an interviewer and a rank, filters by title, updates and deletes", async () => {
    const user = await createApplicant(admin);
    const rank = await createRank(unique("2nd Officer"));
    const first = created(
      await post(
        admin,
        `/api/users/${user.id}/interviews`,
        "interviews",
        {
          title: "Technical interview",
          date: "2026-10-01",
          result: "recommended",
          notes: "Knows ECDIS well",
        },
        {
          interviewer: rel("clients", adminAccount.id),
          role: rel("ranks", rank.id),
        },
      ),
    );
    expect(first.relationships?.author?.data).toEqual({ type: "clients", id: String(adminAccount.id) });
    created(
      await post(admin, `/api/users/${user.id}/interviews`, "interviews", {
        title: "English check",
        date: "2026-10-05",
      }),
    );
    expect((await nested(user.id, "interviews")).data.map((d) => d.attributes.title)).toEqual([
      "English check",
      "Technical interview",
    ]);
    const filtered = await nested(user.id, "interviews", {
      "filter[title]": "techn",
      include: "interviewer,role",
    });
    expect(filtered.data.map((d) => d.id)).toEqual([first.id]);
    expect(filtered.included?.map((r) => r.type).sort()).toEqual(["clients", "ranks"]);
    const bad = await post(admin, `/api/users/${user.id}/interviews`, "interviews", {
      title: "x",
      result: "great",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/result");
    const noInterviewer = await post(
      admin,
      `/api/users/${user.id}/interviews`,
      "interviews",
      { title: "x" },
      { interviewer: rel("clients", 999_999_999) },
    );
    expect(noInterviewer.status).toBe(422);
    const updated = await patch(admin, `/api/interviews/${first.id}`, "interviews", first.id, {
      result: "reserve",
    });
    expect(updated.body.data.attributes.result).toBe("reserve");
    await api().delete(`/api/interviews/${first.id}`).set(admin).expect(204);
  });
});

describe("relatives, recommendations and English tests (users/{userId}/...)", () => {
  it("relatives: index, create, update, delete", async () => {
    const user = await createApplicant(admin);
    const wife = await db().relationType.create({ data: { title: unique("Wife") } });
    const r = created(
      await post(
        admin,
        `/api/users/${user.id}/relatives`,
        "relatives",
        { name: "Olena Kovalenko", phone: "+380 67 123 45 67", address: "Odesa", next_of_kin: true },
        {
          relation_type: rel("relation_types", wife.id),
        },
      ),
    );
    expect(r.attributes).toMatchObject({ name: "Olena Kovalenko", next_of_kin: true });
    const badPhone = await post(admin, `/api/users/${user.id}/relatives`, "relatives", {
      name: "X",
      phone: "call me",
    });
    expect(badPhone.status).toBe(422);
    expect(
      (await nested(user.id, "relatives", { include: "relation_type" })).included?.[0]?.attributes.title,
    ).toBe(wife.title);
    expect(
      (await patch(admin, `/api/relatives/${r.id}`, "relatives", r.id, { address: null })).body.data
        .attributes.address,
    ).toBeNull();
    await api().delete(`/api/relatives/${r.id}`).set(admin).expect(204);
    expect((await nested(user.id, "relatives")).meta.count).toBe(0);
  });

  it("recommendations: with the letter uploaded after the save", async () => {
    const user = await createApplicant(admin);
    const rec = created(
      await post(admin, `/api/users/${user.id}/recommendations`, "recommendations", {
        person: "Capt. Ivan Petrenko",
        company: "Blue Sea Shipping",
        vessel_name: "MV Aurora",
        date: "2025-03-01",
        text: "Reliable officer.",
      }),
    );
    const up = await api()
      .post(`/api/recommendations/${rec.id}/files/file`)
      .set(admin)
      .attach("file", samplePdf(), "letter.pdf");
    expect(up.status).toBe(200);
    expect(up.body.data.attributes.file.filename).toBe("letter.pdf");
    const listed = await nested(user.id, "recommendations");
    expect(listed.data[0]?.attributes).toMatchObject({
      person: "Capt. Ivan Petrenko",
      file: expect.objectContaining({ filename: "letter.pdf" }),
    });
    await api().delete(`/api/recommendations/${rec.id}`).set(admin).expect(204);
  });

  it("English tests: a test type, a score and a level", async () => {
    const user = await createApplicant(admin);
    const marlins = await db().englishTestType.create({ data: { title: unique("Marlins") } });
    const t = created(
      await post(
        admin,
        `/api/users/${user.id}/english-tests`,
        "english_test_results",
        { date: "2025-05-05", score: 84, level: "B2" },
        {
          english_test_type: rel("english_test_types", marlins.id),
        },
      ),
    );
    expect(t.attributes).toMatchObject({ score: 84, level: "B2" });
    const noType = await post(admin, `/api/users/${user.id}/english-tests`, "english_test_results", {
      score: 84,
    });
    expect(noType.status).toBe(422);
    expect(noType.body.errors[0].source.pointer).toBe("/data/relationships/english_test_type");
    expect(
      (
        await post(
          admin,
          `/api/users/${user.id}/english-tests`,
          "english_test_results",
          { score: 101 },
          { english_test_type: rel("english_test_types", marlins.id) },
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await post(
          admin,
          `/api/users/${user.id}/english-tests`,
          "english_test_results",
          { level: "D1" },
          { english_test_type: rel("english_test_types", marlins.id) },
        )
      ).status,
    ).toBe(422);
    expect((await nested(user.id, "english-tests")).meta.count).toBe(1);
    expect(
      (await patch(admin, `/api/english_test_results/${t.id}`, "english_test_results", t.id, { level: "C1" }))
        .body.data.attributes.level,
    ).toBe("C1");
    await api().delete(`/api/english_test_results/${t.id}`).set(admin).expect(204);
  });
});

describe("permissions of the role maps", () => {
  it("freelance: documents and interviews read, create, update but no delete; attachments denied", async () => {
    const freelance = (await signInAs("freelance")).headers;
    const user = await createApplicant(admin);
    const kind = await db().applicantDocumentKind.create({ data: { title: unique("Medical") } });
    const doc = created(
      await post(freelance, `/api/users/${user.id}/documents`, "applicant_documents", {
        n_tpd: 1,
        n_doc: kind.id,
        number: "M-1",
      }),
    );
    expect(
      (
        await patch(freelance, `/api/applicant_documents/${doc.id}`, "applicant_documents", doc.id, {
          number: "M-2",
        })
      ).status,
    ).toBe(200);
    expect((await api().delete(`/api/applicant_documents/${doc.id}`).set(freelance)).status).toBe(403);
    const interview = created(
      await post(freelance, `/api/users/${user.id}/interviews`, "interviews", { title: "Screening" }),
    );
    expect((await api().delete(`/api/interviews/${interview.id}`).set(freelance)).status).toBe(403);
    expect((await api().get(`/api/users/${user.id}/attachments`).set(freelance)).status).toBe(403);
    expect(
      (await post(freelance, `/api/users/${user.id}/attachments`, "attachments", { title: "x" })).status,
    ).toBe(403);
  });

  it("partners reach no applicant's records", async () => {
    const partner = (await signInAs("partner")).headers;
    const user = await createApplicant(admin);
    const rel1 = created(
      await post(admin, `/api/users/${user.id}/relatives`, "relatives", { name: "Next Of Kin" }),
    );
    for (const path of [
      "relatives",
      "recommendations",
      "english-tests",
      "interviews",
      "documents",
      "attachments",
    ]) {
      expect((await api().get(`/api/users/${user.id}/${path}`).set(partner)).status, path).toBe(403);
    }
    expect((await api().get(`/api/relatives/${rel1.id}`).set(partner)).status).toBe(404);
  });
});
