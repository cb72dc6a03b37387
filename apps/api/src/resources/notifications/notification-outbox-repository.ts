import { canOpenLink, wantsNotification, type TNotificationKind, type TPermissionMap } from "@crew/contracts";
import type { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";
import { publishAfterCommit } from "../../kernel/transaction-repository.js";
import { buildPermissionMap } from "../../permissions/permission-map.js";
import { permissionRepository } from "../../permissions/permission-repository.js";

/**
 * One notice to one person. `kind` names what a person may switch off in the profile
 * (NOTIFICATION_KINDS: a mention, a comment on a seafarer they recruit, on a plan of a vessel
 * they coordinate); without it the notice is always sent (a document about to expire).
 */
export type TNotice = Omit<Prisma.NotificationCreateManyInput, "kind"> & { kind?: TNotificationKind | null };

/**
 * The one place notifications are created (comments, mentions and the document-expiry job call
 * it). A notice is not sent
 * - to its own author (no one is told of their own comment),
 * - of a kind its recipient switched off (`clients.notification_settings`),
 * - with a link its recipient may not open (a partner sent to an applicant's documents, which
 *   answer 404 for them), with each recipient's permissions as their sessions would have them.
 * What is sent is pushed to each recipient alone over the live stream once the caller's
 * transaction commits (docs/live.md), so their badge and pop-up show it without a reload.
 */
export const notificationOutbox = (db: TTx) => ({
  async send(notices: readonly TNotice[]): Promise<number> {
    const addressed = notices.filter((n) => n.authorId == null || n.authorId !== n.recipientId);
    if (!addressed.length) return 0;
    const clients = await db.client.findMany({
      where: { id: { in: [...new Set(addressed.map((n) => n.recipientId))] } },
      select: { id: true, role: true, notificationSettings: true },
    });
    const maps = new Map<number, TPermissionMap>();
    const settings = new Map<number, unknown>();
    for (const c of clients) {
      maps.set(c.id, buildPermissionMap(await permissionRepository(db).forRoleAndClient(c.role, c.id)));
      settings.set(c.id, c.notificationSettings);
    }
    const sendable = addressed.filter((n) => {
      const map = maps.get(n.recipientId);
      return (
        map !== undefined &&
        wantsNotification(settings.get(n.recipientId), n.kind) &&
        canOpenLink(map, n.itemLink ?? "/")
      );
    });
    if (!sendable.length) return 0;
    const created = await db.notification.createManyAndReturn({
      data: [...sendable],
      select: { id: true, recipientId: true },
    });
    const byRecipient = new Map<number, number[]>();
    for (const n of created)
      byRecipient.set(n.recipientId, [...(byRecipient.get(n.recipientId) ?? []), n.id]);
    const at = new Date().toISOString();
    for (const [recipientId, ids] of byRecipient) {
      const actorId = sendable.find((n) => n.recipientId === recipientId)?.authorId ?? null;
      publishAfterCommit(db, { type: "notifications", ids, event: "create", actorId, at, to: [recipientId] });
    }
    return created.length;
  },
});
