import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createOwner, createRank, createScaleRow, createVessel, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import {
  api,
  createApplicant,
  date,
  download,
  newPlan,
  signInPartner,
} from "../planning/planning-support.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

const kind = (title: string, stcw: string | null = null) =>
  testDeps().db.applicantDocumentKind.create({ data: { title: unique(title), stcwReference: stcw } });

const holds = (userId: number, nDoc: number, validUntil: string | null) =>
  testDeps().db.applicantDocument.create({
    data: { userId, nDoc, number: unique("N"), validUntil: validUntil ? date(validUntil) : null },
  });

/** An owner's fleet: a vessel with a master's and a chief mate's row, and four document kinds. */
const fleet = async () => {
  const owner = await createOwner();
  const vessel = await createVessel({ ownerId: owner.id });
  const [master, mate] = [await createRank(), await createRank()];
  const [masterRow, mateRow] = [
    await createScaleRow({ vesselId: vessel.id, rankId: master.id }),
    await createScaleRow({ vesselId: vessel.id, rankId: mate.id }),
  ];
  const docs = {
    basic: await kind("Basic safety training", "VI/1"),
    medical: await kind("Medical fitness certificate"),
    masterCoc: await kind("CoC Master", "II/2"),
    mateCoc: await kind("CoC Chief mate", "II/2"),
  };
  // A master's CoC covers the chief mate's.
  await testDeps().db.documentEquivalence.create({
    data: { kindId: docs.masterCoc.id, coversId: docs.mateCoc.id },
  });
  return { owner, vessel, master, mate, masterRow, mateRow, docs };
};

type TFleet = Awaited<ReturnType<typeof fleet>>;

const matrixBody = (f: TFleet, title = "Fleet standard") => ({
  owner_id: f.owner.id,
  title,
  role_ids: [f.master.id, f.mate.id],
  documents: [
    { document_id: f.docs.basic.id, group_name: "STCW basic" },
    { document_id: f.docs.medical.id, group_name: "Medical" },
    { document_id: f.docs.mateCoc.id, group_name: "Competency" },
    { document_id: f.docs.masterCoc.id, group_name: "Competency" },
  ],
  items: [
    { role_id: f.master.id, document_id: f.docs.basic.id, months_required: 0 },
    { role_id: f.master.id, document_id: f.docs.medical.id, months_required: 3 },
    { role_id: f.master.id, document_id: f.docs.masterCoc.id, months_required: 0 },
    { role_id: f.mate.id, document_id: f.docs.basic.id },
    { role_id: f.mate.id, document_id: f.docs.mateCoc.id },
    { role_id: f.mate.id, document_id: f.docs.medical.id, required: false },
  ],
});

const createMatrix = async (f: TFleet, title?: string) => {
  const res = await api().post("/api/owner_groups/create_matrix").set(admin).send(matrixBody(f, title));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
};

