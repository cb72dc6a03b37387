import type { TDb } from "../../db/client.js";

/** Rank order (crewing_priority, 1-based, contiguous). */
export const ranksRepository = (db: TDb) => ({
  async nextPriority(): Promise<number> {
    const top = await db.rank.aggregate({ _max: { crewingPriority: true } });
    return (top._max.crewingPriority ?? 0) + 1;
  },

  /**
   * Moves a rank to a 1-based position and renumbers the others 1..n, in one transaction
   * under a row lock on the ranks, so two reorders at once cannot leave duplicates.
   */
  async moveTo(id: number, position: number): Promise<void> {
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT id FROM ranks ORDER BY id FOR UPDATE`;
      const ordered = await tx.rank.findMany({ select: { id: true, crewingPriority: true }, orderBy: [{ crewingPriority: "asc" }, { id: "asc" }] });
      const ids = ordered.map((r) => r.id).filter((r) => r !== id);
      ids.splice(Math.min(Math.max(position, 1), ids.length + 1) - 1, 0, id);
      const current = new Map(ordered.map((r) => [r.id, r.crewingPriority]));
      for (const [index, rankId] of ids.entries()) {
        if (current.get(rankId) !== index + 1) await tx.rank.update({ where: { id: rankId }, data: { crewingPriority: index + 1 } });
      }
    });
  },

  /** Closes the gap a deleted rank leaves. */
  async renumber(): Promise<void> {
    await db.$executeRaw`UPDATE ranks r SET crewing_priority = o.n FROM (SELECT id, row_number() OVER (ORDER BY crewing_priority, id) AS n FROM ranks) o WHERE r.id = o.id AND r.crewing_priority <> o.n`;
  },

  findById(id: number) {
    return db.rank.findUniqueOrThrow({ where: { id } });
  },
});
