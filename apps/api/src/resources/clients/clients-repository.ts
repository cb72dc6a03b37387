import type { TDb } from "../../db/client.js";
import { deleteSessionsOfClient } from "../../auth/session-repository.js";

export const clientsRepository = (db: TDb) => ({
  findById(id: number) {
    return db.client.findUnique({ where: { id } });
  },
  update(id: number, data: { status?: string; hiddenTags?: string[]; shownTags?: string[]; newSeafarerTags?: string[]; name?: string; avatar?: string | null; equasisEmail?: string | null; passwordHash?: string }) {
    return db.client.update({ where: { id }, data });
  },
  /** Ends every session of an account (deactivation). */
  async endSessions(clientId: number): Promise<void> {
    await deleteSessionsOfClient(db, clientId);
  },
});
