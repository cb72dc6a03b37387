import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createRank, createVessel, unique } from "../support/factories.js";
import { expectJsonApi } from "../support/jsonapi.js";

/** Manning scales (spec 002 §3, §4, §7): ranks a vessel needs, in order, archived rows for superusers only, copies. */
let admin: TAuthHeaders;
let superuser: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
  superuser = (await signInAs("superuser")).headers;
});
const api = () => request(testApp());
const rankRef = (id: number) => ({ role: { data: { type: "ranks", id: String(id) } } });
type TRow = {
  id: string;
  attributes: {
    name: string;
    crewing_priority: number;
    state: string;
    template_offer: number | null;
    origin_id: number | null;
  };
};
/** The rows a vessels page (filtered to one vessel's name) includes with its manning scales. */
const includedWith = async (vesselName: string, headers = admin): Promise<TRow[]> => {
  const res = await api()
    .get("/api/vessels")
    .query({ "filter[name]": vesselName, include: "manning_scales", "page[size]": 999 })
    .set(headers);
  expect(res.status).toBe(200);
  expectJsonApi(res.body);
  return res.body.included as TRow[];
};
const scaleOf = async (
  vesselId: number,
  headers = admin,
  query: Record<string, string> = {},
): Promise<TRow[]> => {
  const res = await api()
    .get(`/api/vessels/${vesselId}/manning_scales`)
    .query({ "page[size]": 999, ...query })
    .set(headers);
  expect(res.status).toBe(200);
  expectJsonApi(res.body);
  return res.body.data as TRow[];
};
const names = (rows: TRow[]) => rows.map((r) => r.attributes.name);