describe("document matrix", () => {
  it("is made in one write from the multi-step form, current, with its ranks, documents in groups and cells", async () => {
    const f = await fleet();
    const res = await createMatrix(f);
    expectJsonApi(res.body);
    expect(res.body.data.attributes).toMatchObject({
      title: "Fleet standard",
      current: true,
      role_count: 2,
      document_count: 4,
    });
    const included = res.body.included as { type: string; attributes: Record<string, unknown> }[];
    const columns = included.filter((r) => r.type === "group_items").map((r) => r.attributes);
    expect(columns.map((c) => [c.group_order, c.group_id, c.group_name])).toEqual([
      [1, 1, "STCW basic"],
      [2, 2, "Medical"],
      [3, 3, "Competency"],
      [4, 3, "Competency"],
    ]);
    expect(included.filter((r) => r.type === "items")).toHaveLength(6);
    // A second matrix becomes current; the first one no longer is.
    const second = await createMatrix(f, "Tanker rules");
    const list = await api().get(`/api/owners/${f.owner.id}/document_matrices`).set(admin);
    expect(list.status).toBe(200);
    const current = list.body.data.map((m: { id: string; attributes: { current: boolean } }) => [
      m.id,
      m.attributes.current,
    ]);
    expect(current).toEqual(
      expect.arrayContaining([
        [res.body.data.id, false],
        [second.body.data.id, true],
      ]),
    );
  });

  it("edit keeps the cells that stay, offers only unused ranks and documents; copy starts another owner's matrix", async () => {
    const f = await fleet();
    const created = await createMatrix(f);
    const id = created.body.data.id as string;
    const cells = await api().get(`/api/items?filter[owner_group_id]=${id}&page[size]=999`).set(admin);
    expect(cells.body.data).toHaveLength(6);
    // Another rank on the owner's fleet, not yet in the matrix.
    const cook = await createRank();
    await createScaleRow({ vesselId: f.vessel.id, rankId: cook.id });
    const unusedRoles = await api().get(`/api/owner_groups/${id}/unused_roles`).set(admin);
    expect(unusedRoles.status).toBe(200);
    expect(unusedRoles.body.data.map((r: { id: string }) => Number(r.id))).toEqual([cook.id]);
    const extra = await kind("Ship security awareness", "VI/6");
    const unusedDocs = await api().get(`/api/owner_groups/${id}/unused_documents?page[size]=999`).set(admin);
    const unusedIds = unusedDocs.body.data.map((d: { id: string }) => Number(d.id));
    expect(unusedIds).toContain(extra.id);
    expect(unusedIds).not.toContain(f.docs.basic.id);

    const body = matrixBody(f, "Fleet standard 2027");
    const { owner_id: _owner, ...edit } = body;
    const edited = await api()
      .post(`/api/owner_groups/${id}/edit_matrix`)
      .set(admin)
      .send({
        ...edit,
        role_ids: [...edit.role_ids, cook.id],
        documents: [...edit.documents, { document_id: extra.id, group_name: "STCW basic" }],
        items: [...edit.items, { role_id: cook.id, document_id: extra.id }],
      });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.attributes).toMatchObject({ title: "Fleet standard 2027", role_count: 3 });
    const after = await api().get(`/api/items?filter[owner_group_id]=${id}&page[size]=999`).set(admin);
    const before = new Set(cells.body.data.map((c: { id: string }) => c.id));
    expect(after.body.data).toHaveLength(7);
    expect(after.body.data.filter((c: { id: string }) => before.has(c.id))).toHaveLength(6);
    // One cell changed on its own (the grid's cell edit).
    const cell = after.body.data[0].id as string;
    const patched = await api()
      .patch(`/api/items/${cell}`)
      .set(admin)
      .send({ data: { type: "items", id: cell, attributes: { months_required: 6, required: false } } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({ months_required: 6, required: false });

    const other = await createOwner();
    const copy = await api()
      .post(`/api/owner_groups/${id}/copy_matrix`)
      .set(admin)
      .send({ owner_id: other.id, title: "From the fleet standard" });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.data.attributes).toMatchObject({
      title: "From the fleet standard",
      current: true,
      role_count: 3,
      document_count: 5,
    });
    expect(copy.body.data.relationships.owner.data).toEqual({ type: "owners", id: String(other.id) });
  });

  it("refuses bad input with pointers (422), unknown names (400), and writes to read-only roles (403)", async () => {
    const f = await fleet();
    const body = matrixBody(f);
    const stray = await api()
      .post("/api/owner_groups/create_matrix")
      .set(admin)
      .send({ ...body, items: [...body.items, { role_id: 99999999, document_id: f.docs.basic.id }] });
    expect(stray.status).toBe(422);
    expect(stray.body.errors[0].source.pointer).toBe("/data/attributes/items");
    const noRank = await api()
      .post("/api/owner_groups/create_matrix")
      .set(admin)
      .send({ ...body, role_ids: [99999999], items: [] });
    expect(noRank.status).toBe(422);
    expect(noRank.body.errors[0].source.pointer).toBe("/data/attributes/role_ids");
    const twice = await api()
      .post("/api/owner_groups/create_matrix")
      .set(admin)
      .send({ ...body, documents: [...body.documents, body.documents[0]] });
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].source.pointer).toBe("/data/attributes/documents");
    const blank = await api()
      .post("/api/owner_groups/create_matrix")
      .set(admin)
      .send({ ...body, title: " " });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0].source.pointer).toBe("/data/attributes/title");
    const unknown = await api()
      .post("/api/owner_groups/create_matrix")
      .set(admin)
      .send({ ...body, colour: 1 });
    expect(unknown.status).toBe(400);
    const months = await api()
      .post("/api/owner_groups/create_matrix")
      .set(admin)
      .send({
        ...body,
        items: [{ role_id: f.master.id, document_id: f.docs.basic.id, months_required: -1 }],
      });
    expect(months.status).toBe(422);
    const guest = (await signInAs("guest")).headers;
    expect((await api().post("/api/owner_groups/create_matrix").set(guest).send(body)).status).toBe(403);
    const id = (await createMatrix(f)).body.data.id as string;
    expect((await api().get(`/api/owner_groups/${id}`).set(guest)).status).toBe(200);
    const badCheck = await api()
      .get(`/api/users/check_document_matrix?vessel_id=${f.vessel.id}&joining_date=31.12.2027`)
      .set(admin);
    expect(badCheck.status).toBe(422);
    expect(badCheck.body.errors[0].source.pointer).toBe("/data/attributes/joining_date");
    const nobody = await api().get(`/api/users/check_document_matrix?owner_id=${f.owner.id}`).set(admin);
    expect(nobody.status).toBe(422);
  });

  it("checks a vessel's seafarers: valid, missing, expired, expiring with the months asked, and the whole tour", async () => {
    const f = await fleet();
    await createMatrix(f);
    const master = await createApplicant({ rankId: f.master.id, surname: "Andersen" });
    await holds(master.id, f.docs.basic.id, null);
    await holds(master.id, f.docs.medical.id, "2027-05-15"); // 3 months asked at joining 2027-03-01: too little
    await holds(master.id, f.docs.masterCoc.id, "2027-06-01"); // ends inside the tour
    const mate = await createApplicant({ rankId: f.mate.id, surname: "Berg" });
    await holds(mate.id, f.docs.basic.id, "2026-01-01"); // expired
    await holds(mate.id, f.docs.masterCoc.id, "2031-01-01"); // covers the chief mate's CoC
    await newPlan(admin, f.masterRow.id, "2027-03-01", "2027-09-01", master.id, "approved");
    await newPlan(admin, f.mateRow.id, "2027-03-01", "2027-09-01", mate.id, "approved");
    const res = await api().get(`/api/users/check_document_matrix?vessel_id=${f.vessel.id}`).set(admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectJsonApi(res.body);
    expect(res.body.meta).toEqual({ total: 2, compliant: 0 });
    type TRow = { document: string; status: string; covers_tour: boolean | null; held_as: string | null };
    const byName = new Map<string, TRow[]>(
      res.body.data.map((l: { attributes: { name: string; documents: TRow[] } }) => [
        l.attributes.name.split(" ")[0],
        l.attributes.documents,
      ]),
    );
    const summary = (rows: TRow[] | undefined) => rows?.map((r) => [r.document, r.status, r.covers_tour]);
    expect(summary(byName.get("Andersen"))).toEqual([
      [f.docs.basic.title, "valid", true],
      [f.docs.medical.title, "expiring", false],
      [f.docs.masterCoc.title, "valid", false],
    ]);
    expect(summary(byName.get("Berg"))).toEqual([
      [f.docs.basic.title, "expired", false],
      [f.docs.medical.title, "missing", false],
      [f.docs.mateCoc.title, "valid", true],
    ]);
    expect(byName.get("Berg")?.[2]?.held_as).toBe(f.docs.masterCoc.title);
    // The same as a workbook that opens.
    const file = await download(
      api().get(`/api/users/check_document_matrix?vessel_id=${f.vessel.id}&format=xlsx`).set(admin),
    );
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getCell("F3").value).toBe(f.docs.basic.title);
    expect(sheet?.rowCount).toBe(2 + 6);
    // By applicant ids against the owner's current matrix, on a given day.
    const byIds = await api()
      .get(
        `/api/users/check_document_matrix?user_ids=${mate.id},${master.id}&owner_id=${f.owner.id}&joining_date=2025-06-01`,
      )
      .set(admin);
    expect(byIds.status).toBe(200);
    expect(byIds.body.data[0].attributes.documents[0]).toMatchObject({ status: "valid", covers_tour: null });
  });

  it("warns the planner about a missing certificate when the plan is made, naming it; without a matrix the old rule stays", async () => {
    const f = await fleet();
    const seafarer = await createApplicant({ rankId: f.master.id });
    await holds(seafarer.id, f.docs.basic.id, null);
    await holds(seafarer.id, f.docs.medical.id, "2030-01-01");
    const before = await api()
      .post("/api/time_plans")
      .set(admin)
      .send({
        data: {
          type: "time_plans",
          attributes: { start: "2027-03-01", end: "2027-09-01", status: "approved" },
          relationships: {
            manning_scale: { data: { type: "manning_scales", id: String(f.masterRow.id) } },
            user: { data: { type: "users", id: String(seafarer.id) } },
          },
        },
      });
    expect(before.status).toBe(201);
    expect(before.body.data.attributes.warnings).toEqual([]);
    await createMatrix(f);
    const shown = await api().get(`/api/time_plans/${before.body.data.id}`).set(admin);
    expect(shown.body.meta.warnings).toEqual([
      {
        code: "matrix_document_missing",
        title: `Missing: ${f.docs.masterCoc.title}`,
        detail: `Fleet standard requires ${f.docs.masterCoc.title} (STCW II/2) for ${f.master.title}; the seafarer holds none.`,
      },
    ]);
    // A new plan is warned about in the answer of its own write.
    const made = await api()
      .post("/api/time_plans")
      .set(admin)
      .send({
        data: {
          type: "time_plans",
          attributes: { start: "2027-10-01", end: "2028-03-01", status: "approved" },
          relationships: {
            manning_scale: { data: { type: "manning_scales", id: String(f.masterRow.id) } },
            user: { data: { type: "users", id: String(seafarer.id) } },
          },
        },
      });
    expect(made.status).toBe(201);
    expect(made.body.meta.warnings.map((w: { title: string }) => w.title)).toEqual([
      `Missing: ${f.docs.masterCoc.title}`,
    ]);
  });

  it("marks a planned applicant in the applicants list by the owner's matrix for the plan's rank; others keep valid_state", async () => {
    const f = await fleet();
    await createMatrix(f);
    const surname = unique("Matrixmark");
    const list = async () => {
      const res = await api().get("/api/users").query({ search: surname, "page[size]": "50" }).set(admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expectJsonApi(res.body);
      type TMark = {
        state: string;
        matrix: string;
        rank: string;
        problems: { document: string; status: string }[];
      };
      return new Map<string, { matrix_documents: TMark | null; valid_state: string | null }>(
        res.body.data.map(
          (d: {
            attributes: { name: string; matrix_documents: TMark | null; valid_state: string | null };
          }) => [d.attributes.name, d.attributes],
        ),
      );
    };
    // Every document the master holds is valid (valid_state green), but the matrix wants a master's CoC.
    const master = await createApplicant({ rankId: f.master.id, surname, name: "Master" });
    await holds(master.id, f.docs.basic.id, null);
    await holds(master.id, f.docs.medical.id, "2030-01-01");
    // The mate holds the master's CoC (covers the mate's) but an expired basic safety course.
    const mate = await createApplicant({ rankId: f.mate.id, surname, name: "Mate" });
    await holds(mate.id, f.docs.basic.id, "2026-01-01");
    await holds(mate.id, f.docs.masterCoc.id, "2031-01-01");
    const compliant = await createApplicant({ rankId: f.mate.id, surname, name: "Ready" });
    await holds(compliant.id, f.docs.basic.id, null);
    await holds(compliant.id, f.docs.mateCoc.id, "2031-01-01");
    const unplanned = await createApplicant({ rankId: f.master.id, surname, name: "Unplanned" });
    await holds(unplanned.id, f.docs.basic.id, "2026-01-01");
    await newPlan(admin, f.masterRow.id, "2027-03-01", "2027-09-01", master.id, "approved");
    await newPlan(admin, f.mateRow.id, "2027-03-01", "2027-09-01", mate.id, "to_propose");
    await newPlan(admin, f.mateRow.id, "2027-10-01", "2028-03-01", compliant.id, "approved");
    const rows = await list();
    expect(rows.get("Master")?.valid_state).toBe("valid");
    expect(rows.get("Master")?.matrix_documents).toMatchObject({
      state: "missing",
      matrix: "Fleet standard",
      rank: f.master.title,
      joining_date: "2027-03-01",
      problems: [{ document: f.docs.masterCoc.title, status: "missing" }],
    });
    expect(rows.get("Mate")?.matrix_documents).toMatchObject({
      state: "expired",
      problems: [{ document: f.docs.basic.title, status: "expired" }],
    });
    expect(rows.get("Ready")?.matrix_documents).toMatchObject({ state: "valid", problems: [] });
    // No plan ahead: no matrix mark, the list shows valid_state as before.
    expect(rows.get("Unplanned")?.matrix_documents).toBeNull();
    expect(rows.get("Unplanned")?.valid_state).toBe("expired");
    // A sparse fieldset without the mark spares its queries and leaves it out.
    const sparse = await api()
      .get("/api/users")
      .query({ search: surname, "fields[users]": "name,valid_state" })
      .set(admin);
    expect(sparse.status).toBe(200);
    expect(sparse.body.data[0].attributes).not.toHaveProperty("matrix_documents");
    // Without a current matrix the planned applicants fall back too.
    const current = await testDeps().db.ownerGroup.findFirstOrThrow({ where: { ownerId: f.owner.id } });
    await testDeps().db.ownerGroup.update({ where: { id: current.id }, data: { current: false } });
    expect((await list()).get("Master")?.matrix_documents).toBeNull();
  });

  it("keeps a partner to its own owners' matrices and vessels", async () => {
    const a = await fleet();
    const b = await fleet();
    const mine = (await createMatrix(a)).body.data.id as string;
    const theirs = (await createMatrix(b)).body.data.id as string;
    const { headers } = await signInPartner("partner", a.owner.id);
    expect((await api().get(`/api/owner_groups/${mine}`).set(headers)).status).toBe(200);
    expect((await api().get(`/api/owner_groups/${theirs}`).set(headers)).status).toBe(404);
    const list = await api().get("/api/owner_groups?page[size]=999").set(headers);
    const ids = list.body.data.map((m: { id: string }) => m.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect((await api().get(`/api/items?filter[owner_group_id]=${theirs}`).set(headers)).body.data).toEqual(
      [],
    );
    expect(
      (await api().get(`/api/users/check_document_matrix?vessel_id=${b.vessel.id}`).set(headers)).status,
    ).toBe(404);
    expect(
      (await api().get(`/api/users/check_document_matrix?vessel_id=${a.vessel.id}`).set(headers)).status,
    ).toBe(200);
  });
});
