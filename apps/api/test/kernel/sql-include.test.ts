import { beforeAll, describe, expect, it } from "vitest";
import { sqlPoolOf } from "../../src/db/client.js";
import type { TModel } from "../../src/kernel/model-types.js";
import { attachIncluded, includePlan } from "../../src/kernel/sql-include.js";
import { sqlReader } from "../../src/kernel/sql-read-repository.js";
import { storeOf, type TInclude } from "../../src/kernel/store.js";
import { BINDINGS } from "../../src/resources/registry.js";
import { testDeps } from "../support/deps.js";
import { createManager, ownedVessel } from "../fleet/fleet-support.js";

/**
 * kernel/sql-include.ts against Prisma itself: every binding's declared `include` (and the
 * planner's fieldset include, whole), on the demo's first rows, must come back from pg as
 * Prisma gives it: the same values, the same keys in the same order, on both databases.
 */
const db = () => testDeps().db;

const includes = (): { type: string; model: TModel; include: TInclude }[] =>
  BINDINGS.flatMap((b) => {
    const out: { type: string; model: TModel; include: TInclude }[] = [];
    if (b.hooks.include) out.push({ type: b.def.type, model: b.model, include: b.hooks.include });
    if (b.hooks.includeFor)
      out.push({
        type: `${b.def.type} (fields)`,
        model: b.model,
        include: b.hooks.includeFor(Object.keys(b.def.attributes)),
      });
    return out;
  });

const replacer = (_k: string, v: unknown): unknown => (typeof v === "bigint" ? `${v}n` : v);

const keysDeep = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(keysDeep)
    : v && typeof v === "object" && !(v instanceof Date)
      ? Object.entries(v).map(([k, x]) => [k, keysDeep(x)])
      : v;

beforeAll(async () => {
  // Vessels with an owner, with and without a manager: both sides of a one-to-one, a null, a select.
  const manager = await createManager();
  await ownedVessel({ managerId: manager.id });
  await ownedVessel();
  await ownedVessel({ managerId: manager.id });
});

describe("binding includes through pg", () => {
  it("compiles the vessels' owner and manager titles (the page that needed it)", () => {
    const vessels = includes().find((i) => i.type === "vessels");
    expect(vessels && includePlan(vessels.model, vessels.include)).toBeTruthy();
  });

  it("reads what Prisma reads, for every binding include it compiles", async () => {
    const pool = sqlPoolOf(db());
    expect(pool).toBeTruthy();
    const compiled: string[] = [];
    for (const { type, model, include } of includes()) {
      const plan = includePlan(model, include);
      if (!plan) continue;
      compiled.push(type);
      // Other test files write the same tables meanwhile: both reads take the same ids, and a
      // pair that differs is read again (a row changed between the two reads) before it counts.
      const ids = (
        await storeOf(db(), model).findMany({ where: {}, orderBy: [{ id: "desc" }], take: 60 })
      ).map((r) => r.id);
      const read = async () => {
        const where = { id: { in: ids } };
        const rows = sqlReader(db(), model)?.findMany({ where, orderBy: [{ id: "desc" }] });
        expect(rows, type).toBeTruthy();
        const mine = await attachIncluded(pool!, await rows!, plan);
        const prisma = await storeOf(db(), model).findMany({ where, orderBy: [{ id: "desc" }], include });
        return { mine, prisma };
      };
      let { mine, prisma } = await read();
      for (
        let again = 0;
        again < 2 && JSON.stringify(keysDeep(mine), replacer) !== JSON.stringify(keysDeep(prisma), replacer);
        again++
      )
        ({ mine, prisma } = await read());
      expect(mine, type).toEqual(prisma);
      expect(keysDeep(mine), type).toEqual(keysDeep(prisma));
      if (type === "vessels") {
        // The made-up fleet is there: owners' titles, a manager's, and a vessel without one.
        expect(mine.slice(0, 3).map((v) => v.ownerVessel !== null)).toEqual([true, true, true]);
        expect(mine.slice(0, 3).map((v) => v.managerVessel !== null)).toEqual([true, false, true]);
      }
    }
    expect(compiled).toContain("vessels");
  });

  it("answers null (Prisma then) for what it does not compile", () => {
    expect(includePlan("Vessel", { manningScales: true })).toBeNull(); // to-many
    expect(includePlan("Vessel", { ownerVessel: { where: { id: 1 } } })).toBeNull();
    expect(includePlan("Vessel", { nothing: true })).toBeNull();
    expect(includePlan("Vessel", { ownerVessel: { select: { owner: true } } })).toBeNull(); // a relation in a select
  });
});
