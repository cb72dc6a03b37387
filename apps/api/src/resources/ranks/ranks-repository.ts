import type { TTx } from "../../db/client.js";

/** Rank order (crewing_priority, 1-based, contiguous), inside the caller's transaction. */
export const ranksRepository = (db: TTx) => ({
  /**
   * Serialises every change of the order until the transaction ends: without it, twelve
   * ranks created at once would all read the same highest priority.
   */
  async lockOrder(): Promise<void> {
    await db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('ranks.crewing_priority'))`;
  },

  async nextPriority(): Promise<number> {
    const top = await db.rank.aggregate({ _max: { crewingPriority: true } });
    return (top._max.crewingPriority ?? 0) + 1;
  },

  /** Moves a rank to a 1-based position and renumbers the others 1..n. Call under lockOrder. */
  async moveTo(id: number, position: number): Promise<void> {
    const ordered = await db.rank.findMany({
      select: { id: true, crewingPriority: true },
      orderBy: [{ crewingPriority: "asc" }, { id: "asc" }],
    });
    const ids = ordered.map((r) => r.id).filter((r) => r !== id);
    ids.splice(Math.min(Math.max(position, 1), ids.length + 1) - 1, 0, id);
    const current = new Map(ordered.map((r) => [r.id, r.crewingPriority]));
    for (const [index, rankId] of ids.entries()) {
      if (current.get(rankId) !== index + 1)
        await db.rank.update({ where: { id: rankId }, data: { crewingPriority: index + 1 } });
    }
  },

  /** Closes the gap a deleted rank leaves. Call under lockOrder. */
  async renumber(): Promise<void> {
    await db.$executeRaw`UPDATE ranks r SET crewing_priority = o.n FROM (SELECT id, row_number() OVER (ORDER BY crewing_priority, id) AS n FROM ranks) o WHERE r.id = o.id AND r.crewing_priority <> o.n`;
  },
});
