import type { TTx } from "../../db/client.js";
import {
  coverageOf,
  type TCoverage,
  type THeldDocument,
  type TMatrixRules,
  type TRequirement,
} from "./document-check.js";

const MATRIX_SELECT = {
  id: true,
  title: true,
  ownerId: true,
  roles: { select: { roleId: true } },
  items: {
    select: {
      roleId: true,
      required: true,
      monthsRequired: true,
      groupItem: {
        select: {
          documentId: true,
          groupName: true,
          groupOrder: true,
          document: { select: { title: true, stcwReference: true } },
        },
      },
    },
  },
} as const;

type TMatrixRow = {
  id: number;
  title: string;
  ownerId: number;
  roles: { roleId: number }[];
  items: {
    roleId: number;
    required: boolean;
    monthsRequired: number;
    groupItem: {
      documentId: number;
      groupName: string;
      groupOrder: number;
      document: { title: string; stcwReference: string | null };
    };
  }[];
};

const rulesOf = (m: TMatrixRow): TMatrixRules => {
  const byRole = new Map<number, TRequirement[]>();
  for (const item of m.items) {
    const req: TRequirement = {
      documentId: item.groupItem.documentId,
      title: item.groupItem.document.title,
      stcwReference: item.groupItem.document.stcwReference,
      groupName: item.groupItem.groupName,
      groupOrder: item.groupItem.groupOrder,
      required: item.required,
      monthsRequired: item.monthsRequired,
    };
    byRole.set(item.roleId, [...(byRole.get(item.roleId) ?? []), req]);
  }
  return {
    id: m.id,
    title: m.title,
    ownerId: m.ownerId,
    roles: new Set(m.roles.map((r) => r.roleId)),
    byRole,
  };
};

/**
 * What the compliance check and the planner's matrix warnings read, each a set-based query
 * (a vessel's 48 seafarers: a handful of queries, none per person).
 */
export const documentCheckRepository = (db: TTx) => ({
  async matrixById(id: number): Promise<TMatrixRules | null> {
    const m = await db.ownerGroup.findUnique({ where: { id }, select: MATRIX_SELECT });
    return m ? rulesOf(m) : null;
  },
  /** The current matrix of each owner that has one, by owner id. */
  async currentMatrices(ownerIds: readonly number[]): Promise<Map<number, TMatrixRules>> {
    if (!ownerIds.length) return new Map();
    const rows = await db.ownerGroup.findMany({
      where: { ownerId: { in: [...new Set(ownerIds)] }, current: true },
      select: MATRIX_SELECT,
    });
    return new Map(rows.map((m) => [m.ownerId, rulesOf(m)]));
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
