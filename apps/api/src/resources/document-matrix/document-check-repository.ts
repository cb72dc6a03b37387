import { z } from "zod";
import type { TTx } from "../../db/client.js";
import { Prisma } from "../../generated/prisma/client.js";
import {
  coverageOf,
  type TCoverage,
  type THeldDocument,
  type TMatrixRules,
  type TRequirement,
} from "./document-check.js";

/** A matrix in one row: its ranks and its cells with their documents (one round trip, json_agg). */
const ZMatrixRow = z.object({
  id: z.number(),
  title: z.string(),
  ownerId: z.number(),
  roles: z.array(z.number()),
  cells: z.array(
    z.object({
      roleId: z.number(),
      required: z.boolean(),
      monthsRequired: z.number(),
      documentId: z.number(),
      groupName: z.string(),
      groupOrder: z.number(),
      title: z.string(),
      stcwReference: z.string().nullable(),
    }),
  ),
});

/** An applicant's next plan as the list's documents mark reads it. */
const ZNextPlan = z.object({
  userId: z.number(),
  planId: z.number(),
  start: z.date(),
  end: z.date(),
  rankId: z.number(),
  rank: z.string(),
  vessel: z.string().nullable(),
  ownerId: z.number().nullable(),
});

const rulesOf = (m: z.output<typeof ZMatrixRow>): TMatrixRules => {
  const byRole = new Map<number, TRequirement[]>();
  for (const { roleId, ...req } of m.cells) byRole.set(roleId, [...(byRole.get(roleId) ?? []), req]);
  return { id: m.id, title: m.title, ownerId: m.ownerId, roles: new Set(m.roles), byRole };
};

const matrices = async (db: TTx, where: Prisma.Sql): Promise<TMatrixRules[]> => {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT g.id, g.title, g.owner_id AS "ownerId",
           ARRAY(SELECT r.role_id FROM owner_group_roles r WHERE r.owner_group_id = g.id) AS roles,
           COALESCE((SELECT json_agg(json_build_object(
                       'roleId', i.role_id, 'required', i.required, 'monthsRequired', i.months_required,
                       'documentId', gi.document_id, 'groupName', gi.group_name, 'groupOrder', gi.group_order,
                       'title', k.title, 'stcwReference', k.stcw_reference))
                       FROM items i
                       JOIN group_items gi ON gi.id = i.group_item_id
                       JOIN applicant_document_kinds k ON k.id = gi.document_id
                      WHERE i.owner_group_id = g.id), '[]'::json) AS cells
      FROM owner_groups g
     WHERE ${where}`;
  return rows.map((r) => rulesOf(ZMatrixRow.parse(r)));
};

/**
 * What the compliance check and the planner's matrix warnings read, each a set-based query
 * (a vessel's 48 seafarers: a handful of queries, none per person).
 */
export const documentCheckRepository = (db: TTx) => ({
  async matrixById(id: number): Promise<TMatrixRules | null> {
    return (await matrices(db, Prisma.sql`g.id = ${id}`))[0] ?? null;
  },
  /** The current matrix of each owner that has one, by owner id. */
  async currentMatrices(ownerIds: readonly number[]): Promise<Map<number, TMatrixRules>> {
    if (!ownerIds.length) return new Map();
    const ids = [...new Set(ownerIds)];
    const rows = await matrices(db, Prisma.sql`g.owner_id = ANY(${ids}::int[]) AND g.current`);
    return new Map(rows.map((m) => [m.ownerId, m]));
  },
  /** The documents of each seafarer (certificates and documents; endorsement records apart). */
  async heldDocuments(userIds: readonly number[]): Promise<Map<number, THeldDocument[]>> {
    const out = new Map<number, THeldDocument[]>();
    if (!userIds.length) return out;
    const rows = await db.applicantDocument.findMany({
      where: { userId: { in: [...new Set(userIds)] }, nTpd: { in: [1, 2] } },
      select: { userId: true, nDoc: true, validUntil: true, kind: { select: { title: true } } },
    });
    for (const r of rows)
      out.set(r.userId, [
        ...(out.get(r.userId) ?? []),
        { kindId: r.nDoc, title: r.kind.title, validUntil: r.validUntil },
      ]);
    return out;
  },
  async coverage(): Promise<TCoverage> {
    return coverageOf(await db.documentEquivalence.findMany({ select: { kindId: true, coversId: true } }));
  },
  /** The rows' rank and owner (the vessel's owner, or the template's own). */
  rows(ids: readonly number[]) {
    return db.manningScale.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: {
        id: true,
        rankId: true,
        ownerId: true,
        rank: { select: { title: true } },
        vessel: { select: { name: true, ownerVessel: { select: { ownerId: true } } } },
      },
    });
  },
  /** The staffed plans of a vessel still to be served (running or coming), by start. */
  vesselPlans(vesselId: number, today: Date) {
    return db.timePlan.findMany({
      where: {
        manningScale: { vesselId },
        userId: { not: null },
        end: { gte: today },
        status: { notIn: ["completed", "other_agency"] },
      },
      select: { id: true, userId: true, manningScaleId: true, start: true, end: true },
      orderBy: [{ start: "asc" }, { id: "asc" }],
      take: 1000,
    });
  },
  /**
   * Each applicant's next plan not yet on board (the list's "Planned vessel": the earliest plan
   * to propose, pending approval or approved whose end is today or later), with its row's rank
   * and owner (the vessel's owner, else the template row's).
   */
  async nextPlans(userIds: readonly number[], today: Date) {
    if (!userIds.length) return [];
    const rows = await db.$queryRaw<unknown[]>`
      SELECT DISTINCT ON (tp.user_id)
             tp.user_id AS "userId", tp.id AS "planId", tp.start, tp."end",
             ms.rank_id AS "rankId", r.title AS rank, v.name AS vessel,
             COALESCE(ov.owner_id, ms.owner_id) AS "ownerId"
        FROM time_plans tp
        JOIN manning_scales ms ON ms.id = tp.manning_scale_id
        JOIN ranks r ON r.id = ms.rank_id
        LEFT JOIN vessels v ON v.id = ms.vessel_id
        LEFT JOIN owner_vessels ov ON ov.vessel_id = ms.vessel_id
       WHERE tp.user_id = ANY(${[...new Set(userIds)]}::int[]) AND tp."end" >= ${today}
         AND tp.status IN ('to_propose', 'pending_approval', 'approved')
       ORDER BY tp.user_id, tp.start, tp.id`;
    return rows.map((r) => ZNextPlan.parse(r));
  },
  applicants(ids: readonly number[]) {
    return db.user.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: { id: true, name: true, surname: true, roleId: true, role: { select: { title: true } } },
    });
  },
  ownerOfVessel(vesselId: number) {
    return db.ownerVessel.findUnique({ where: { vesselId }, select: { ownerId: true } });
  },
});

export type TDocumentCheckRepository = ReturnType<typeof documentCheckRepository>;
