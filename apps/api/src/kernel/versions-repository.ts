import type { TTx } from "./model-types.js";

export interface TVersionRow {
  id: bigint;
  itemType: string;
  itemId: number;
  event: string;
  changes: unknown;
  ownerType: string | null;
  ownerId: number | null;
  actorId: number | null;
  requestId: string | null;
  createdAt: Date;
  actorName: string | null;
}

/** The audit trail the `audit_version` trigger writes (docs/versions.md), read newest first. */
export const versionsRepository = (db: TTx) => ({
  /**
   * Versions of one record and of the records that belong to it (its owner columns),
   * leaving out item types the reader may not read.
   */
  async forRecord(type: string, id: number, hiddenTypes: readonly string[], page: { size: number; number: number }): Promise<{ rows: TVersionRow[]; total: number }> {
    const where = {
      OR: [
        { itemType: type, itemId: id },
        { ownerType: type, ownerId: id, ...(hiddenTypes.length ? { itemType: { notIn: [...hiddenTypes] } } : {}) },
      ],
    };
    const [rows, total] = await Promise.all([
      db.version.findMany({ where, orderBy: { id: "desc" }, skip: (page.number - 1) * page.size, take: page.size }),
      db.version.count({ where }),
    ]);
    const actorIds = [...new Set(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])))];
    const actors = actorIds.length ? await db.client.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true } }) : [];
    const names = new Map(actors.map((a) => [a.id, a.name]));
    return { rows: rows.map((r) => ({ ...r, actorName: r.actorId === null ? null : (names.get(r.actorId) ?? null) })), total };
  },
});
