import type { TTx } from "../../db/client.js";
import { deleteSessionsOfClient } from "../../auth/session-repository.js";

export interface TCrewUserChange {
  status?: string;
  hiddenTags?: string[];
  shownTags?: string[];
  newSeafarerTags?: string[];
  name?: string;
  avatar?: string | null;
  equasisEmail?: string | null;
  /** Sealed (equasis-secret.ts), never the plain password. */
  equasisPassword?: string | null;
  passwordHash?: string;
}

export const crewUsersRepository = (db: TTx) => ({
  findById(id: number) {
    return db.client.findUnique({ where: { id } });
  },
  roleOf(id: number) {
    return db.client.findUnique({ where: { id }, select: { role: true } });
  },
  update(id: number, data: TCrewUserChange) {
    return db.client.update({ where: { id }, data });
  },
  /** Vessels among `vesselIds` this account coordinates already. */
  coordinatedAmong(clientId: number, vesselIds: readonly number[]) {
    return db.vessel.findMany({
      where: { coordinatorId: clientId, id: { in: [...vesselIds] } },
      select: { id: true },
    });
  },
  /** Owners among `ownerIds` this account inspects already. */
  inspectedAmong(clientId: number, ownerIds: readonly number[]) {
    return db.ownerInspector.findMany({
      where: { clientId, ownerId: { in: [...ownerIds] } },
      select: { ownerId: true },
    });
  },
  /** Ends every session of an account (deactivation). */
  async endSessions(clientId: number): Promise<void> {
    await deleteSessionsOfClient(db, clientId);
  },
});
