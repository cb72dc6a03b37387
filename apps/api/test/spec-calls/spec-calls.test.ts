import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { createOwner, createScaleRow, unique } from "../support/factories.js";
import { samplePdf } from "../support/sample-files.js";
import {
  addService,
  api,
  createApplicant,
  createKind,
  created,
  db,
  fixtures,
  post,
  rel,
} from "../records/support.js";
import { tracked } from "../applicants/support.js";
import { SPEC_CALLS, type TSpecCall, type TSpecFixtures } from "./spec-calls.js";

/**
 * Spec 000/001/002 §7 as a conformance suite: every call of SPEC_CALLS is sent as the spec
 * shapes it, as an admin, and must not be refused for a name (400) nor fail (5xx); calls with
 * valid values must succeed. Calls of areas not built yet are listed with their reason and
 * skipped explicitly.
 */

let admin: TAuthHeaders;
let f: TSpecFixtures;

const fill = (text: string): string =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (f as Record<string, number | string>)[name];
    if (value === undefined) throw new Error(`no fixture ${name}`);
    return String(value);
  });
/** Placeholders in a payload: a value that is exactly one numeric fixture becomes its number (ids of linkage stay strings). */
const fillValue = (value: unknown, key = ""): unknown => {
  if (typeof value === "string") {
    const whole = /^\{(\w+)\}$/.exec(value);
    const fixture = whole ? (f as Record<string, number | string>)[whole[1] ?? ""] : undefined;
    return typeof fixture === "number" && key !== "id" ? fixture : fill(value);
  }
  if (Array.isArray(value)) return value.map((v) => fillValue(v));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillValue(v, k)]));
  return value;
};

const send = async (call: TSpecCall) => {
  const path = fill(call.path);
  const query = Object.fromEntries(Object.entries(call.query ?? {}).map(([k, v]) => [k, fill(v)]));
  const method =
    call.method === "DELETE" ? "delete" : (call.method.toLowerCase() as "get" | "post" | "patch");
  const req = api()[method](path).set(admin).query(query);
  if (call.jsonapi) {
    const id = call.method === "PATCH" ? path.split("/").pop() : undefined;
    const { type, attributes, relationships } = call.jsonapi;
    return req.send({
      data: {
        type,
        ...(id ? { id } : {}),
        attributes: fillValue(attributes),
        ...(relationships ? { relationships: fillValue(relationships) } : {}),
      },
    });
  }
  return call.body ? req.send(fillValue(call.body) as object) : req;
};

beforeAll(async () => {
  const signed = await signInAs("admin");
  admin = tracked(signed.headers);
  const base = await fixtures();
  const user = await createApplicant(admin);
  const userId = Number(user.id);
  const kindId = (await createKind(unique("Passport"))).id;
  const service = await addService(admin, user.id, base.rank.id, {
    vessel_name: "MV Spec",
    date_on: "2015-01-10",
    date_off: "2015-07-01",
  });
  const doomed = await addService(admin, user.id, base.rank.id, {
    vessel_name: "MV Gone",
    date_on: "2012-01-10",
    date_off: "2012-07-01",
  });
  const document = created(
    await post(admin, `/api/users/${user.id}/documents`, "applicant_documents", {
      n_tpd: 1,
      n_doc: kindId,
      number: "SPEC-1",
    }),
  );
  const country = await db().country.upsert({
    where: { code: "LR" },
    create: { code: "LR", name: "Liberia" },
    update: {},
  });
  const port = await db().port.create({ data: { name: unique("Port"), countryId: country.id } });
  const scale = await createScaleRow({ vesselId: base.vessel.id, rankId: base.rank.id });
  const crewChange = created(
    await post(
      admin,
      "/api/crew_changes",
      "crew_changes",
      { date: "2030-03-01", state: "planned" },
      // A crew change happens at a port (required since issue 22).
      { vessel: rel("vessels", base.vessel.id), port: rel("ports", port.id) },
    ),
  );
  const plan = created(
    await post(
      admin,
      "/api/time_plans",
      "time_plans",
      { start: "2030-01-01", end: "2030-04-01", status: "vacancy" },
      { manning_scale: rel("manning_scales", scale.id) },
    ),
  );
  f = {
    userId,
    expirienceId: Number(service.id),
    expirienceToDelete: Number(doomed.id),
    documentId: Number(document.id),
    kindId,
    rankId: base.rank.id,
    otherRankId: base.otherRank.id,
    vesselId: base.vessel.id,
    ownerId: (await createOwner()).id,
    managerId: (await db().manager.create({ data: { title: unique("Manager") } })).id,
    agentId: (await db().crewingAgent.create({ data: { name: unique("Agent") } })).id,
    clientId: signed.client.id,
    portId: port.id,
    scaleId: scale.id,
    crewChangeId: Number(crewChange.id),
    timePlanId: Number(plan.id),
    permissionId: (await db().permissionRecord.findFirstOrThrow({ where: { clientId: null } })).id,
    relationTypeId: (await db().relationType.create({ data: { title: unique("Sister") } })).id,
    applicantNumber: String(user.attributes.crewing_applicant_id),
  };
});

const label = (c: TSpecCall): string =>
  `${c.spec} ${c.method} ${c.path}${c.query ? ` ?${Object.keys(c.query).join("&")}` : ""}${c.jsonapi ? ` {${Object.keys(c.jsonapi.attributes).join(", ")}}` : ""}`;

describe("the spec's calls, as its client sends them", () => {
  for (const call of SPEC_CALLS) {
    if (call.skip) {
      it.skip(`${label(call)} — ${call.skip}`, () => undefined);
      continue;
    }
    it(label(call), async () => {
      const res = await send(call);
      const said = `${res.status} ${JSON.stringify(res.body).slice(0, 600)}`;
      expect(res.status, said).not.toBe(400);
      expect(res.status, said).toBeLessThan(500);
      if (call.status) expect(res.status, said).toBe(call.status);
      else expect([200, 201, 204], said).toContain(res.status);
    });
  }

  it("001 §7 POST attachments/create_item (multipart: title, author_id, crewing_applicant_id, addressable_id, addressable_type, document)", async () => {
    const res = await api()
      .post("/api/attachments/create_item")
      .set(admin)
      .field("title", "Discharge book page")
      .field("author_id", "1")
      .field("crewing_applicant_id", String(f.userId))
      .field("addressable_id", String(f.expirienceId))
      .field("addressable_type", "expiriences")
      .attach("document", samplePdf(), "page.pdf");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.relationships.author.data.id).toBe(String(f.clientId));
  });

  it("lists every skipped call with a reason", () => {
    for (const call of SPEC_CALLS.filter((c) => c.skip))
      expect(call.skip, label(call)).toMatch(/not built yet \(|covered by|path not shown|its own case/);
  });
});
