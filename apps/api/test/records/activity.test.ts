import { ZActivityAnswer, activityItemsOf, type TActivityItem } from "@crew/contracts";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApplicant } from "../applicants/support.js";
import { newPlan, planBody } from "../planning/planning-support.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createRank, createScaleRow, createVessel, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { createKind, daysFromToday } from "./support.js";

const api = () => request(testApp());

const activity = async (
  headers: TAuthHeaders,
  userId: string | number,
  query: Record<string, string> = {},
) => {
  const res = await api().get(`/api/users/${userId}/activity`).query(query).set(headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectJsonApi(res.body);
  const answer = ZActivityAnswer.parse(res.body);
  return { items: activityItemsOf(answer), meta: answer.meta, raw: answer };
};

/** An applicant with a life: added, readiness and rank changed, two documents, a plan made and moved. */
const applicantWithHistory = async () => {
  const { headers, client } = await signInAs("manager");
  const rank = await createRank(unique("Master"));
  const otherRank = await createRank(unique("Chief Officer"));
  const vessel = await createVessel({ name: unique("MV Activity") });
  const row = await createScaleRow({ vesselId: vessel.id, rankId: rank.id });
  const applicant = await createApplicant(headers, { readiness_date: "2027-01-10" });
  const patch = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
    api()
      .patch(`/api/users/${applicant.id}`)
      .set(headers)
      .send({
        data: { type: "users", id: applicant.id, attributes, ...(relationships ? { relationships } : {}) },
      });
  expect((await patch({ readiness_date: "2027-02-01" })).status).toBe(200);
  expect((await patch({}, { role: { data: { type: "ranks", id: String(otherRank.id) } } })).status).toBe(200);
  // An edit the timeline does not tell (the address).
  expect((await patch({ address: "Odesa, Ukraine" })).status).toBe(200);
  const kind = await createKind(unique("Passport"));
  const db = testDeps().db;
  const passport = await db.applicantDocument.create({
    data: {
      userId: Number(applicant.id),
      nDoc: kind.id,
      number: "FA123456",
      validUntil: new Date(`${daysFromToday(-3)}T00:00:00Z`),
      authorId: client.id,
      createdAt: new Date(Date.now() - 86_400_000 * 400),
    },
  });
  const start = daysFromToday(40);
  const planId = await newPlan(headers, row.id, start, daysFromToday(200), Number(applicant.id));
  const moved = await api()
    .patch(`/api/time_plans/${planId}`)
    .set(headers)
    .send(planBody(row.id, { start: daysFromToday(45) }, undefined, String(planId)));
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return { headers, client, applicant, rank, otherRank, vessel, passport, planId, start };
};

const kindsOf = (items: TActivityItem[]) =>
  items.map((i) => `${i.kind}${"action" in i ? `:${i.action}` : ""}`);

describe("GET /users/{id}/activity", () => {
  it("tells what happened to the applicant, newest first, with who and when", async () => {
    const a = await applicantWithHistory();
    const { items, meta } = await activity(a.headers, a.applicant.id);
    expect(meta.kinds).toEqual(["comment", "change", "document", "plan"]);
    expect(meta.next).toBeNull();
    const times = items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(kindsOf(items)).toEqual([
      "plan:moved",
      "plan:planned",
      "change",
      "change",
      "change",
      "document:expired",
      "document:added",
    ]);
    const [moved, planned, rank, readiness, created, expired, added] = items;
    expect(moved).toMatchObject({
      kind: "plan",
      plan_id: a.planId,
      vessel: a.vessel.name,
      rank: a.rank.title,
      actor: { id: a.client.id, name: a.client.name },
      changes: [{ column: "start", from: a.start, to: daysFromToday(45) }],
    });
    expect(planned).toMatchObject({ kind: "plan", action: "planned", actor: { id: a.client.id } });
    expect(expired).toMatchObject({ kind: "document", number: "FA123456", renewed: false, actor: null });
    expect(rank).toMatchObject({
      kind: "change",
      event: "update",
      changes: [{ column: "role_id", label: "Rank", from: null, to: a.otherRank.title }],
      actor: { id: a.client.id, name: a.client.name },
    });
    expect(readiness).toMatchObject({
      changes: [{ column: "readiness_date", label: "Readiness", from: "2027-01-10", to: "2027-02-01" }],
    });
    expect(created).toMatchObject({ kind: "change", event: "create" });
    expect(added).toMatchObject({ kind: "document", action: "added", actor: { id: a.client.id } });
  });

  it("filters by kind and pages with a cursor that loses and repeats nothing", async () => {
    const a = await applicantWithHistory();
    const all = (await activity(a.headers, a.applicant.id)).items;
    const plans = await activity(a.headers, a.applicant.id, { "filter[kind]": "plan" });
    expect(plans.items.map((i) => i.id)).toEqual(all.filter((i) => i.kind === "plan").map((i) => i.id));
    const two = await activity(a.headers, a.applicant.id, { "filter[kind]": "document,change" });
    expect(new Set(two.items.map((i) => i.kind))).toEqual(new Set(["document", "change"]));

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const page = await activity(a.headers, a.applicant.id, {
        "page[size]": "2",
        ...(cursor ? { "page[before]": cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.meta.next;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.map((i) => i.id));
  });

  it("leaves out the kinds a role may not read: a guest sees no plans", async () => {
    const a = await applicantWithHistory();
    const guest = await signInAs("guest");
    const { items, meta } = await activity(guest.headers, a.applicant.id);
    expect(meta.kinds).toEqual(["comment", "change", "document"]);
    expect(items.some((i) => i.kind === "plan")).toBe(false);
    // Asking for plans by name gives nothing either.
    expect((await activity(guest.headers, a.applicant.id, { "filter[kind]": "plan" })).items).toEqual([]);
  });

  it("is refused to roles that may not read applicants, 404 for a missing one, 422 for bad input", async () => {
    const a = await applicantWithHistory();
    const partner = await signInAs("partner");
    expect((await api().get(`/api/users/${a.applicant.id}/activity`).set(partner.headers)).status).toBe(403);
    expect((await api().get("/api/users/999999999/activity").set(a.headers)).status).toBe(404);
    const badKind = await api()
      .get(`/api/users/${a.applicant.id}/activity`)
      .query({ "filter[kind]": "gossip" })
      .set(a.headers);
    expect(badKind.status).toBe(422);
    expect(badKind.body.errors[0].source.pointer).toBe("/data/attributes/filter");
    const badCursor = await api()
      .get(`/api/users/${a.applicant.id}/activity`)
      .query({ "page[before]": "yesterday'; DROP TABLE users" })
      .set(a.headers);
    expect(badCursor.status).toBe(422);
    const tooMany = await api()
      .get(`/api/users/${a.applicant.id}/activity`)
      .query({ "page[size]": "1000" })
      .set(a.headers);
    expect(tooMany.status).toBe(422);
  });

  it("shows comments with their events, leaving out a comment type the position may not read", async () => {
    const a = await applicantWithHistory();
    const db = testDeps().db;
    const [open, hidden] = [unique("call"), unique("secret")];
    const callType = await db.commentType.create({ data: { code: open, title: `Call ${open}` } });
    const secretType = await db.commentType.create({ data: { code: hidden, title: `Secret ${hidden}` } });
    await db.positionCommentType.create({
      data: { position: "manager", commentTypeId: callType.id, canRead: true },
    });
    await db.positionCommentType.create({
      data: { position: "manager", commentTypeId: secretType.id, canRead: false },
    });
    const userId = Number(a.applicant.id);
    const later = (s: number) => new Date(Date.now() + s * 1000);
    const called = await db.comment.create({
      data: {
        body: "<p>Called, <b>ready</b> in March <script>alert(1)</script></p>",
        authorId: a.client.id,
        addressableType: "users",
        addressableId: userId,
        userId,
        category: open,
        createdAt: later(60),
      },
    });
    await db.commentEvent.create({
      data: { commentId: called.id, eventType: open, eventResult: "answered" },
    });
    await db.comment.create({
      data: {
        body: "<p>Salary talk</p>",
        authorId: a.client.id,
        addressableType: "users",
        addressableId: userId,
        userId,
        category: hidden,
        createdAt: later(120),
      },
    });
    const { items, meta } = await activity(a.headers, userId);
    expect(meta.kinds).toEqual(["comment", "change", "document", "plan"]);
    const comments = items.filter((i) => i.kind === "comment");
    expect(comments).toEqual([
      expect.objectContaining({
        comment_id: called.id,
        body: "Called, ready in March",
        category: `Call ${open}`,
        event: { type: `Call ${open}`, result: "answered", source: null },
        actor: { id: a.client.id, name: a.client.name },
      }),
    ]);
    expect(items[0]?.id).toBe(`c:${called.id}`);
  });
});
