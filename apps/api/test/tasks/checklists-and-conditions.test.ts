import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createOwner, createScaleRow, createVessel, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, createApplicant, newPlan, signInPartner } from "../planning/planning-support.js";

const db = () => testDeps().db;
let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

const ref = (type: string, id: number | string) => ({ data: { type, id: String(id) } });
const setStatus = (id: string | number, status: string) =>
  api()
    .post(`/api/tasks/${id}/update_status`)
    .set(admin)
    .send({ data: { type: "tasks", attributes: { status } } });

/** A task type of its own (the seeded ones are shared with other tests). */
const newType = async (conditions: string[]) => {
  const res = await api()
    .post("/api/task_types")
    .set(admin)
    .send({
      data: { type: "task_types", attributes: { title: unique("Type"), finish_conditions: conditions } },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};

describe("task finish conditions", () => {
  it("lists what the type needs, refuses done until it is met, and says which is unmet", async () => {
    const typeId = await newType(["item", "comment", "documents_valid"]);
    const seafarer = await createApplicant();
    const kind = await db().applicantDocumentKind.create({ data: { title: unique("Passport") } });
    // An expired passport, renewed later: the renewal answers for it. An expired medical, not renewed: unmet.
    const other = await db().applicantDocumentKind.create({ data: { title: unique("Medical") } });
    await db().applicantDocument.createMany({
      data: [
        { userId: seafarer.id, nDoc: kind.id, number: "OLD", validUntil: new Date("2020-01-01") },
        { userId: seafarer.id, nDoc: kind.id, number: "NEW", validUntil: new Date("2035-01-01") },
        { userId: seafarer.id, nDoc: other.id, number: "MED", validUntil: new Date("2021-01-01") },
      ],
    });
    const made = await api()
      .post("/api/tasks")
      .set(admin)
      .send({
        data: {
          type: "tasks",
          attributes: { description: "Check documents", item_type: "users", item_id: seafarer.id },
          relationships: { task_type: ref("task_types", typeId) },
        },
      });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expectJsonApi(made.body);
    const id = made.body.data.id as string;
    expect(
      made.body.data.attributes.conditions.map((c: { condition: string; met: boolean }) => [
        c.condition,
        c.met,
      ]),
    ).toEqual([
      ["item", true],
      ["comment", false],
      ["documents_valid", false],
    ]);

    const refused = await setStatus(id, "done");
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].title).toBe("Status update failed");
    expect(refused.body.errors[0].detail).toBe("Check all conditions to finish task");
    expect(refused.body.errors[0].meta.unmet_conditions).toHaveLength(2);
    expect((await db().task.findUniqueOrThrow({ where: { id: Number(id) } })).status).toBe("to_do");

    // The outcome written down and the medical renewed: it may be finished.
    const comment = await api()
      .post("/api/comments")
      .set(admin)
      .send({
        data: {
          type: "comments",
          attributes: { body: "All checked", addressable_type: "tasks", addressable_id: Number(id) },
        },
      });
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
    await db().applicantDocument.create({
      data: { userId: seafarer.id, nDoc: other.id, number: "MED2", validUntil: null },
    });
    const shown = await api().get(`/api/tasks/${id}`).set(admin);
    expect(shown.body.data.attributes.conditions.every((c: { met: boolean }) => c.met)).toBe(true);
    const done = await setStatus(id, "done");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it("refuses conditions it does not know, and a task type naming one twice", async () => {
    for (const conditions of [["telepathy"], ["comment", "comment"]]) {
      const res = await api()
        .post("/api/task_types")
        .set(admin)
        .send({
          data: { type: "task_types", attributes: { title: unique("T"), finish_conditions: conditions } },
        });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].source.pointer).toMatch(/^\/data\/attributes\/finish_conditions/);
    }
  });
});

