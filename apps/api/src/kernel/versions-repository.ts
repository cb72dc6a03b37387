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
  /** The records that belong to one record and have versions, by item type. */
  async belongingItems(type: string, id: number): Promise<Map<string, number[]>> {
    const rows = await db.version.findMany({
      where: { ownerType: type, ownerId: id },
      distinct: ["itemType", "itemId"],
      select: { itemType: true, itemId: true },
    });
    const out = new Map<string, number[]>();
    for (const r of rows) out.set(r.itemType, [...(out.get(r.itemType) ?? []), r.itemId]);
    return out;
  },

  /**
   * Versions of one record and of the records that belong to it (its owner columns),
   * leaving out item types the reader may not read and records out of the reader's scope.
   */
  async forRecord(
    type: string,
    id: number,
    hidden: { types: readonly string[]; items: ReadonlyMap<string, readonly number[]> },
    page: { size: number; number: number },
  ): Promise<{ rows: TVersionRow[]; total: number }> {
    const hiddenItems = [...hidden.items].flatMap(([itemType, ids]) =>
      ids.length ? [{ itemType, itemId: { in: [...ids] } }] : [],
    );
    const where = {
      OR: [
        { itemType: type, itemId: id },
        {
          ownerType: type,
          ownerId: id,
          ...(hidden.types.length ? { itemType: { notIn: [...hidden.types] } } : {}),
          ...(hiddenItems.length ? { NOT: { OR: hiddenItems } } : {}),
        },
      ],
    };
    const [rows, total] = await Promise.all([
      db.version.findMany({
        where,
        orderBy: { id: "desc" },
        skip: (page.number - 1) * page.size,
        take: page.size,
      }),
      db.version.count({ where }),
    ]);
    const actorIds = [...new Set(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])))];
    const actors = actorIds.length
      ? await db.client.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true } })
      : [];
    const names = new Map(actors.map((a) => [a.id, a.name]));
    return {
      rows: rows.map((r) => ({
        ...r,
        actorName: r.actorId === null ? null : (names.get(r.actorId) ?? null),
      })),
      total,
    };
  },
});
