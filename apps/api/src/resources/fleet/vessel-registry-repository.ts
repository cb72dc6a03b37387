import type { TParseItemStatus, TParseRunStatus } from "@crew/contracts";
import type { TTx } from "../../db/client.js";

/** The vessel columns the registry's particulars fill in. */
export interface TRegistryVesselData {
  name: string;
  callSign: string | null;
  flagId: number | null;
  vesselTypeId: number | null;
  yearBuilt: number | null;
  deadweight: number | null;
  grossTonnage: number | null;
}

export interface TRunCounts {
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

/** Vessels from the registry and the registry imports (bulk parses), inside the caller's client or transaction. */
export const vesselRegistryRepository = (db: TTx) => ({
  /** The caller's Equasis account: email and the sealed password. */
  accountOf(clientId: number) {
    return db.client.findUnique({
      where: { id: clientId },
      select: { equasisEmail: true, equasisPassword: true },
    });
  },

  vesselByImo(imo: string) {
    return db.vessel.findUnique({ where: { imo }, select: { id: true, name: true } });
  },

  vesselsByImo(imos: readonly string[]) {
    return db.vessel.findMany({ where: { imo: { in: [...imos] } }, select: { id: true, imo: true } });
  },

  vesselImo(id: number) {
    return db.vessel.findUnique({ where: { id }, select: { imo: true } });
  },

  countryByName(name: string) {
    return db.country.findFirst({
      where: { name: { equals: name, mode: "insensitive" } },
      select: { id: true },
    });
  },

  /** A flag state missing from the countries list, added with its ISO code (never a duplicate code). */
  async addCountry(name: string, code: string): Promise<number | null> {
    const taken = await db.country.findFirst({ where: { code }, select: { id: true } });
    if (taken) return taken.id;
    return (await db.country.create({ data: { name, code }, select: { id: true } })).id;
  },

  async vesselTypeId(title: string): Promise<number> {
    const found = await db.vesselType.findFirst({
      where: { title: { equals: title, mode: "insensitive" } },
      select: { id: true },
    });
    if (found) return found.id;
    return (await db.vesselType.create({ data: { title }, select: { id: true } })).id;
  },

  createVessel(imo: string, data: TRegistryVesselData, extra: { isSelected?: boolean } = {}) {
    return db.vessel.create({ data: { imo, ...data, ...extra }, select: { id: true, name: true } });
  },

  updateVessel(id: number, data: TRegistryVesselData) {
    return db.vessel.update({ where: { id }, data, select: { id: true, name: true } });
  },

  async createRun(run: {
    authorId: number;
    email: string;
    onlyNew: boolean;
    invalid: string[];
    imos: readonly string[];
  }): Promise<number> {
    const created = await db.vesselParseRun.create({
      data: {
        authorId: run.authorId,
        email: run.email,
        onlyNew: run.onlyNew,
        invalid: run.invalid,
        total: run.imos.length,
      },
      select: { id: true },
    });
    await db.vesselParseItem.createMany({
      data: run.imos.map((imo, i) => ({ runId: created.id, imo, position: i + 1 })),
    });
    return created.id;
  },

  run(id: number) {
    return db.vesselParseRun.findUnique({ where: { id } });
  },

  pendingItems(runId: number) {
    return db.vesselParseItem.findMany({
      where: { runId, status: "pending" },
      orderBy: { position: "asc" },
      select: { id: true, imo: true },
    });
  },

  /** Counts of a run's finished items (the run's columns are recomputed from them: a retried job counts nothing twice). */
  async counts(runId: number): Promise<TRunCounts> {
    const groups = await db.vesselParseItem.groupBy({
      by: ["status"],
      where: { runId },
      _count: { _all: true },
    });
    const of = (status: TParseItemStatus) => groups.find((g) => g.status === status)?._count._all ?? 0;
    const counts = {
      created: of("created"),
      updated: of("updated"),
      skipped: of("skipped"),
      failed: of("failed"),
    };
    return { ...counts, processed: counts.created + counts.updated + counts.skipped + counts.failed };
  },

  async setRun(
    runId: number,
    status: TParseRunStatus,
    counts: TRunCounts,
    extra: { error?: string | null; startedAt?: Date; finishedAt?: Date } = {},
  ): Promise<void> {
    await db.vesselParseRun.update({
      where: { id: runId },
      data: {
        status,
        processed: counts.processed,
        createdCount: counts.created,
        updatedCount: counts.updated,
        skippedCount: counts.skipped,
        failedCount: counts.failed,
        ...extra,
      },
    });
  },

  async finishItem(
    itemId: number,
    outcome: {
      status: TParseItemStatus;
      message: string | null;
      vesselId: number | null;
      vesselName: string | null;
    },
  ): Promise<void> {
    await db.vesselParseItem.update({ where: { id: itemId }, data: outcome });
  },

  /** Items left pending when a run stops for good: failed with the run's reason. */
  async failPending(runId: number, message: string): Promise<void> {
    await db.vesselParseItem.updateMany({
      where: { runId, status: "pending" },
      data: { status: "failed", message },
    });
  },
});

export type TVesselRegistryRepository = ReturnType<typeof vesselRegistryRepository>;
