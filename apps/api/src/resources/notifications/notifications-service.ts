import { ZNotificationMark, notifications, type TResourceObject } from "@crew/contracts";
import { parseAttributes } from "../../kernel/action-body.js";
import type { TDb } from "../../db/client.js";
import type { TActor } from "../../http/context.js";
import { requireAccess } from "../../kernel/access.js";
import { toResource } from "../../kernel/serialize.js";
import { notificationsHooks } from "./notifications-hooks.js";
import { notificationsRepository } from "./notifications-repository.js";

/** The pop-up shows at most this many new notifications at a time. */
const POP_UP_LIMIT = 20;

export const notificationsService = (db: TDb) => {
  const repo = notificationsRepository(db);
  const check = (actor: TActor, action: "read" | "update" | "delete") => requireAccess(actor, "notifications", action);
  return {
    async count(actor: TActor): Promise<{ unread_count: number }> {
      check(actor, "read");
      return { unread_count: await repo.unreadCount(actor.id) };
    },
    async popUp(actor: TActor): Promise<{ not_shown_notifications: TResourceObject[] }> {
      check(actor, "read");
      const rows = await repo.notShown(actor.id, POP_UP_LIMIT);
      const computed = notificationsHooks.computed;
      return { not_shown_notifications: rows.map((r) => toResource(notifications, r, computed ? { computed } : {})) };
    },
    async mark(actor: TActor, ids: number[] | "all", field: "shown" | "read"): Promise<{ updated: number }> {
      check(actor, "update");
      return { updated: await repo.mark(actor.id, ids, field) };
    },
    /** Body `{payload: id | [ids]}`; ids of other people's notifications are ignored. */
    async markSome(actor: TActor, body: unknown, field: "shown" | "read"): Promise<{ updated: number }> {
      check(actor, "update");
      const { payload } = parseAttributes(notifications, ZNotificationMark, body);
      return { updated: await repo.mark(actor.id, Array.isArray(payload) ? payload : [payload], field) };
    },
    async clearAll(actor: TActor): Promise<{ deleted: number }> {
      check(actor, "delete");
      return { deleted: await repo.clearAll(actor.id) };
    },
  };
};
