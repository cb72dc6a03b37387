import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testDeps } from "../support/deps.js";
import { createRank, createVessel, unique } from "../support/factories.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});
const api = () => request(testApp());

describe("writes: one transaction with the row before and after", () => {
  it("twelve ranks created at once get twelve distinct places at the end", async () => {
    const before = await testDeps().db.rank.count();
    const titles = Array.from({ length: 12 }, () => unique("Rank"));
    const answers = await Promise.all(
      titles.map((title) =>
        api()
          .post("/api/ranks")
          .set(admin)
          .send({ data: { type: "ranks", attributes: { title, department: "engine" } } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(titles.map(() => 201));
    const priorities = (await testDeps().db.rank.findMany({ orderBy: { crewingPriority: "asc" } })).map(
      (r) => r.crewingPriority,
    );
    expect(priorities).toEqual(priorities.map((_, i) => i + 1));
    expect(priorities.length).toBe(before + 12);
  });

  it("a relationship written to a resource with its own toData hook is stored", async () => {
    const vessel = await createVessel();
    const [ab, cook] = [await createRank(), await createRank()];
    const created = await api()
      .post(`/api/vessels/${vessel.id}/manning_scales`)
      .set(admin)
      .send({
        data: {
          type: "manning_scales",
          attributes: { template_offer: 1200 },
          relationships: { role: { data: { type: "ranks", id: String(ab.id) } } },
        },
      });
    expect(created.status).toBe(201);
    expect(created.body.data.relationships.role.data).toEqual({ type: "ranks", id: String(ab.id) });
    expect(created.body.data.relationships.vessel.data).toEqual({ type: "vessels", id: String(vessel.id) });
    const id = created.body.data.id as string;
    const changed = await api()
      .patch(`/api/manning_scales/${id}`)
      .set(admin)
      .send({
        data: {
          type: "manning_scales",
          id,
          relationships: { role: { data: { type: "ranks", id: String(cook.id) } } },
        },
      });
    expect(changed.status).toBe(200);
    const row = await testDeps().db.manningScale.findUniqueOrThrow({ where: { id: Number(id) } });
    expect(row.rankId).toBe(cook.id);
    // The hook's derived column followed the new rank in the same write.
    expect(row.name).toBe(cook.title);
  });

  it("a failing hook leaves nothing behind (the row, its links and its version roll back together)", async () => {
    const vessel = await createVessel();
    const versionsBefore = await testDeps().db.version.count({ where: { itemType: "manning_scales" } });
    const res = await api()
      .post("/api/manning_scales")
      .set(admin)
      .send({
        data: {
          type: "manning_scales",
          attributes: {},
          relationships: {
            role: { data: { type: "ranks", id: "999999" } },
            vessel: { data: { type: "vessels", id: String(vessel.id) } },
          },
        },
      });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe("/data/relationships/role");
    expect(await testDeps().db.manningScale.count({ where: { vesselId: vessel.id } })).toBe(0);
    expect(await testDeps().db.version.count({ where: { itemType: "manning_scales" } })).toBe(versionsBefore);
  });

  it("rows of one rank are numbered in their names and renumbered on delete", async () => {
    const vessel = await createVessel();
    const ab = await createRank(unique("AB"));
    const add = () =>
      api()
        .post(`/api/vessels/${vessel.id}/manning_scales`)
        .set(admin)
        .send({
          data: {
            type: "manning_scales",
            relationships: { role: { data: { type: "ranks", id: String(ab.id) } } },
          },
        });
    const first = await add();
    expect(first.body.data.attributes.name).toBe(ab.title);
    const second = await add();
    expect(second.body.data.attributes.name).toBe(`${ab.title} 2`);
    const list = await api()
      .get(`/api/vessels/${vessel.id}/manning_scales`)
      .query({ "page[size]": 999 })
      .set(admin);
    expect(
      list.body.data.map((d: { attributes: { name: string; crewing_priority: number } }) => [
        d.attributes.crewing_priority,
        d.attributes.name,
      ]),
    ).toEqual([
      [1, `${ab.title} 1`],
      [2, `${ab.title} 2`],
    ]);
    expect((await api().delete(`/api/manning_scales/${second.body.data.id}`).set(admin)).status).toBe(204);
    const after = await api().get(`/api/vessels/${vessel.id}/manning_scales`).set(admin);
    expect(after.body.data.map((d: { attributes: { name: string } }) => d.attributes.name)).toEqual([
      ab.title,
    ]);
  });
});
