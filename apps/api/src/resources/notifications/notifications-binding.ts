import { notifications, notificationSettingsOf } from "@crew/contracts";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { notificationsRepository } from "./notifications-repository.js";

/** The pop-up shows at most this many new notifications at a time. */
const POP_UP_LIMIT = 20;

const author = (row: Record<string, unknown>): { name?: unknown; avatar?: unknown } | null =>
  typeof row.author === "object" && row.author !== null ? row.author : null;

/** Everyone sees and clears only their own notifications, whatever the filter says. */
export const notificationsBinding: TResourceEntry = bindResource(
  notifications,
  "Notification",
  notificationsRepository,
)({
  scope: (actor) => ({ recipientId: actor.id }),
  filters: {
    current_user: () => ({}),
    unread: (value) => (value === true ? { read: false } : {}),
  },
  include: { author: true },
  computed: {
    author_avatar: (row) => author(row)?.avatar ?? null,
    author_name: (row) => author(row)?.name ?? null,
  },
  actions: {
    async settings(ctx) {
      return { document: { settings: notificationSettingsOf(await ctx.repo.settings(ctx.actor.id)) } };
    },
    /** Only the kinds named change; the answer is the whole set as saved. */
    async update_settings(ctx) {
      const saved = await ctx.transaction(async (repo) => {
        const merged = { ...notificationSettingsOf(await repo.settings(ctx.actor.id)), ...ctx.input };
        return repo.saveSettings(ctx.actor.id, merged);
      });
      return { document: { settings: notificationSettingsOf(saved) } };
    },
    async notification_count(ctx) {
      return { document: { unread_count: await ctx.repo.unreadCount(ctx.actor.id) } };
    },
    async notification_pop_up(ctx) {
      const rows = await ctx.repo.notShown(ctx.actor.id, POP_UP_LIMIT);
      return { document: { not_shown_notifications: rows.map((r) => ctx.serialize(r)) } };
    },
    /** `{payload: id | [ids]}`; ids of other people's notifications are ignored. */
    async mark_as_shown(ctx) {
      const { payload } = ctx.input;
      const updated = await ctx.transaction((repo) =>
        repo.mark(ctx.actor.id, Array.isArray(payload) ? payload : [payload], "shown"),
      );
      return { document: { meta: { updated } } };
    },
    async mark_as_read(ctx) {
      const { payload } = ctx.input;
      const updated = await ctx.transaction((repo) =>
        repo.mark(ctx.actor.id, Array.isArray(payload) ? payload : [payload], "read"),
      );
      return { document: { meta: { updated } } };
    },
    async mark_all_shown(ctx) {
      return {
        document: {
          meta: { updated: await ctx.transaction((repo) => repo.mark(ctx.actor.id, "all", "shown")) },
        },
      };
    },
    async mark_all_read(ctx) {
      return {
        document: {
          meta: { updated: await ctx.transaction((repo) => repo.mark(ctx.actor.id, "all", "read")) },
        },
      };
    },
    async clear_all(ctx) {
      await ctx.transaction((repo) => repo.clearAll(ctx.actor.id));
      return undefined;
    },
  },
});
