import type { TTx } from "../../db/client.js";
import { plainRows } from "../../db/plain-rows.js";
import { idRange } from "../../kernel/ids.js";
import type { TRowOf } from "../../kernel/model-types.js";

interface TRawScaleRow {
  id: number;
  vessel_id: number | null;
  owner_id: number | null;
  rank_id: number;
  name: string;
  crewing_priority: number;
  template_offer: number | null;
  status: string | null;
  state: string;
  origin_id: number | null;
  created_ms: number;
  updated_ms: number;
}

/** Named with their schema as Prisma's own queries name them (see auth/session-repository.ts). */
const COLUMNS = `id, vessel_id, owner_id, rank_id, name, crewing_priority, template_offer, status, state, origin_id,
           (extract(epoch FROM created_at) * 1000)::float8 AS created_ms, (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms`;
const ROWS_SQL = `SELECT ${COLUMNS} FROM "public"."manning_scales" WHERE id = ANY($1::int[]) ORDER BY id`;
const RANGE_SQL = `SELECT ${COLUMNS} FROM "public"."manning_scales" WHERE id BETWEEN $1 AND $2 ORDER BY id`;

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

  /**
   * Rows by id in one plain SQL read: a vessels page with its scales includes 10,000 of them,
   * and the generic read spends most of its time turning rows into objects (bench:fleet).
   * On the pool it goes to pg directly, as one named statement: Prisma's raw query decodes
   * every value through its own type mapping, which cost 70 ms of CPU for those 10,000 rows
   * against about 15 ms here. Timestamps are stored as UTC without a zone: read as epoch
   * milliseconds, so no time-zone setting can shift them. (Inside a transaction: through Prisma.)
   */
  async rowsByIds(ids: readonly number[]): Promise<TRowOf<"ManningScale">[]> {
    // Many ids close together (a vessels page's 10,000 rows) are read as their range (kernel/ids.ts).
    const { wanted, range } = idRange(ids);
    const rows = range
      ? await plainRows<TRawScaleRow>(db, "crew_manning_scale_range", RANGE_SQL, [range.min, range.max])
      : await plainRows<TRawScaleRow>(db, "crew_manning_scale_rows", ROWS_SQL, [[...wanted]]);
    return (range ? rows.filter((r) => wanted.has(r.id)) : rows).map((r) => ({
      id: r.id,
      vesselId: r.vessel_id,
      ownerId: r.owner_id,
      rankId: r.rank_id,
      name: r.name,
      crewingPriority: r.crewing_priority,
      templateOffer: r.template_offer,
      status: r.status,
      state: r.state,
      originId: r.origin_id,
      createdAt: new Date(r.created_ms),
      updatedAt: new Date(r.updated_ms),
    }));
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
