import type { TTx } from "../../db/client.js";

/** Manning-scale rows of a vessel: their order and their numbered names, inside the caller's transaction. */
export const manningScalesRepository = (db: TTx) => ({
  /** Serialises changes to one vessel's scale until the transaction ends. */
  async lockVessel(vesselId: number): Promise<void> {
    await db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('manning_scales'), ${vesselId})`;
  },

  async nextPriority(vesselId: number): Promise<number> {
    const top = await db.manningScale.aggregate({ where: { vesselId }, _max: { crewingPriority: true } });
    return (top._max.crewingPriority ?? 0) + 1;
  },

  /**
   * Renumbers a vessel's rows 1..n in their order (`moved` goes to `position`) and names
   * them by rank, numbering ranks that occur more than once ("AB 1", "AB 2"). Archived rows
   * keep their place but are not counted in the names.
   */
  async renumber(vesselId: number, moved?: { id: number; position: number }): Promise<void> {
    const rows = await db.manningScale.findMany({
      where: { vesselId },
      select: { id: true, crewingPriority: true, name: true, state: true, rank: { select: { title: true } } },
      orderBy: [{ crewingPriority: "asc" }, { id: "asc" }],
    });
    const order = rows.filter((r) => r.id !== moved?.id);
    const target = rows.find((r) => r.id === moved?.id);
    if (target && moved) order.splice(Math.min(Math.max(moved.position, 1), order.length + 1) - 1, 0, target);
    const active = order.filter((r) => r.state === "active");
    const totals = new Map<string, number>();
    for (const r of active) totals.set(r.rank.title, (totals.get(r.rank.title) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const [index, row] of order.entries()) {
      let name = row.rank.title;
      if (row.state === "active" && (totals.get(name) ?? 0) > 1) {
        const n = (seen.get(name) ?? 0) + 1;
        seen.set(name, n);
        name = `${name} ${n}`;
      }
      if (row.crewingPriority !== index + 1 || row.name !== name) {
        await db.manningScale.update({ where: { id: row.id }, data: { crewingPriority: index + 1, name } });
      }
    }
  },

  activeRows(vesselId: number) {
    return db.manningScale.findMany({
      where: { vesselId, state: "active" },
      orderBy: [{ crewingPriority: "asc" }, { id: "asc" }],
    });
  },

  /** Archives a vessel's active rows (a scale replaced by a copy); answers their ids. */
  async archiveActive(vesselId: number): Promise<number[]> {
    const rows = await db.manningScale.findMany({
      where: { vesselId, state: "active" },
      select: { id: true },
    });
    await db.manningScale.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { state: "archived" },
    });
    return rows.map((r) => r.id);
  },

  async copyRows(
    rows: readonly { id: number; rankId: number; templateOffer: number | null; status: string | null }[],
    toVesselId: number,
    from: number,
  ): Promise<number> {
    const { count } = await db.manningScale.createMany({
      data: rows.map((r, i) => ({
        vesselId: toVesselId,
        rankId: r.rankId,
        templateOffer: r.templateOffer,
        status: r.status,
        originId: r.id,
        crewingPriority: from + i,
      })),
    });
    return count;
  },
});