describe("a vessel's manning scale", () => {
  it("adds ranks under the vessel, numbers repeated ranks, reorders, archives and deletes", async () => {
    const vessel = await createVessel();
    const [master, ab] = [await createRank(unique("Master")), await createRank(unique("AB"))];
    const add = (rankId: number, offer?: number) =>
      api()
        .post(`/api/vessels/${vessel.id}/manning_scales`)
        .set(admin)
        .send({
          data: {
            type: "manning_scales",
            attributes: offer === undefined ? {} : { template_offer: offer },
            relationships: rankRef(rankId),
          },
        });
    const first = await add(master.id, 12_000);
    expect(first.status).toBe(201);
    expect(first.body.data.attributes).toMatchObject({
      name: master.title,
      crewing_priority: 1,
      state: "active",
      template_offer: 12_000,
    });
    await add(ab.id, 1_800);
    // The plain POST with role and vessel relationships, as the spec's client sends it.
    const plain = await api()
      .post("/api/manning_scales")
      .set(admin)
      .send({
        data: {
          type: "manning_scales",
          relationships: { ...rankRef(ab.id), vessel: { data: { type: "vessels", id: String(vessel.id) } } },
        },
      });
    expect(plain.status).toBe(201);
    expect(names(await scaleOf(vessel.id))).toEqual([master.title, `${ab.title} 1`, `${ab.title} 2`]);

    // Drag the second AB to the top.
    const moved = await api()
      .patch(`/api/manning_scales/${plain.body.data.id}`)
      .set(admin)
      .send({
        data: { type: "manning_scales", id: plain.body.data.id, attributes: { crewing_priority: 1 } },
      });
    expect(moved.status).toBe(200);
    const reordered = await scaleOf(vessel.id);
    expect(reordered.map((r) => r.attributes.crewing_priority)).toEqual([1, 2, 3]);
    expect(names(reordered)).toEqual([`${ab.title} 1`, master.title, `${ab.title} 2`]);

    // Edit the offer; archive a row: gone for an admin, still there for a superuser.
    const offer = await api()
      .patch(`/api/manning_scales/${first.body.data.id}`)
      .set(admin)
      .send({
        data: { type: "manning_scales", id: first.body.data.id, attributes: { template_offer: 12_500 } },
      });
    expect(offer.body.data.attributes.template_offer).toBe(12_500);
    const bad = await api()
      .patch(`/api/manning_scales/${first.body.data.id}`)
      .set(admin)
      .send({ data: { type: "manning_scales", id: first.body.data.id, attributes: { template_offer: -5 } } });
    expect(bad.status).toBe(422);
    const archived = await api()
      .patch(`/api/manning_scales/${plain.body.data.id}`)
      .set(admin)
      .send({ data: { type: "manning_scales", id: plain.body.data.id, attributes: { state: "archived" } } });
    expect(archived.status).toBe(200);
    expect(archived.body.data.attributes.state).toBe("archived");
    expect(names(await scaleOf(vessel.id))).toEqual([master.title, ab.title]);
    expect((await api().get(`/api/manning_scales/${plain.body.data.id}`).set(admin)).status).toBe(404);
    const forSuperuser = await scaleOf(vessel.id, superuser);
    expect(forSuperuser.map((r) => r.attributes.state)).toEqual(["archived", "active", "active"]);
    expect((await scaleOf(vessel.id, superuser, { "filter[state]": "archived" })).map((r) => r.id)).toEqual([
      plain.body.data.id,
    ]);

    expect((await api().delete(`/api/manning_scales/${first.body.data.id}`).set(admin)).status).toBe(204);
    expect((await scaleOf(vessel.id, superuser)).map((r) => r.attributes.crewing_priority)).toEqual([1, 2]);
  });

  it("copies the active rows of one vessel onto another (duplicate_manning_scales)", async () => {
    const [from, to] = [await createVessel(), await createVessel()];
    const [master, oiler] = [await createRank(unique("Master")), await createRank(unique("Oiler"))];
    const add = async (vesselId: number, rankId: number) =>
      (
        await api()
          .post(`/api/vessels/${vesselId}/manning_scales`)
          .set(admin)
          .send({
            data: {
              type: "manning_scales",
              attributes: { template_offer: 1_000 },
              relationships: rankRef(rankId),
            },
          })
      ).body.data.id as string;
    const kept = [await add(from.id, master.id), await add(from.id, oiler.id)];
    const archivedId = await add(from.id, oiler.id);
    await api()
      .patch(`/api/manning_scales/${archivedId}`)
      .set(admin)
      .send({ data: { type: "manning_scales", id: archivedId, attributes: { state: "archived" } } });
    await add(to.id, master.id);

    const copied = await api()
      .post("/api/duplicate_manning_scales")
      .set(admin)
      .send({ from_vessel_id: from.id, to_vessel_id: to.id });
    expect(copied.status).toBe(201);
    expect(copied.body.meta.copied).toBe(2);
    const target = await scaleOf(to.id);
    expect(names(target)).toEqual([`${master.title} 1`, `${master.title} 2`, oiler.title]);
    expect(target.slice(1).map((r) => String(r.attributes.origin_id))).toEqual(kept);

    const same = await api()
      .post("/api/duplicate_manning_scales")
      .set(admin)
      .send({ from_vessel_id: to.id, to_vessel_id: to.id });
    expect(same.status).toBe(422);
    expect(same.body.errors[0].source.pointer).toBe("/data/attributes/to_vessel_id");
    const empty = await createVessel();
    const nothing = await api()
      .post("/api/duplicate_manning_scales")
      .set(admin)
      .send({ from_vessel_id: empty.id, to_vessel_id: to.id });
    expect(nothing.status).toBe(422);
    expect(
      (
        await api()
          .post("/api/duplicate_manning_scales")
          .set(admin)
          .send({ from_vessel_id: 999999999, to_vessel_id: to.id })
      ).status,
    ).toBe(404);
    expect(
      (
        await api()
          .post("/api/duplicate_manning_scales")
          .set((await signInAs("guest")).headers)
          .send({ from_vessel_id: from.id, to_vessel_id: to.id })
      ).status,
    ).toBe(403);
  });

  it("copying with mode replace archives the vessel's active rows (their plans stay) and leaves the copies alone", async () => {
    const [from, to] = [await createVessel(), await createVessel()];
    const [master, oiler] = [await createRank(unique("Master")), await createRank(unique("Oiler"))];
    const add = async (vesselId: number, rankId: number) =>
      (
        await api()
          .post(`/api/vessels/${vesselId}/manning_scales`)
          .set(admin)
          .send({ data: { type: "manning_scales", attributes: {}, relationships: rankRef(rankId) } })
      ).body.data.id as string;
    await add(from.id, master.id);
    await add(from.id, oiler.id);
    const old = await add(to.id, master.id);
    const plan = await testDeps().db.timePlan.create({
      data: {
        manningScaleId: Number(old),
        start: new Date("2027-01-01"),
        end: new Date("2027-03-01"),
        status: "vacancy",
      },
    });
    const bad = await api()
      .post("/api/duplicate_manning_scales")
      .set(admin)
      .send({ from_vessel_id: from.id, to_vessel_id: to.id, mode: "merge" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/mode");
    const replaced = await api()
      .post("/api/duplicate_manning_scales")
      .set(admin)
      .send({ from_vessel_id: from.id, to_vessel_id: to.id, mode: "replace" });
    expect(replaced.status).toBe(201);
    expect(replaced.body.meta.copied).toBe(2);
    // No "Master 1"/"Master 2": the old row is archived, the active scale is the copy.
    expect(names(await scaleOf(to.id))).toEqual([master.title, oiler.title]);
    expect((await testDeps().db.manningScale.findUniqueOrThrow({ where: { id: Number(old) } })).state).toBe(
      "archived",
    );
    expect(await testDeps().db.timePlan.count({ where: { id: plan.id } })).toBe(1);
  });

  it("rows included with their vessels are the rows the record's own route answers", async () => {
    const vessel = await createVessel();
    const [master, ab] = [await createRank(unique("Master")), await createRank(unique("AB"))];
    for (const rank of [master, ab, ab]) {
      await api()
        .post(`/api/vessels/${vessel.id}/manning_scales`)
        .set(admin)
        .send({
          data: {
            type: "manning_scales",
            attributes: { template_offer: 1_234 },
            relationships: rankRef(rank.id),
          },
        });
    }
    const included = (await includedWith(vessel.name)).sort((a, b) => Number(a.id) - Number(b.id));
    expect(included).toHaveLength(3);
    for (const row of included) {
      expect(row).toEqual((await api().get(`/api/manning_scales/${row.id}`).set(admin)).body.data);
    }
  });

  it("a vessels page includes exactly the readable rows of many close ids (read as their range)", async () => {
    const db = testDeps().db;
    const [vessel, other] = [await createVessel(), await createVessel()];
    const rank = await createRank(unique("Oiler"));
    // The two vessels' rows interleaved: the range of one's ids holds the other's, which must not be included.
    await db.manningScale.createMany({
      data: Array.from({ length: 800 }, (_, i) => ({
        vesselId: i % 2 ? other.id : vessel.id,
        rankId: rank.id,
        crewingPriority: Math.floor(i / 2) + 1,
        // Every fourth archived: only a superuser (vessels.archivedManningScales) reads those.
        state: Math.floor(i / 2) % 4 === 3 ? "archived" : "active",
      })),
    });
    const rows = await db.manningScale.findMany({ where: { vesselId: vessel.id }, orderBy: { id: "asc" } });
    const active = rows.filter((r) => r.state === "active").map((r) => String(r.id));
    expect((await includedWith(vessel.name, admin)).map((r) => r.id)).toEqual(active);
    expect((await includedWith(vessel.name, superuser)).map((r) => r.id)).toEqual(
      rows.map((r) => String(r.id)),
    );
    // The rows as the nested list answers them, value for value.
    const listed = await scaleOf(vessel.id, superuser);
    const byId = new Map((await includedWith(vessel.name, superuser)).map((r) => [r.id, r]));
    for (const row of listed) expect(byId.get(row.id)).toEqual(row);
  });

  it("a guest cannot read manning scales (vessels.manningScales)", async () => {
    const guest = (await signInAs("guest")).headers;
    const vessel = await createVessel();
    expect((await api().get(`/api/vessels/${vessel.id}/manning_scales`).set(guest)).status).toBe(403);
    const shown = await api()
      .get(`/api/vessels/${vessel.id}`)
      .query({ include: "manning_scales" })
      .set(guest);
    expect(shown.status).toBe(200);
    expect(shown.body.included ?? []).toEqual([]);
  });
});
