import { z } from "zod";
import { defineResource } from "../resource.js";
import { NOTIFICATION_KINDS, ZNotificationSettingsChange } from "../notification-kinds.js";

const bool = z.enum(["true", "false"]).transform((v) => v === "true");

/** Body of mark_as_shown / mark_as_read: `{payload: id | [ids]}`. */
export const ZNotificationMark = z.strictObject({
  payload: z.union([
    z.coerce.number().int().positive().max(2_147_483_647),
    z.array(z.coerce.number().int().positive().max(2_147_483_647)).min(1).max(999),
  ]),
});

const read = { key: "notifications", action: "read" } as const;
const update = { key: "notifications", action: "update" } as const;

/** A staff member's notifications; everyone sees only their own. */
export const notifications = defineResource({
  type: "notifications",
  permission: "notifications",
  label: { one: "Notification", many: "Notifications" },
  titleAttribute: "primary_text",
  attributes: {
    author_avatar: { label: "Author avatar", kind: "image" },
    author_name: { label: "Author", kind: "text" },
    primary_text: { label: "Text", kind: "text", list: true },
    secondary_text: { label: "Details", kind: "text", list: true },
    item_link: { label: "Link", kind: "text" },
    /** mention | recruited_applicant | coordinated_plan (NOTIFICATION_KINDS), or null for a notice one cannot switch off. */
    kind: {
      label: "Kind",
      kind: "select",
      options: NOTIFICATION_KINDS.map((k) => ({ value: k, label: k.replace("_", " ") })),
    },
    shown: { label: "Shown", kind: "boolean", sortable: true },
    read: { label: "Read", kind: "boolean", sortable: true },
    created_at: { label: "Created", kind: "datetime", list: true, sortable: true },
  },
  filters: {
    current_user: { label: "Mine", kind: "boolean", input: bool },
    unread: { label: "Unread", kind: "boolean", input: bool },
  },
  defaultSort: "-created_at",
  verbs: ["list", "show", "delete"],
  history: false,
  // A new notification is pushed to its recipient alone (docs/live.md); nobody else hears of it.
  live: "recipients",
  actions: {
    /** GET /api/notifications/settings: `{settings: {mention, recruited_applicant, coordinated_plan}}`, one's own. */
    settings: {
      label: "Notification settings",
      method: "GET",
      on: "collection",
      path: "/notifications/settings",
      permission: null,
    },
    /** PATCH /api/notifications/settings: switch kinds on or off; answers the settings as saved. */
    update_settings: {
      label: "Change notification settings",
      method: "PATCH",
      on: "collection",
      path: "/notifications/settings",
      permission: null,
      input: ZNotificationSettingsChange,
    },
    /** Answer `{unread_count}` (spec 000 3.5). */
    notification_count: { label: "Unread count", method: "GET", on: "collection", permission: read },
    /** Answer `{not_shown_notifications}`. */
    notification_pop_up: { label: "Pop-up", method: "GET", on: "collection", permission: read },
    mark_as_shown: {
      label: "Mark shown",
      method: "POST",
      on: "collection",
      permission: update,
      input: ZNotificationMark,
    },
    mark_as_read: {
      label: "Mark read",
      method: "POST",
      on: "collection",
      permission: update,
      input: ZNotificationMark,
    },
    mark_all_shown: { label: "Mark all shown", method: "POST", on: "collection", permission: update },
    mark_all_read: { label: "Mark all read", method: "POST", on: "collection", permission: update },
    /** Clear all (path not shown in the spec). */
    clear_all: {
      label: "Clear all",
      method: "DELETE",
      on: "collection",
      path: "/notifications",
      permission: { key: "notifications", action: "delete" },
    },
  },
});
