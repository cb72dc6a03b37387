import { beforeAll, describe, expect, it } from "vitest";
import { prismaModels } from "../../src/generated/relations.js";
import type { TModel } from "../../src/kernel/model-types.js";
import { sqlReader } from "../../src/kernel/sql-read-repository.js";
import { sqlWhere } from "../../src/kernel/sql-where.js";
import { storeOf, type TWhere } from "../../src/kernel/store.js";
import { createApplicant } from "../records/support.js";
import { signInAs } from "../support/auth.js";
import { testDeps } from "../support/deps.js";
import { createClient, createRank, unique } from "../support/factories.js";

/**
 * kernel/sql-where.ts and kernel/sql-read-repository.ts against Prisma itself: for each where object the
 * kernel's own SQL must find the same ids as Prisma's findMany, and the rows it decodes must
 * equal Prisma's (every model, every column type), on both databases.
 */
const db = () => testDeps().db;
let tag: string;
let countries: number[];
let ports: number[];
let ranks: number[];
let priorities: number[];
let roleLevel: number;
let clients: number[];

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

const compare = async (model: TModel, mine: TWhere, where: TWhere) => {
  // At the top level where it can (an empty OR compiles only there), else under AND.
  const full = "AND" in where ? { AND: [mine, where] } : { ...where, AND: [mine] };
  const reader = sqlReader(db(), model);
  const found = reader?.findMany({ where: full, orderBy: [{ id: "asc" }] });
  expect(found, `compiled: ${JSON.stringify(where)}`).toBeTruthy();
  const prisma = await storeOf(db(), model).findMany({ where: full, orderBy: [{ id: "asc" }] });
  expect(ids(await found!), JSON.stringify(where)).toEqual(ids(prisma));
  expect(await reader!.count(full)).toBe(prisma.length);
};

beforeAll(async () => {
  tag = unique("Sq");
  const c1 = await db().country.create({ data: { name: `${tag} Alpha`, code: "XA" } });
  const c2 = await db().country.create({ data: { name: `${tag} beta%_x`, code: "XB" } });
  countries = [c1.id, c2.id];
  const mk = (name: string, locode: string | null, countryId: number | null) =>
    db().port.create({ data: { name: `${tag} ${name}`, locode, countryId } });
  ports = [
    (await mk("Rotterdam", "NLRTM", c1.id)).id,
    (await mk("rotterdam east", null, c1.id)).id,
    (await mk("100% pier_1", "XX001", c2.id)).id,
    (await mk("Nowhere", null, null)).id,
  ];
  roleLevel = (await db().roleLevel.create({ data: { title: `${tag} Senior` } })).id;
  // At the end of the order, as the API adds them: other files check that it stays 1..n.
  const master = await createRank(`${tag} Master`, { roleLevelId: roleLevel });
  const chief = await createRank(`${tag} Chief Officer`, { roleLevelId: roleLevel });
  const cook = await createRank(`${tag} Cook`, { roleLevelId: null });
  ranks = [master.id, chief.id, cook.id];
  priorities = [master.crewingPriority, cook.crewingPriority];
  const a = await createClient({ role: "manager" });
  const b = await createClient({ role: "guest" });
  clients = [a.id, b.id];
  await db().$executeRawUnsafe(
    `UPDATE clients SET hidden_tags = '{red,blue}', port_id = $1 WHERE id = $2`,
    ports[0],
    a.id,
  );
  // An applicant (63 columns: dates, Int[], String[], Json, Booleans) for the rows' decoding.
  const admin = await signInAs("admin");
  await createApplicant(admin.headers);
});

