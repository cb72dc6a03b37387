import { beforeAll, describe, expect, it } from "vitest";
import { RESOURCES, attributeOf, relationshipOf } from "@crew/contracts";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { createClient, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, createApplicant, createKind, db, fixtures, patch, post, rel } from "../records/support.js";

/**
 * Spec 001 §3/§4's payloads carry foreign keys as attributes (crewing_applicant_id, author_id,
 * company_agent_id, ...) and some attributes under other names (docType, endorsement): the
 * kernel takes each as the definition's own name (apps/api/src/kernel/relationship-aliases.ts).
 */

let admin: TAuthHeaders;
let adminId: number;
let rankId: number;
let otherRankId: number;
let vesselId: number;

beforeAll(async () => {
  const signed = await signInAs("admin");
  admin = signed.headers;
  adminId = signed.client.id;
  const f = await fixtures();
  rankId = f.rank.id;
  otherRankId = f.otherRank.id;
  vesselId = f.vessel.id;
});

const pointers = (res: {
  status: number;
  body: { errors: { source?: { pointer?: string } }[] };
}): (string | undefined)[] => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return res.body.errors.map((e) => e.source?.pointer);
};

describe("foreign keys sent as attributes", () => {
  it("creates and updates sea service as spec 001's client sends it; author_id is always the signed-in client", async () => {
    const user = await createApplicant(admin);
    const someoneElse = await createClient({ role: "manager" });
    const agent = await db().crewingAgent.create({ data: { name: unique("Agent") } });
    const res = await post(admin, "/api/expiriences", "expiriences", {
      author_id: someoneElse.id,
      crewing_applicant_id: Number(user.id),
      company_agent_id: agent.id,
      role: rankId,
      vessel: String(vesselId),
      date_on: "2021-03-01",
      date_off: "2021-09-01",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectJsonApi(res.body);
    const rels = res.body.data.relationships;
    expect(rels.user.data).toEqual({ type: "users", id: user.id });
    expect(rels.author.data).toEqual({ type: "clients", id: String(adminId) });
    expect(rels.company_agent.data).toEqual({ type: "crewing_agents", id: String(agent.id) });
    expect(rels.role.data).toEqual({ type: "ranks", id: String(rankId) });
    expect(rels.vessel.data).toEqual({ type: "vessels", id: String(vesselId) });
    // The foreign keys are not attributes of the answer.
    expect(res.body.data.attributes).not.toHaveProperty("crewing_applicant_id");

    // Spec 001 §4: a missing company_agent_id is sent as null on update, and clears it.
    const id = res.body.data.id as string;
    const updated = await patch(admin, `/api/expiriences/${id}`, "expiriences", id, {
      company_agent_id: null,
      role: otherRankId,
      author_id: someoneElse.id,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.relationships.company_agent.data).toBeNull();
    expect(updated.body.data.relationships.role.data).toEqual({ type: "ranks", id: String(otherRankId) });
    expect(updated.body.data.relationships.author.data).toEqual({ type: "clients", id: String(adminId) });
  });

  it("refuses both spellings with different values, and ids that name nothing, with a pointer to the attribute", async () => {
    const user = await createApplicant(admin);
    const other = await createApplicant(admin);
    const base = { role: rankId, vessel_name: "MV Alias", date_on: "2021-03-01" };
    expect(
      pointers(
        await post(
          admin,
          "/api/expiriences",
          "expiriences",
          { ...base, crewing_applicant_id: Number(user.id) },
          { user: rel("users", other.id) },
        ),
      ),
    ).toEqual(["/data/attributes/crewing_applicant_id"]);
    expect(
      pointers(
        await post(admin, "/api/expiriences", "expiriences", { ...base, crewing_applicant_id: "abc" }),
      ),
    ).toEqual(["/data/attributes/crewing_applicant_id"]);
    expect(
      pointers(await post(admin, "/api/expiriences", "expiriences", { ...base, crewing_applicant_id: 12.5 })),
    ).toEqual(["/data/attributes/crewing_applicant_id"]);
    expect(
      pointers(await post(admin, "/api/expiriences", "expiriences", { ...base, author_id: "me" })),
    ).toEqual(["/data/attributes/author_id"]);
    // The same value twice is fine; a missing applicant is "must exist" like the relationship.
    const same = await post(
      admin,
      "/api/expiriences",
      "expiriences",
      { ...base, crewing_applicant_id: user.id },
      { user: rel("users", user.id) },
    );
    expect(same.status, JSON.stringify(same.body)).toBe(201);
    const missing = await post(admin, "/api/expiriences", "expiriences", {
      ...base,
      crewing_applicant_id: 999_999_999,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].title).toBe("must exist");
    // Nothing was written by the refusals.
    expect(await db().expirience.count({ where: { userId: Number(other.id) } })).toBe(0);
  });

  it("takes a document's crewing_applicant_id and author_id, and the endorsement as spec 001 spells it", async () => {
    const user = await createApplicant(admin);
    const coc = (await createKind(unique("CoC"))).id;
    const res = await post(admin, "/api/applicant_documents", "applicant_documents", {
      crewing_applicant_id: user.id,
      author_id: 1,
      n_tpd: 2,
      n_doc: coc,
      number: "COC-1",
      valid_from: "2021-04-01",
      endorsement: { number: "END-1", valid_from: "2021-05-01", valid_until: "2026-03-31" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const endorsementId = String(res.body.data.attributes.endorsement_id);
    expect(res.body.data.relationships.user.data).toEqual({ type: "users", id: user.id });
    expect(res.body.data.relationships.author.data).toEqual({ type: "clients", id: String(adminId) });
    const endorsement = await api().get(`/api/applicant_documents/${endorsementId}`).set(admin);
    expect(endorsement.body.data.attributes).toMatchObject({ n_tpd: 3, number: "END-1" });

    // Sent back as the client read it (its id, n_tpd 3 and the endorsement_id): the same record is updated.
    const id = res.body.data.id as string;
    const changed = await patch(admin, `/api/applicant_documents/${id}`, "applicant_documents", id, {
      endorsement_id: Number(endorsementId),
      endorsement: { id: endorsementId, n_tpd: 3, number: "END-2" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(String(changed.body.data.attributes.endorsement_id)).toBe(endorsementId);
    expect(
      (await api().get(`/api/applicant_documents/${endorsementId}`).set(admin)).body.data.attributes.number,
    ).toBe("END-2");
    // Both spellings, different: 422 on the spec's.
    expect(
      pointers(
        await patch(admin, `/api/applicant_documents/${id}`, "applicant_documents", id, {
          endorsement: { number: "A" },
          endorsement_attributes: { number: "B" },
        }),
      ),
    ).toEqual(["/data/attributes/endorsement"]);
    // A problem inside it points at the spelling sent.
    expect(
      pointers(
        await patch(admin, `/api/applicant_documents/${id}`, "applicant_documents", id, {
          endorsement: { number: "" },
        }),
      ),
    ).toEqual(["/data/attributes/endorsement"]);
    // null removes it, as endorsement_attributes: null does.
    const removed = await patch(admin, `/api/applicant_documents/${id}`, "applicant_documents", id, {
      endorsement: null,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.attributes.endorsement_id).toBeNull();
  });

  it("takes a performance record's docType, role, author_id and crewing_applicant_id", async () => {
    const user = await createApplicant(admin);
    const service = await post(admin, `/api/users/${user.id}/expiriences`, "expiriences", {
      role: rankId,
      vessel_name: "MV Perf",
      date_on: "2015-01-01",
      date_off: "2015-09-01",
    });
    expect(service.status, JSON.stringify(service.body)).toBe(201);
    const path = `/api/expiriences/${service.body.data.id as string}/performances`;
    const res = await post(admin, path, "user_performances", {
      docType: "promotion",
      role: otherRankId,
      author_id: 1,
      crewing_applicant_id: Number(user.id),
      date: "2015-06-01",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.attributes.doc_type).toBe("promotion");
    expect(res.body.data.relationships.role.data).toEqual({ type: "ranks", id: String(otherRankId) });
    expect(res.body.data.relationships.author.data).toEqual({ type: "clients", id: String(adminId) });
    expect(res.body.data.relationships.user.data).toEqual({ type: "users", id: user.id });
    expect(
      pointers(await post(admin, path, "user_performances", { docType: "promotion", doc_type: "warning" })),
    ).toEqual(["/data/attributes/docType"]);
    expect(pointers(await post(admin, path, "user_performances", { docType: "medal" }))).toEqual([
      "/data/attributes/docType",
    ]);
  });
});

describe("the definitions' spellings", () => {
  it("never take a name a resource already writes, and name to-one relationships only", () => {
    for (const def of Object.values(RESOURCES)) {
      for (const [name, r] of Object.entries(def.relationships ?? {})) {
        if (!r.attribute) continue;
        expect(r.cardinality, `${def.type}.${name}`).toBe("one");
        expect(attributeOf(def, r.attribute)?.input, `${def.type}.${r.attribute}`).toBeUndefined();
        const sameName = relationshipOf(def, r.attribute);
        if (sameName) expect(r.attribute, `${def.type}.${r.attribute}`).toBe(name);
      }
      // An alias may share its wire name with an attribute that is only read (a vacancy
      // application's change_comments: written as the first ones, read as all of them).
      for (const [name, a] of Object.entries(def.attributes)) {
        if (!a.alias) continue;
        expect(attributeOf(def, a.alias)?.input, `${def.type}.${name}`).toBeUndefined();
      }
    }
  });
});
