import type { TTx } from "../../db/client.js";

/** The links between vessels, owners, managers and crew users: what a write must check first. */
export const fleetLinksRepository = (db: TTx) => ({
  ownerLinkOf(vesselId: number) {
    return db.ownerVessel.findUnique({ where: { vesselId }, select: { id: true } });
  },
  managerLinkOf(vesselId: number) {
    return db.managerVessel.findUnique({ where: { vesselId }, select: { id: true } });
  },
  vesselAssignment(vesselId: number, clientId: number) {
    return db.assignVessel.findUnique({
      where: { vesselId_clientId: { vesselId, clientId } },
      select: { id: true },
    });
  },
  ownerAssignment(ownerId: number, clientId: number) {
    return db.assignOwner.findUnique({
      where: { ownerId_clientId: { ownerId, clientId } },
      select: { id: true },
    });
  },
  async assignOwner(ownerId: number, clientId: number): Promise<void> {
    await db.assignOwner.create({ data: { ownerId, clientId } });
  },
  inspectorsAmong(ownerId: number, clientIds: readonly number[]) {
    return db.ownerInspector.findMany({
      where: { ownerId, clientId: { in: [...clientIds] } },
      select: { clientId: true },
    });
  },
});

export type TFleetLinksRepository = ReturnType<typeof fleetLinksRepository>;
