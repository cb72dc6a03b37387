import type { TResourceHooks } from "../../kernel/resource-service.js";
import type { TRow } from "../../kernel/store.js";

const author = (row: TRow): { name?: unknown; avatar?: unknown } | null =>
  typeof row.author === "object" && row.author !== null ? (row.author) : null;

/** Everyone sees and clears only their own notifications, whatever the filter says. */
export const notificationsHooks: TResourceHooks = {
  scope: (actor) => ({ recipientId: actor.id }),
  filters: {
    current_user: () => ({}),
    unread: (value) => (value === true ? { read: false } : {}),
  },
  include: { author: true },
  computed: (row) => ({ author_avatar: author(row)?.avatar ?? null, author_name: author(row)?.name ?? null }),
};
