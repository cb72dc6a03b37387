import { relationshipOf, routesOf } from "@crew/contracts";
import type { Express } from "express";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { resolveRelations } from "../../src/kernel/relation-inference.js";
import { createRegistry } from "../../src/resources/registry.js";
import { signInWith, type TAuthHeaders } from "../support/auth.js";
import { testApp, testConfig, testDeps } from "../support/deps.js";
import { createClient, createScaleRow, TEST_PASSWORD } from "../support/factories.js";
import { createManager, ownedVessel } from "../fleet/fleet-support.js";

/**
 * The kernel's own SQL reads (KERNEL_SQL_READS, kernel/sql-*.ts) answer byte for byte what the
 * Prisma reads they replace answer: one app with them on and one with them off, over the same
 * database, asked the same things by the same account.
 */
const registry = createRegistry();
let on: Express;
let off: Express;
const headers = new Map<Express, TAuthHeaders>();

/** Every type with a relationship stored in a join table or as children, and those relationships. */
const storedRelationships = (): { type: string; names: string[]; list: boolean; show: boolean }[] => {
  const modelOfType = (type: string) => registry.get(type)?.model;
  const out: { type: string; names: string[]; list: boolean; show: boolean }[] = [];
  for (const [type, entry] of registry) {
    const relations = resolveRelations(entry, modelOfType);
    const names = Object.entries(relations)
      .filter(
        ([name, map]) =>
          (map.kind === "through" || map.kind === "inverse") && relationshipOf(entry.def, name),
      )
      .map(([name]) => name);
    if (!names.length) continue;
    const kinds = new Set(routesOf(entry.def).map((r) => r.kind));
    out.push({ type, names, list: kinds.has("list"), show: kinds.has("show") });
  }
  return out;
};

/** The same GET on both apps: status and body bytes equal (but for the origin in links: supertest serves each request on a port of its own). */
const same = async (path: string): Promise<{ status: number; text: string }> => {
  const ask = async (app: Express) => {
    const res = await request(app)
      .get(path)
      .set(headers.get(app) ?? {})
      .set("accept-encoding", "identity");
    return { status: res.status, text: res.text.replace(/http:\/\/127\.0\.0\.1:\d+\//g, "ORIGIN/") };
  };
  const [a, b] = [await ask(on), await ask(off)];
  expect({ path, status: a.status }).toEqual({ path, status: b.status });
  expect(a.text === b.text ? "" : `${path} differs`).toBe("");
  return a;
};

beforeAll(async () => {
  on = testApp();
  off = createApp({ ...testDeps(), config: testConfig({ KERNEL_SQL_READS: "0" }) });
  expect(testDeps().config.KERNEL_SQL_READS).toBe(true);
  // A fleet: vessels with owners, managers and scales (children), plus a coordinator.
  const manager = await createManager();
  for (let i = 0; i < 4; i++) {
    const vessel = await ownedVessel({ managerId: manager.id });
    for (let r = 0; r < 3; r++) await createScaleRow({ vesselId: vessel.id });
  }
  const admin = await createClient({ role: "admin" });
  headers.set(on, (await signInWith(admin.email, TEST_PASSWORD, on)).headers);
  headers.set(off, (await signInWith(admin.email, TEST_PASSWORD, off)).headers);
});

describe("the kernel's SQL reads answer what Prisma's answer", () => {
  it("the vessels page with its manning scales", async () => {
    const res = await same("/api/vessels?include=manning_scales&page[size]=999");
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.text) as { included?: { type: string }[] };
    expect(doc.included?.some((r) => r.type === "manning_scales")).toBe(true);
    await same(
      "/api/vessels?include=manning_scales,owner,manager,recruiters,coordinator&page[size]=3&sort=-id",
    );
  });

  it("every type with join-table or children relationships: list, show and relationship linkage", async () => {
    const types = storedRelationships();
    expect(types.map((t) => t.type)).toContain("vessels");
    for (const { type, names, list, show } of types) {
      if (!list) continue;
      const page = await same(`/api/${type}?include=${names.join(",")}&page[size]=50`);
      if (page.status !== 200) continue;
      const first = (JSON.parse(page.text) as { data: { id: string }[] }).data[0];
      if (!first) continue;
      if (show) await same(`/api/${type}/${first.id}?include=${names.join(",")}`);
      for (const name of names) {
        await same(`/api/${type}/${first.id}/relationships/${name}`);
        await same(`/api/${type}?fields[${type}]=${name}&page[size]=50`);
      }
    }
  }, 180_000);
});