describe("crew change checklist", () => {
  const setUp = async () => {
    const owner = await createOwner();
    const vessel = await createVessel({ ownerId: owner.id });
    const [rowA, rowB] = [
      await createScaleRow({ vesselId: vessel.id }),
      await createScaleRow({ vesselId: vessel.id }),
    ];
    const [joinerA, joinerB] = [await createApplicant(), await createApplicant()];
    const planA = await newPlan(admin, rowA.id, "2027-03-01", "2027-09-01", joinerA.id);
    const planB = await newPlan(admin, rowB.id, "2027-03-01", "2027-09-01", joinerB.id);
    const port = await db().port.create({ data: { name: unique("Port") } });
    const cc = await api()
      .post("/api/crew_changes")
      .set(admin)
      .send({
        data: {
          type: "crew_changes",
          attributes: {
            date: "2027-03-01",
            crewlists: [
              { sign_on_id: planA, sign_off_id: null },
              { sign_on_id: planB, sign_off_id: null },
            ],
          },
          relationships: { vessel: ref("vessels", vessel.id), port: ref("ports", port.id) },
        },
      });
    expect(cc.status, JSON.stringify(cc.body)).toBe(201);
    return { owner, ccId: cc.body.data.id as string, joinerA, joinerB };
  };
  const addLine = (ownerId: number, attributes: Record<string, unknown>) =>
    api()
      .post(`/api/owners/${ownerId}/checklist_items`)
      .set(admin)
      .send({ data: { type: "checklist_items", attributes } });

  it("previews, makes exactly what it showed, never twice, and counts what is done", async () => {
    const { owner, ccId, joinerA } = await setUp();
    const visa = await db().taskType.findFirstOrThrow({ where: { title: "Visa" } });
    const l1 = await addLine(owner.id, { description: "Visa", days_before: 10 });
    expect(l1.status, JSON.stringify(l1.body)).toBe(201);
    await api()
      .patch(`/api/checklist_items/${l1.body.data.id}/relationships/task_type`)
      .set(admin)
      .send(ref("task_types", visa.id));
    const l2 = await addLine(owner.id, { description: "Flights booked", days_before: 5 });
    expect(l2.body.data.attributes.position).toBe(l1.body.data.attributes.position + 1);

    const before = await db().task.count();
    const preview = await api().get(`/api/crew_changes/${ccId}/checklist`).set(admin);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const p = preview.body.data.attributes;
    expect(p).toMatchObject({ owner_id: owner.id, task_id: null, total: 0, done: 0, to_create: 4 });
    expect(p.seafarers).toHaveLength(2);
    expect(p.seafarers[0].lines.map((l: { deadline: string }) => l.deadline)).toEqual([
      "2027-02-19",
      "2027-02-24",
    ]);
    expect(await db().task.count()).toBe(before);

    // What the user saw no longer holds (a line added since): 409, nothing written.
    await addLine(owner.id, { description: "Hotel booked", days_before: 2 });
    const stale = await api().post(`/api/crew_changes/${ccId}/checklist`).set(admin).send({ expected: 4 });
    expect(stale.status).toBe(409);
    expect(await db().task.count()).toBe(before);

    const made = await api().post(`/api/crew_changes/${ccId}/checklist`).set(admin).send({ expected: 6 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.meta).toMatchObject({ created: 6, message: "6 checklist tasks created" });
    expect(made.body.data.attributes).toMatchObject({ total: 6, done: 0, to_create: 0 });
    expect(await db().task.count()).toBe(before + 7);
    const parentId = made.body.data.attributes.task_id as number;
    const subs = await api().get(`/api/tasks/${parentId}/subtasks`).set(admin);
    const visaTask = subs.body.data.find((t: { attributes: { description: string } }) =>
      t.attributes.description.startsWith(`Visa — ${joinerA.surname}`),
    );
    expect(visaTask.attributes).toMatchObject({
      task_type_title: "Visa",
      item_type: "users",
      item_id: joinerA.id,
    });

    // Again: nothing to make.
    const again = await api().post(`/api/crew_changes/${ccId}/checklist`).set(admin).send({ expected: 0 });
    expect(again.status).toBe(200);
    expect(await db().task.count()).toBe(before + 7);

    expect((await setStatus(subs.body.data[0].id, "cancelled")).status).toBe(200);
    const cc = await api().get(`/api/crew_changes/${ccId}`).set(admin);
    expect(cc.body.data.attributes).toMatchObject({ checklist_total: 6, checklist_done: 1 });
  });

  it("keeps a partner to its own owners' checklists and out of making tasks", async () => {
    const { owner, ccId } = await setUp();
    await addLine(owner.id, { description: "Visa" });
    const other = await createOwner();
    const { headers } = await signInPartner("partner", other.id);
    const list = await api().get(`/api/owners/${owner.id}/checklist_items`).set(headers);
    expect([403, 404]).toContain(list.status);
    const preview = await api().get(`/api/crew_changes/${ccId}/checklist`).set(headers);
    expect([403, 404]).toContain(preview.status);
    const bad = await addLine(owner.id, { description: "  ", days_before: 500 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      "/data/attributes/days_before",
      "/data/attributes/description",
    ]);
  });
});