describe("sqlWhere finds what Prisma finds", () => {
  const portWheres = (): TWhere[] => [
    {},
    { name: `${tag} Rotterdam` },
    { locode: null },
    { locode: { not: null } },
    { locode: { not: "NLRTM" } },
    { NOT: { locode: "NLRTM" } },
    { NOT: [{ locode: "NLRTM" }, { countryId: null }] },
    { id: { in: [] } },
    { id: { notIn: [] } },
    { id: { in: ports.slice(0, 2) } },
    { countryId: { notIn: [countries[0]] } },
    { countryId: { in: [countries[1] ?? 0] }, locode: { not: null } },
    { AND: [] },
    { OR: [] },
    { OR: [{}] },
    { NOT: {} },
    { AND: [{}, { name: { contains: "rotterdam", mode: "insensitive" } }] },
    { name: { contains: "rotterdam" } },
    { name: { contains: "100%" } },
    { name: { contains: "pier_" } },
    { name: { contains: "%_", mode: "insensitive" } },
    { name: { startsWith: `${tag} rot`, mode: "insensitive" } },
    { name: { endsWith: "EAST", mode: "insensitive" } },
    { name: { endsWith: "east" } },
    { name: { not: { contains: "rotterdam" } } },
    { name: { not: { in: [`${tag} Nowhere`] } } },
    { OR: [{ locode: "NLRTM" }, { countryId: null }] },
    { OR: [{ locode: "NLRTM" }, {}] },
    { id: { gt: ports[0], lte: ports[2] } },
    { id: { gte: ports[1] }, AND: { id: { lt: ports[3] } } },
    { createdAt: { lt: new Date(Date.now() + 60_000) } },
    { createdAt: { gt: new Date(Date.now() + 60_000) } },
    { country: { is: { name: { contains: "alpha", mode: "insensitive" } } } },
    { country: { name: { contains: "beta" } } },
    { country: { isNot: { code: "XA" } } },
    { country: { is: null } },
    { country: { isNot: null } },
    { country: { is: {} } },
    { country: { isNot: {} } },
    { staff: { some: { hiddenTags: { has: "red" } } } },
    { staff: { none: {} } },
    { staff: { every: { role: "crewing" } } },
    { staff: { some: { OR: [] } } },
  ];
  it("on ports: scalars, strings, logic, relations both ways", async () => {
    for (const where of portWheres()) await compare("Port", { id: { in: ports } }, where);
  });

  it("on countries, ranks and clients: list-side relations, lists, nullable keys", async () => {
    const wheres: [TModel, TWhere, TWhere][] = [
      ["Country", { id: { in: countries } }, { ports: { some: { locode: null } } }],
      ["Country", { id: { in: countries } }, { ports: { every: { locode: { not: null } } } }],
      ["Country", { id: { in: countries } }, { ports: { none: { name: { contains: "pier" } } } }],
      ["Country", { id: { in: countries } }, { ports: { some: {} } }],
      ["Rank", { id: { in: ranks } }, { roleLevelId: { not: roleLevel } }],
      ["Rank", { id: { in: ranks } }, { roleLevel: { title: { startsWith: tag } } }],
      ["Rank", { id: { in: ranks } }, { roleLevel: { isNot: { title: "x" } } }],
      ["Rank", { id: { in: ranks } }, { crewingPriority: { in: priorities }, department: "deck" }],
      ["RoleLevel", { id: roleLevel }, { ranks: { every: { crewingPriority: { lt: priorities[1] ?? 0 } } } }],
      ["Client", { id: { in: clients } }, { hiddenTags: { has: "red" } }],
      ["Client", { id: { in: clients } }, { hiddenTags: { hasSome: ["blue", "green"] } }],
      ["Client", { id: { in: clients } }, { hiddenTags: { hasEvery: ["blue", "green"] } }],
      ["Client", { id: { in: clients } }, { hiddenTags: { isEmpty: true } }],
      ["Client", { id: { in: clients } }, { port: { country: { code: "XA" } } }],
      ["Client", { id: { in: clients } }, { role: { in: ["manager", "admin"] }, status: "active" }],
    ];
    for (const [model, mine, where] of wheres) await compare(model, mine, where);
  });

  it("answers null (Prisma then) for what it does not understand", () => {
    const cases: TWhere[] = [
      { OR: [{ OR: [] }] },
      { AND: [{ OR: [] }] },
      { name: { equals: "x", mode: "insensitive" } },
      { name: { search: "x" } },
      { id: "3" },
      { id: { in: [1, null] } },
      { id: 2 ** 31 },
      { createdAt: "2026-01-01" },
      { nope: 1 },
      { name: { contains: undefined } },
      { name: { mode: "insensitive", not: { contains: "x" } } },
    ];
    for (const where of cases) expect(sqlWhere("Port", where, []), JSON.stringify(where)).toBeNull();
    expect(sqlWhere("Client", { notificationSettings: { equals: {} } }, [])).toBeNull();
  });

  it("numbers its parameters after the caller's", () => {
    const values: unknown[] = ["a", "b"];
    expect(sqlWhere("Port", { id: 1, name: "x" }, values)).toBe(
      '("public"."ports"."id" = $3 AND "public"."ports"."name" = $4)',
    );
    expect(values).toEqual(["a", "b", 1, "x"]);
  });
});

describe("sql-read decodes rows as Prisma does", () => {
  it("every model's first rows, every column type", async () => {
    for (const model of Object.keys(prismaModels) as TModel[]) {
      const reader = sqlReader(db(), model);
      const mine = reader?.findMany({ where: {}, orderBy: [{ id: "asc" }], take: 20 });
      const hasId = "id" in prismaModels[model].fields;
      if (!hasId) continue;
      expect(mine, model).toBeTruthy();
      const prisma = await storeOf(db(), model).findMany({ where: {}, orderBy: [{ id: "asc" }], take: 20 });
      const rows = await mine!;
      expect(rows, model).toEqual(prisma);
      // Same keys in the same order (serialisers walk them).
      expect(
        rows.map((r) => Object.keys(r)),
        model,
      ).toEqual(prisma.map((r) => Object.keys(r)));
    }
  });

  it("a transaction's client is not read through the pool", async () => {
    await db().$transaction(async (tx) => {
      expect(sqlReader(tx, "Port")).toBeNull();
    });
  });
});
