import { z } from "zod";
import { defineResource } from "../resource.js";

const bool = z.enum(["true", "false"]).transform((v) => v === "true");

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
});

/** Body of mark_as_shown / mark_as_read: `{payload: id | [ids]}`. */
export const ZNotificationMark = z.strictObject({
  payload: z.union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive()).min(1).max(999)]),
});
