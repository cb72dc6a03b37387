import type { TTx } from "../../db/client.js";
import { vesselRegistryRepository } from "./vessel-registry-repository.js";

/** What the vessels binding needs beyond the generic engine: the registry, and a partner's owners. */
export const vesselsRepository = (db: TTx) => ({
  ...vesselRegistryRepository(db),

  /** Owners a partner account is linked to (assign_owners). */
  async ownerIdsOf(clientId: number): Promise<number[]> {
    const rows = await db.assignOwner.findMany({
      where: { clientId },
      select: { ownerId: true },
      orderBy: { ownerId: "asc" },
    });
    return rows.map((r) => r.ownerId);
  },

  async linkOwner(vesselId: number, ownerId: number): Promise<void> {
    await db.ownerVessel.upsert({ where: { vesselId }, create: { vesselId, ownerId }, update: { ownerId } });
  },
});

export type TVesselsRepository = ReturnType<typeof vesselsRepository>;
