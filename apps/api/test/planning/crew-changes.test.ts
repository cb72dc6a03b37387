import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createScaleRow, createVessel, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";
import { api, createApplicant, day, newPlan, planOf } from "./planning-support.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});

let portId = "";
beforeAll(async () => {
  portId = String((await testDeps().db.port.create({ data: { name: unique("Port") } })).id);
});
/** A crew change happens at a port: every create names one. */
const vesselRef = (id: number) => ({
  vessel: { data: { type: "vessels", id: String(id) } },
  port: { data: { type: "ports", id: portId } },
});
const newCrewChange = async (vesselId: number, attributes: Record<string, unknown>) => {
  const res = await api()
    .post("/api/crew_changes")
    .set(admin)
    .send({ data: { type: "crew_changes", attributes, relationships: vesselRef(vesselId) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.data.id);
};
const row = (crewChangeId: string, attributes: Record<string, unknown>) =>
  api()
    .post("/api/crew_lists")
    .set(admin)
    .send({
      data: {
        type: "crew_lists",
        attributes,
        relationships: { crew_change: { data: { type: "crew_changes", id: crewChangeId } } },
      },
    });

describe("crew changes and crew lists", () => {
  it("a crew change made with its crew list moves and links the plans: the relieved ends, the relief starts", async () => {
    const vessel = await createVessel();
    const [master, ab] = [
      await createScaleRow({ vesselId: vessel.id }),
      await createScaleRow({ vesselId: vessel.id }),
    ];
    const [relieved, relief, abJoins] = [
      await createApplicant({ surname: "Relieved" }),
      await createApplicant({ surname: "Relief" }),
      await createApplicant({ surname: "Joiner" }),
    ];
    const off = await newPlan(admin, master.id, "2026-09-01", "2027-02-10", relieved.id, "on_board");
    const on = await newPlan(admin, master.id, "2027-02-20", "2027-08-01", relief.id);
    const abOn = await newPlan(admin, ab.id, "2027-02-25", "2027-09-01", abJoins.id);
    const ccId = await newCrewChange(vessel.id, {
      date: "2027-02-15",
      reason: "Rotation",
      voyage_number: "27/04",
      crewlists: [
        { sign_on_id: on, sign_off_id: off },
        { sign_on_id: abOn, sign_off_id: null },
      ],
    });
    expect(day((await planOf(off)).end)).toBe("2027-02-15");
    expect(day((await planOf(on)).start)).toBe("2027-02-15");
    expect(day((await planOf(abOn)).start)).toBe("2027-02-15");
    expect((await planOf(on)).crewChangeSignOnId).toBe(Number(ccId));
    expect((await planOf(off)).crewChangeSignOffId).toBe(Number(ccId));

    const shown = await api()
      .get(`/api/crew_changes/${ccId}`)
      .set(admin)
      .query({ include: "crew_lists,vessel,port,port_arrived" });
    expectJsonApi(shown.body);
    expect(shown.body.data.attributes).toMatchObject({
      state: "planned",
      vessel_name: vessel.name,
      voyage_number: "27/04",
      sign_on_count: 2,
      sign_off_count: 1,
    });
    expect(shown.body.data.relationships.crew_lists.data).toHaveLength(2);
    const rows = shown.body.included.filter((r: { type: string }) => r.type === "crew_lists");
    const pair = rows.find(
      (r: { attributes: { sign_off_id: number | null } }) => r.attributes.sign_off_id === off,
    );
    expect(pair.attributes).toMatchObject({
      ms_id: master.id,
      sign_on_user_name: `Relief ${relief.name}`,
      sign_off_user_name: `Relieved ${relieved.name}`,
      role: master.name,
    });

    // Moving the crew change moves its plans; completing it completes the relieved and puts the reliefs on board.
    const moved = await api()
      .patch(`/api/crew_changes/${ccId}`)
      .set(admin)
      .send({
        data: { type: "crew_changes", id: ccId, attributes: { date: "2027-02-18", state: "completed" } },
      });
    expect(moved.status).toBe(200);
    expect(day((await planOf(off)).end)).toBe("2027-02-18");
    expect(day((await planOf(on)).start)).toBe("2027-02-18");
    expect((await planOf(off)).status).toBe("completed");
    expect((await planOf(on)).status).toBe("on_board");
    // The crew list is written through crew_lists, not the crew change.
    expect(
      (
        await api()
          .patch(`/api/crew_changes/${ccId}`)
          .set(admin)
          .send({ data: { type: "crew_changes", id: ccId, attributes: { crewlists: [] } } })
      ).status,
    ).toBe(422);
    // A sign-on date before the crew change is refused.
    const early = await api()
      .patch(`/api/crew_changes/${ccId}`)
      .set(admin)
      .send({ data: { type: "crew_changes", id: ccId, attributes: { date_sign_on: "2027-02-01" } } });
    expect(early.body.errors[0].source.pointer).toBe("/data/attributes/date_sign_on");
  });

  it("refuses rows that break the pairing rules, with the spec's 422, and keeps the plans consistent", async () => {
    const vessel = await createVessel();
    const [master, cook] = [
      await createScaleRow({ vesselId: vessel.id }),
      await createScaleRow({ vesselId: vessel.id }),
    ];
    const other = await createScaleRow();
    const masterOn = await newPlan(admin, master.id, "2027-03-01", "2027-08-01");
    const cookOff = await newPlan(admin, cook.id, "2026-10-01", "2027-03-05");
    const elsewhere = await newPlan(admin, other.id, "2027-03-01", "2027-08-01");
    const ccId = await newCrewChange(vessel.id, { date: "2027-03-03" });
    const crossRows = await row(ccId, { sign_on_id: masterOn, sign_off_id: cookOff });
    expect(crossRows.status).toBe(422);
    expect(crossRows.body.errors[0].title).toContain("same manning-scale row");
    expect((await row(ccId, { sign_on_id: elsewhere })).body.errors[0].title).toContain(
      "this crew change's vessel",
    );
    expect((await row(ccId, {})).status).toBe(422);
    const ok = await row(ccId, { sign_on_id: masterOn });
    expect(ok.status).toBe(201);
    expect(day((await planOf(masterOn)).start)).toBe("2027-03-03");
    expect((await row(ccId, { sign_on_id: masterOn })).body.errors[0].title).toContain(
      "already in this crew list",
    );
    // A sign-off that starts after the crew change cannot end there.
    const late = await newPlan(admin, cook.id, "2027-04-01", "2027-05-01");
    expect((await row(ccId, { sign_off_id: late })).body.errors[0].title).toContain("after the crew change");
    // Filling the other side of a row (the relieved joins their relief's row).
    const masterOff = await newPlan(admin, master.id, "2026-10-01", "2027-02-20");
    const filled = await api()
      .patch(`/api/crew_lists/${ok.body.data.id}`)
      .set(admin)
      .send({ data: { type: "crew_lists", id: ok.body.data.id, attributes: { sign_off_id: masterOff } } });
    expect(filled.status).toBe(200);
    expect(filled.body.data.attributes).toMatchObject({
      sign_on_id: masterOn,
      sign_off_id: masterOff,
      ms_id: master.id,
    });
    expect(day((await planOf(masterOff)).end)).toBe("2027-03-03");
    // Clearing a side unlinks its plan (its dates stay); removing the row unlinks the other.
    const cleared = await api()
      .patch(`/api/crew_lists/${ok.body.data.id}`)
      .set(admin)
      .send({ data: { type: "crew_lists", id: ok.body.data.id, attributes: { sign_off_id: null } } });
    expect(cleared.status).toBe(200);
    expect((await planOf(masterOff)).crewChangeSignOffId).toBeNull();
    expect((await api().delete(`/api/crew_lists/${ok.body.data.id}`).set(admin)).status).toBe(204);
    expect((await planOf(masterOn)).crewChangeSignOnId).toBeNull();
    // A reason that does not exist is refused; an existing one is kept.
    const reason = await testDeps().db.signOffReason.findFirstOrThrow({
      where: { title: "End of contract" },
    });
    const cookRow = await row(ccId, { sign_off_id: cookOff, reason_id: 2_000_000_000 });
    expect(cookRow.body.errors[0].source.pointer).toBe("/data/attributes/reason_id");
    const withReason = await row(ccId, { sign_off_id: cookOff, reason_id: reason.id });
    expect(withReason.body.data.attributes).toMatchObject({
      reason_id: reason.id,
      reason_title: "End of contract",
    });
    // A failed crew change create leaves no crew change behind.
    const before = await testDeps().db.crewChange.count();
    const bad = await api()
      .post("/api/crew_changes")
      .set(admin)
      .send({
        data: {
          type: "crew_changes",
          attributes: { date: "2027-03-03", crewlists: [{ sign_on_id: elsewhere }] },
          relationships: vesselRef(vessel.id),
        },
      });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/crewlists[0].sign_on_id");
    expect(await testDeps().db.crewChange.count()).toBe(before);
  });

  it("needs a port: a crew change happens at one (422 with the pointer)", async () => {
    const vessel = await createVessel();
    const noPort = await api()
      .post("/api/crew_changes")
      .set(admin)
      .send({
        data: {
          type: "crew_changes",
          attributes: { date: "2027-05-01" },
          relationships: { vessel: { data: { type: "vessels", id: String(vessel.id) } } },
        },
      });
    expect(noPort.status).toBe(422);
    expect(noPort.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      "/data/relationships/port",
    ]);
    expect(await testDeps().db.crewChange.count({ where: { vesselId: vessel.id } })).toBe(0);
    const ccId = await newCrewChange(vessel.id, { date: "2027-05-01" });
    const cleared = await api()
      .patch(`/api/crew_changes/${ccId}`)
      .set(admin)
      .send({
        data: { type: "crew_changes", id: ccId, attributes: {}, relationships: { port: { data: null } } },
      });
    expect(cleared.body.errors[0].source.pointer).toBe("/data/relationships/port");
  });

  it("names the seafarers and the days as dd.mm.yyyy when a crew list cannot move a plan", async () => {
    const vessel = await createVessel();
    const master = await createScaleRow({ vesselId: vessel.id });
    const [holder, relief] = [
      await createApplicant({ surname: "Castro", name: "Ronald" }),
      await createApplicant({ surname: "Okafor", name: "Emeka" }),
    ];
    await newPlan(admin, master.id, "2027-01-10", "2027-06-01", holder.id);
    const on = await newPlan(admin, master.id, "2027-06-01", "2027-12-01", relief.id);
    const ccId = await newCrewChange(vessel.id, { date: "2027-05-01" });
    const refused = await row(ccId, { sign_on_id: on });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].title).toBe(
      "Emeka Okafor cannot sign on on 01.05.2027: Ronald Castro is planned from 10.01.2027 to 01.06.2027.",
    );
  });

  it("refuses to move a crew change onto dates its plans cannot take, and to change its vessel under its crew list", async () => {
    const vessel = await createVessel();
    const master = await createScaleRow({ vesselId: vessel.id });
    await newPlan(admin, master.id, "2026-06-01", "2026-12-01");
    const on = await newPlan(admin, master.id, "2027-01-01", "2027-06-01");
    const ccId = await newCrewChange(vessel.id, { date: "2027-01-01", crewlists: [{ sign_on_id: on }] });
    const clash = await api()
      .patch(`/api/crew_changes/${ccId}`)
      .set(admin)
      .send({ data: { type: "crew_changes", id: ccId, attributes: { date: "2026-11-01" } } });
    expect(clash.status).toBe(422);
    // A sentence naming the seafarers and the days (issue 22), not plan ids.
    expect(clash.body.errors[0].title).toBe(
      "The vacancy cannot sign on on 01.11.2026: the vacancy is planned from 01.06.2026 to 01.12.2026.",
    );
    expect(clash.body.errors[0].detail).toBe(clash.body.errors[0].title);
    expect(day((await planOf(on)).start)).toBe("2027-01-01");
    const otherVessel = await createVessel();
    const moved = await api()
      .patch(`/api/crew_changes/${ccId}`)
      .set(admin)
      .send({
        data: { type: "crew_changes", id: ccId, attributes: {}, relationships: vesselRef(otherVessel.id) },
      });
    expect(moved.body.errors[0].source.pointer).toBe("/data/relationships/vessel");
    // Deleting the crew change keeps the plans, unlinked.
    expect((await api().delete(`/api/crew_changes/${ccId}`).set(admin)).status).toBe(204);
    expect((await planOf(on)).crewChangeSignOnId).toBeNull();
    expect(await testDeps().db.crewList.count({ where: { crewChangeId: Number(ccId) } })).toBe(0);
  });

  it("filters by state (all means none), vessel, port, coordinator and owner; newest first", async () => {
    const { client: coordinator } = await signInAs("manager");
    const vessel = await createVessel();
    await testDeps().db.vessel.update({ where: { id: vessel.id }, data: { coordinatorId: coordinator.id } });
    const port = await testDeps().db.port.create({ data: { name: unique("Port") } });
    for (const [date, state] of [
      ["2027-01-01", "completed"],
      ["2027-05-01", "planned"],
    ] as const) {
      await api()
        .post("/api/crew_changes")
        .set(admin)
        .send({
          data: {
            type: "crew_changes",
            attributes: { date, state },
            relationships: {
              ...vesselRef(vessel.id),
              port: { data: { type: "ports", id: String(port.id) } },
            },
          },
        });
    }
    const all = await api()
      .get("/api/crew_changes")
      .set(admin)
      .query({ "filter[vessel_id]": vessel.id, include: "port,vessel" });
    expect(
      all.body.data.map((d: { attributes: { date: string } }) => d.attributes.date.slice(0, 10)),
    ).toEqual(["2027-05-01", "2027-01-01"]);
    expect(all.body.data[0].attributes.title).toContain(`01.05.2027 ${port.name}`);
    const count = async (filter: Record<string, string | number>) =>
      (
        await api()
          .get("/api/crew_changes")
          .set(admin)
          .query({ "filter[vessel_id]": vessel.id, ...filter })
      ).body.meta.count;
    expect(await count({ "filter[state]": "planned" })).toBe(1);
    expect(await count({ "filter[state]": "all" })).toBe(2);
    expect(await count({ "filter[port_id]": port.id })).toBe(2);
    expect(await count({ "filter[coordinator]": coordinator.id })).toBe(2);
    expect(await count({ "filter[coordinator]": 2_000_000_000 })).toBe(0);
  });
});
