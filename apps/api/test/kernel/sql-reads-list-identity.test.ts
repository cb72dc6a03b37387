import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { Express } from "express";
import { createApp } from "../../src/app.js";
import { createRegistry } from "../../src/resources/registry.js";
import { signInAs, type TAuthHeaders } from "../support/auth.js";
import { testApp, testConfig, testDeps } from "../support/deps.js";
import { createOwner, createRank, createScaleRow, createVessel } from "../support/factories.js";

/**
 * The kernel's own SQL reads (kernel/sql-read-repository.ts) change no answer: every bound
 * type's list, as an admin and as a restricted role, with every first-level include, a sort,
 * a search and page 2, and one record of each, is byte for byte the same with
 * KERNEL_SQL_READS on and off (two apps over the same database), on both databases.
 */
let sqlApp: Express;
let prismaApp: Express;
const sessions: Record<string, TAuthHeaders> = {};

beforeAll(async () => {
  sqlApp = testApp();
  prismaApp = createApp({ ...testDeps(), config: testConfig({ KERNEL_SQL_READS: "0" }) });
  expect(testDeps().config.KERNEL_SQL_READS).toBe(true);
  // Some rows beyond the suite's own: a vessel with a scale, ranks, an owner.
  const owner = await createOwner();
  const vessel = await createVessel({ ownerId: owner.id });
  for (let i = 0; i < 3; i++) await createScaleRow({ vesselId: vessel.id, rankId: (await createRank()).id });
  for (const role of ["admin", "partner"] as const) sessions[role] = (await signInAs(role)).headers;
});

/** One GET on both apps with the same (unrotated) credentials: the session cache keeps the token valid for both. */
const both = async (role: string, url: string): Promise<void> => {
  const headers = sessions[role] ?? {};
  const a = await request(sqlApp).get(url).set(headers);
  const b = await request(prismaApp).get(url).set(headers);
  expect(a.status, `${role} ${url}`).toBe(b.status);
  // Each app listens on a port of its own: links differ only there.
  const text = (t: string) => t.replace(/http:\/\/127\.0\.0\.1:\d+/g, "http://host");
  expect(text(a.text), `${role} ${url}`).toBe(text(b.text));
};

describe("KERNEL_SQL_READS on and off answer the same bytes", () => {
  const defs = [...createRegistry().values()].map((e) => e.def);
  it("every type's list and record, admin and partner", async () => {
    for (const def of defs) {
      const includes = Object.keys(def.relationships ?? {}).join(",");
      const search = def.search?.length ? "&search=a" : "";
      for (const role of ["admin", "partner"]) {
        const base = `/api/${def.type}`;
        await both(role, `${base}?page[size]=3`);
        await both(role, `${base}?page[size]=2&page[number]=2&sort=-id`);
        if (includes) await both(role, `${base}?page[size]=3&include=${includes}`);
        if (search) await both(role, `${base}?page[size]=5${search}`);
        const first = await request(sqlApp)
          .get(`${base}?page[size]=1`)
          .set(sessions[role] ?? {});
        const id = (first.body as { data?: { id: string }[] }).data?.[0]?.id;
        if (id) await both(role, `${base}/${id}${includes ? `?include=${includes}` : ""}`);
      }
    }
    // Every type of the registry, twice each way: ~20 s alone, several times that inside the full suite.
  }, 180_000);
});
