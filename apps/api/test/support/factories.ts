import { randomUUID } from "node:crypto";
import type { TRole } from "@crew/contracts";
import { hashPassword } from "../../src/auth/passwords.js";
import { testDeps } from "./deps.js";

export const TEST_PASSWORD = "Test-Password-1";
let passwordHash: Promise<string> | undefined;

/** A unique short suffix so tests never collide on unique columns. */
export const unique = (prefix = "t"): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Creates a staff account with a known password (TEST_PASSWORD). */
export const createClient = async (
  attrs: { role?: TRole; status?: "active" | "away" | "deactivated"; name?: string; email?: string } = {},
) => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const role = attrs.role ?? "guest";
  return testDeps().db.client.create({
    data: {
      name: attrs.name ?? `${role} ${unique()}`,
      email: attrs.email ?? `${unique(role)}@test.example.com`,
      role,
      status: attrs.status ?? "active",
      passwordHash: await passwordHash,
    },
  });
};

let imoSeq = Math.floor(Math.random() * 800_000) + 100_000;
/** A fresh IMO number with a valid check digit. */
export const uniqueImo = (): string => {
  imoSeq += 1;
  const first6 = String(imoSeq).padStart(6, "0").slice(-6);
  const check = [...first6].reduce((sum, d, i) => sum + Number(d) * (7 - i), 0) % 10;
  return `${first6}${check}`;
};

/**
 * A valid IMO number no vessel holds yet. Test files run in parallel workers against one
 * database and each starts its sequence at random, so two files' sequences can meet: ask the
 * database rather than trusting the sequence (a duplicate IMO failed a CI run once).
 */
export const freeImo = async (): Promise<string> => {
  const db = testDeps().db;
  for (;;) {
    const imo = uniqueImo();
    if (!(await db.vessel.findUnique({ where: { imo }, select: { id: true } }))) return imo;
  }
};

/**
 * A rank at the end of the order, under the order's lock as the API takes it (ranks-repository):
 * test files share the PostgreSQL database and run side by side, and some check that the whole
 * order stays 1..n while others add ranks.
 */
export const createRank = async (title = unique("Rank"), extra: { roleLevelId?: number | null } = {}) =>
  testDeps().db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('ranks.crewing_priority'))`;
    const top = await tx.rank.aggregate({ _max: { crewingPriority: true } });
    return tx.rank.create({
      data: { title, department: "deck", crewingPriority: (top._max.crewingPriority ?? 0) + 1, ...extra },
    });
  });

export const createVessel = async (attrs: { name?: string; ownerId?: number } = {}) => {
  const db = testDeps().db;
  const vessel = await db.vessel.create({ data: { name: attrs.name ?? unique("MV"), imo: await freeImo() } });
  if (attrs.ownerId) await db.ownerVessel.create({ data: { vesselId: vessel.id, ownerId: attrs.ownerId } });
  return vessel;
};

export const createOwner = async (title = unique("Owner")) => testDeps().db.owner.create({ data: { title } });

/** A manning-scale row of a vessel (a fresh vessel and rank unless given). */
export const createScaleRow = async (attrs: { vesselId?: number; rankId?: number } = {}) => {
  const vesselId = attrs.vesselId ?? (await createVessel()).id;
  const rank = attrs.rankId
    ? await testDeps().db.rank.findUniqueOrThrow({ where: { id: attrs.rankId } })
    : await createRank();
  const top = await testDeps().db.manningScale.aggregate({
    where: { vesselId },
    _max: { crewingPriority: true },
  });
  return testDeps().db.manningScale.create({
    data: {
      vesselId,
      rankId: rank.id,
      name: rank.title,
      crewingPriority: (top._max.crewingPriority ?? 0) + 1,
    },
  });
};
