import type { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";

/** A staff member's own notifications; every method is scoped to the recipient. */
export const notificationsRepository = (db: TTx) => ({
  unreadCount(recipientId: number): Promise<number> {
    return db.notification.count({ where: { recipientId, read: false } });
  },
  notShown(recipientId: number, limit: number) {
    return db.notification.findMany({
      where: { recipientId, shown: false },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      include: { author: true },
    });
  },
  async mark(recipientId: number, ids: number[] | "all", field: "shown" | "read"): Promise<number> {
    const data = field === "read" ? { read: true, shown: true } : { shown: true };
    const { count } = await db.notification.updateMany({
      where: { recipientId, ...(ids === "all" ? {} : { id: { in: ids } }) },
      data,
    });
    return count;
  },
  /** The stored notification settings of one person (clients.notification_settings). */
  async settings(clientId: number): Promise<unknown> {
    const row = await db.client.findUnique({
      where: { id: clientId },
      select: { notificationSettings: true },
    });
    return row?.notificationSettings ?? {};
  },
  async saveSettings(clientId: number, settings: Prisma.InputJsonObject): Promise<unknown> {
    const row = await db.client.update({
      where: { id: clientId },
      data: { notificationSettings: settings },
      select: { notificationSettings: true },
    });
    return row.notificationSettings;
  },
  async clearAll(recipientId: number): Promise<number> {
    const { count } = await db.notification.deleteMany({ where: { recipientId } });
    return count;
  },
});
