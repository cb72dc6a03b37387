import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { testApp } from "./support/deps.js";
import { signInAs, type TAuthHeaders } from "./support/auth.js";
import { unique } from "./support/factories.js";
import { expectJsonApi } from "./support/jsonapi.js";

let admin: TAuthHeaders;
beforeAll(async () => {
  admin = (await signInAs("admin")).headers;
});
const api = () => request(testApp());

const allRanks = async (): Promise<{ id: string; title: string; priority: number }[]> => {
  const res = await api().get("/api/ranks").query({ "page[size]": 999 }).set(admin);
  expectJsonApi(res.body);
  return res.body.data.map((d: { id: string; attributes: { title: string; crewing_priority: number } }) => ({
    id: d.id,
    title: d.attributes.title,
    priority: d.attributes.crewing_priority,
  }));
};

describe("ranks", () => {
  it("appends new ranks, moves one by writing crewing_priority, and keeps 1..n contiguous", async () => {
    const titles = [unique("Master"), unique("Bosun"), unique("Cook")];
    for (const title of titles) {
      const res = await api()
        .post("/api/ranks")
        .set(admin)
        .send({ data: { type: "ranks", attributes: { title, department: "deck" } } });
      expect(res.status).toBe(201);
    }
    let ranks = await allRanks();
    expect(ranks.map((r) => r.priority)).toEqual(ranks.map((_, i) => i + 1));
    const cook = ranks.find((r) => r.title === titles[2])!;
    expect(cook.priority).toBe(ranks.length);

    const moved = await api()
      .patch(`/api/ranks/${cook.id}`)
      .set(admin)
      .send({ data: { type: "ranks", id: cook.id, attributes: { crewing_priority: 1 } } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes.crewing_priority).toBe(1);
    ranks = await allRanks();
    expect(ranks[0]!.id).toBe(cook.id);
    expect(ranks.map((r) => r.priority)).toEqual(ranks.map((_, i) => i + 1));

    const bosun = ranks.find((r) => r.title === titles[1])!;
    expect((await api().delete(`/api/ranks/${cook.id}`).set(admin)).status).toBe(204);
    ranks = await allRanks();
    expect(ranks.map((r) => r.priority)).toEqual(ranks.map((_, i) => i + 1));
    expect(ranks.some((r) => r.id === bosun.id)).toBe(true);
  });

  it("lists rank options by seniority (crewing_priority), not by title", async () => {
    const res = await api().get("/api/select_options").query({ type: "ranks", "page[size]": 200 }).set(admin);
    expect(res.status).toBe(200);
    const offered = res.body.data.map((o: { id: string }) => o.id);
    const ranks = await allRanks();
    const bySeniority = [...ranks].sort((a, b) => a.priority - b.priority).map((r) => r.id);
    expect(offered).toEqual(bySeniority.slice(0, offered.length));
    expect(offered.length).toBeGreaterThan(1);
  });

  it("rejects a bad position or department with a pointer", async () => {
    const res = await api()
      .post("/api/ranks")
      .set(admin)
      .send({ data: { type: "ranks", attributes: { title: unique(), department: "bridge" } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe("/data/attributes/department");
    const ranks = await allRanks();
    const zero = await api()
      .patch(`/api/ranks/${ranks[0]!.id}`)
      .set(admin)
      .send({ data: { type: "ranks", attributes: { crewing_priority: 0 } } });
    expect(zero.status).toBe(422);
    expect(zero.body.errors[0].source.pointer).toBe("/data/attributes/crewing_priority");
  });

  it("lets a guest neither read nor change ranks", async () => {
    const guest = (await signInAs("guest")).headers;
    expect((await api().get("/api/ranks").set(guest)).status).toBe(403);
    expect(
      (
        await api()
          .post("/api/ranks")
          .set(guest)
          .send({ data: { type: "ranks", attributes: { title: unique(), department: "deck" } } })
      ).status,
    ).toBe(403);
  });
});
