import { canOpenLink, type TPermissionMap } from "@crew/contracts";
import type { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";
import { buildPermissionMap } from "../../permissions/permission-map.js";
import { permissionRepository } from "../../permissions/permission-repository.js";

export type TNotice = Prisma.NotificationCreateManyInput;

/**
 * Where every notification is written: a notice whose link its recipient may not open (a
 * partner sent to an applicant's documents, which answer 404 for them) is not sent at all,
 * with each recipient's permissions as their sessions would have them (role and own overrides).
 */
export const notificationOutbox = (db: TTx) => ({
  async send(notices: readonly TNotice[]): Promise<number> {
    if (!notices.length) return 0;
    const clients = await db.client.findMany({
      where: { id: { in: [...new Set(notices.map((n) => n.recipientId))] } },
      select: { id: true, role: true },
    });
    const maps = new Map<number, TPermissionMap>();
    for (const c of clients)
      maps.set(c.id, buildPermissionMap(await permissionRepository(db).forRoleAndClient(c.role, c.id)));
    const sendable = notices.filter((n) => {
      const map = maps.get(n.recipientId);
      return map !== undefined && canOpenLink(map, n.itemLink ?? "/");
    });
    if (sendable.length) await db.notification.createMany({ data: [...sendable] });
    return sendable.length;
  },
});
