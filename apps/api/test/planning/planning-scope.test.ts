import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { api, createApplicant, newPlan, planBody, signInPartner, twoFleets } from "./planning-support.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

/**
 * Partners are ship-owners' people (spec 002 §6, DOMAIN.md): they see and change only the plans
 * of their own owners' vessels; partner_view only reads them, never the offers, publication marks
 * or the seafarer's profile.
 */
describe("planning seen by partners", () => {
  it("a partner sees and plans only its owners' vessels", async () => {
    const world = await twoFleets();
    const seafarer = await createApplicant();
    const mine = await newPlan(admin, world.rowA.id, "2027-01-01", "2027-06-01", seafarer.id);
    const theirs = await newPlan(admin, world.rowB.id, "2027-01-01", "2027-06-01");
    const partner = (await signInPartner("partner", world.ownA.id)).headers;

    const list = await api()
      .get("/api/time_plans")
      .set(partner)
      .query({ "filter[manning_scale_id]": `${world.rowA.id},${world.rowB.id}` });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { id: string }) => Number(d.id))).toEqual([mine]);
    // Seafarers' names come with the plan, though partners may not read applicants.
    expect(list.body.data[0].attributes.user_name).toBe(`${seafarer.surname} ${seafarer.name}`);
    expect((await api().get(`/api/time_plans/${theirs}`).set(partner)).status).toBe(404);
    expect(
      (
        await api()
          .get("/api/time_plans")
          .set(partner)
          .query({ "filter[ids]": String(theirs) })
      ).body.data,
    ).toEqual([]);

    const rows = await api().get("/api/planner/rows").set(partner);
    expect(rows.body.data.map((r: { id: string }) => Number(r.id))).toContain(world.rowA.id);
    expect(rows.body.data.map((r: { id: string }) => Number(r.id))).not.toContain(world.rowB.id);

    // Planning: a vacancy on its own row, not on another owner's; moves within its fleet only.
    const own = await api()
      .post("/api/time_plans")
      .set(partner)
      .send(planBody(world.rowA.id, { start: "2027-07-01", end: "2027-12-01", status: "vacancy" }));
    expect(own.status).toBe(201);
    const foreign = await api()
      .post("/api/time_plans")
      .set(partner)
      .send(planBody(world.rowB.id, { start: "2027-07-01", end: "2027-12-01", status: "vacancy" }));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].source.pointer).toBe("/data/relationships/manning_scale");
    const moveAway = await api()
      .patch(`/api/time_plans/${own.body.data.id}`)
      .set(partner)
      .send(planBody(world.rowB.id, { start: "2027-07-01" }, undefined, own.body.data.id));
    expect(moveAway.status).toBe(422);
    expect(
      (
        await api()
          .patch(`/api/time_plans/${theirs}`)
          .set(partner)
          .send({ data: { type: "time_plans", id: String(theirs), attributes: { end: "2027-05-01" } } })
      ).status,
    ).toBe(404);
    expect((await api().delete(`/api/time_plans/${mine}`).set(partner)).status).toBe(403);
    // Picking seafarers needs reading applicants, which partners may not.
    const pick = await api()
      .patch(`/api/time_plans/${own.body.data.id}`)
      .set(partner)
      .send(planBody(world.rowA.id, { status: "to_propose" }, seafarer.id, own.body.data.id));
    expect(pick.status).toBe(403);

    // The profile of a seafarer on its fleet, without contacts or the expected wage.
    const profile = await api().get(`/api/time_plans/${mine}/user_profile`).set(partner);
    expect(profile.status).toBe(200);
    expect(profile.body.data.attributes.full_name).toContain(seafarer.surname);
    expect(profile.body.data.attributes).not.toHaveProperty("mobile_phone");
    expect(profile.body.data.attributes).not.toHaveProperty("wage");
    expect((await api().get(`/api/time_plans/${theirs}/user_profile`).set(partner)).status).toBe(404);
    const staff = await api().get(`/api/time_plans/${mine}/user_profile`).set(admin);
    expect(staff.body.data.attributes).toHaveProperty("mobile_phone");

    // The print-outs follow the same fleet.
    expect(
      (
        await api()
          .get("/api/print/time_plan")
          .set(partner)
          .query({ date: "2027-01-05", vessels: String(world.vesselB.id) })
      ).status,
    ).toBe(404);
    expect(
      (
        await api()
          .get("/api/print/crew_role")
          .set(partner)
          .query({ vessel_id: String(world.vesselB.id), type: "on_board" })
      ).status,
    ).toBe(404);
    expect(
      (
        await api()
          .get("/api/print/crew_role")
          .set(partner)
          .query({ vessel_id: String(world.vesselA.id), type: "on_board" })
      ).status,
    ).toBe(200);
  });

  it("partner_view reads its fleet's plans without offers, publication marks or profiles, and changes nothing", async () => {
    const world = await twoFleets();
    await testDeps().db.manningScale.update({ where: { id: world.rowA.id }, data: { templateOffer: 5000 } });
    const vacancy = await api()
      .post("/api/time_plans")
      .set(admin)
      .send(
        planBody(world.rowA.id, {
          start: "2027-01-10",
          end: "2027-06-10",
          status: "vacancy",
          to_publish: true,
          offer: 5000,
          vacancy_description: "Paid 5000",
        }),
      );
    const viewer = (await signInPartner("partner_view", world.ownA.id)).headers;
    const res = await api()
      .get("/api/time_plans")
      .set(viewer)
      .query({ "filter[manning_scale_id]": String(world.rowA.id) });
    expect(res.status).toBe(200);
    const attributes = res.body.data[0].attributes;
    for (const hidden of ["offer", "to_publish", "vacancy_description", "external_only"])
      expect(attributes).not.toHaveProperty(hidden);
    expect(attributes.status).toBe("vacancy");
    expect(JSON.stringify(res.body)).not.toContain("5000");
    // Even when asked for by name.
    const asked = await api()
      .get(`/api/time_plans/${vacancy.body.data.id}`)
      .set(viewer)
      .query({ "fields[time_plans]": "offer,to_publish,status" });
    expect(Object.keys(asked.body.data.attributes)).toEqual(["status"]);
    const rows = await api().get("/api/planner/rows").set(viewer);
    expect(JSON.stringify(rows.body)).not.toContain("template_offer");
    expect(
      (
        await api()
          .post("/api/time_plans")
          .set(viewer)
          .send(planBody(world.rowA.id, { start: "2027-07-01", end: "2027-08-01", status: "vacancy" }))
      ).status,
    ).toBe(403);
    expect(
      (
        await api()
          .patch(`/api/time_plans/${vacancy.body.data.id}`)
          .set(viewer)
          .send({ data: { type: "time_plans", id: vacancy.body.data.id, attributes: { end: "2027-06-01" } } })
      ).status,
    ).toBe(403);
    expect((await api().get(`/api/time_plans/${vacancy.body.data.id}/user_profile`).set(viewer)).status).toBe(
      403,
    );
  });

  it("the plan's last staff comment (shown in labels) is left out for partners, who may not read comments", async () => {
    const world = await twoFleets();
    const seafarer = await createApplicant();
    const plan = await newPlan(admin, world.rowA.id, "2027-01-01", "2027-06-01", seafarer.id);
    await testDeps().db.timePlan.update({
      where: { id: plan },
      data: { lastCommentBody: "prefers Rotterdam" },
    });
    for (const role of ["partner", "partner_view"] as const) {
      const reader = (await signInPartner(role, world.ownA.id)).headers;
      const list = await api()
        .get("/api/time_plans")
        .set(reader)
        .query({ "filter[manning_scale_id]": String(world.rowA.id) });
      expect(list.status).toBe(200);
      expect(list.body.data.map((d: { id: string }) => Number(d.id))).toEqual([plan]);
      expect(list.body.data[0].attributes).not.toHaveProperty("last_comment_body");
      // Not even when asked for by name, as the scheduler does.
      const asked = await api()
        .get(`/api/time_plans/${plan}`)
        .set(reader)
        .query({ "fields[time_plans]": "last_comment_body,user_name" });
      expect(asked.body.data.attributes).toEqual({ user_name: `${seafarer.surname} ${seafarer.name}` });
      expect(JSON.stringify(asked.body)).not.toContain("Rotterdam");
    }
    const manager = (await signInAs("manager")).headers;
    const staff = await api()
      .get(`/api/time_plans/${plan}`)
      .set(manager)
      .query({ "fields[time_plans]": "last_comment_body" });
    expect(staff.body.data.attributes.last_comment_body).toBe("prefers Rotterdam");
  });

  it("staff without timeplans (freelance) cannot read the planner at all", async () => {
    const freelance = (await signInAs("freelance")).headers;
    expect((await api().get("/api/time_plans").set(freelance)).status).toBe(403);
    expect((await api().get("/api/planner/rows").set(freelance)).status).toBe(403);
    expect((await api().get("/api/crew_changes").set(freelance)).status).toBe(403);
  });
});
