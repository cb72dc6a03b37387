import { z } from "zod";
import { defineResource } from "../resource.js";
import { ZRecordId } from "./applicant-fields.js";
import { createdAt, updatedAt } from "./fields.js";

/**
 * The Telegram chat with an applicant (issue 19; docs/outside-channels.md). Every message both
 * ways is stored by us (the Bot API cannot fetch history); staff read it under the applicant
 * and send with the spec's messenger bot call (spec 001 §3 "Chat message": to, body, author_id).
 */
export const CHAT_DIRECTIONS = ["in", "out"] as const;
/** out: queued → sent or failed; in: received. */
export const CHAT_STATUSES = ["queued", "sent", "failed", "received"] as const;
/** Longest text of one message (Telegram's own limit). */
export const CHAT_BODY_MAX = 4096;
/** How long a deep-link token stays usable. */
export const TELEGRAM_LINK_TTL_MS = 7 * 86_400_000;
export const CHAT_NOTICES = {
  sent: "The message is on its way",
  broadcast: "The broadcast is on its way",
  linked: "The link is ready: send it to the seafarer",
} as const;

/** POST /api/chat_messages (the spec's messenger bot endpoint): to (the applicant id), body, author_id (ignored: the signed-in account). */
export const ZChatSend = z.strictObject({
  to: ZRecordId,
  body: z
    .string()
    .trim()
    .min(1, "can't be blank")
    .max(CHAT_BODY_MAX, `is too long (maximum is ${CHAT_BODY_MAX} characters)`),
  author_id: ZRecordId.optional(),
});

/** Background task kind of a broadcast (its progress row). */
export const CHAT_BROADCAST_KIND = "chat_messages.broadcast";

/**
 * POST /api/chat_messages/broadcast: one message to every seafarer of a tag who linked Telegram.
 * Without `confirm` nothing is sent: the answer counts who would receive it. With `confirm` (the
 * count the sender was shown) it is queued; a count that no longer holds is a 409.
 */
export const ZChatBroadcast = z.strictObject({
  tag_id: ZRecordId,
  body: ZChatSend.shape.body,
  confirm: z.number().int().min(1).optional(),
});
export type TChatBroadcast = z.infer<typeof ZChatBroadcast>;

/** GET /api/chat_messages/broadcast_count?tag_id=: the count alone, before any message is written. */
export const ZChatBroadcastCountQuery = z.strictObject({ tag_id: ZRecordId });

/**
 * A broadcast's task while it runs and after: `result` counts the messages sent and failed so
 * far (each settled message adds one), and at the end also those still queued (none, normally).
 */
export const ZChatBroadcastResult = z.object({
  sent: z.number().int().catch(0),
  failed: z.number().int().catch(0),
  queued: z.number().int().optional(),
});
export type TChatBroadcastResult = z.infer<typeof ZChatBroadcastResult>;

/** The broadcast's count (no `confirm`): applicants in the tag the sender reads, and those of them on Telegram. */
export interface TChatBroadcastCount {
  tag_id: number;
  tag: string;
  seafarers: number;
  linked: number;
}

/** POST /api/chat_messages/link: a one-time deep link for the applicant `user_id`. */
export const ZChatLink = z.strictObject({ user_id: ZRecordId });

export const chatMessages = defineResource({
  type: "chat_messages",
  permission: "tgChat",
  label: { one: "Chat message", many: "Chat messages" },
  titleAttribute: "body",
  attributes: {
    body: { label: "Message", kind: "textarea", list: true },
    direction: {
      label: "Direction",
      kind: "select",
      list: true,
      options: CHAT_DIRECTIONS.map((d) => ({
        value: d,
        label: d === "in" ? "From the seafarer" : "To the seafarer",
      })),
    },
    status: {
      label: "Status",
      kind: "select",
      list: true,
      options: CHAT_STATUSES.map((s) => ({ value: s, label: s })),
    },
    /** Why a send failed ("The seafarer blocked the bot"). */
    error: { label: "Error", kind: "text" },
    /** The staff member's name; null for the bot's own answers and inbound messages. */
    author_name: { label: "Author", kind: "text" },
    /** A photo or document the seafarer sent: 'photo' or 'document' (its file is kept in Telegram). */
    file_kind: { label: "File", kind: "text" },
    file_name: { label: "File name", kind: "text" },
    sent_at: { label: "Sent", kind: "datetime" },
    created_at: createdAt,
    updated_at: updatedAt,
  },
  relationships: {
    user: { label: "Seafarer", type: "users", cardinality: "one", readOnly: true },
    author: { label: "Author", type: "clients", cardinality: "one", readOnly: true },
  },
  parents: [{ type: "users", relationship: "user", path: "chat_messages", tab: "chat" }],
  filters: {
    direction: { label: "Direction", kind: "select", input: z.enum(CHAT_DIRECTIONS) },
  },
  defaultSort: "-created_at",
  verbs: ["list", "show"],
  live: true,
  actions: {
    /** POST /api/chat_messages: queue a message to the applicant's Telegram (the spec's messenger bot endpoint). */
    send: {
      label: "Send",
      method: "POST",
      on: "collection",
      path: "/chat_messages",
      permission: { key: "tgChat", action: "create" },
      input: ZChatSend,
    },
    /** POST /api/chat_messages/link: a one-time deep link (t.me/<bot>?start=<token>) that links the seafarer's Telegram. */
    link: {
      label: "Telegram link",
      method: "POST",
      on: "collection",
      permission: { key: "tgChat", action: "create" },
      input: ZChatLink,
    },
    /**
     * POST /api/chat_messages/broadcast: count first (no `confirm`), then queue one message per
     * linked seafarer of the tag; progress on the background task the answer names.
     */
    broadcast: {
      label: "Send to a tag",
      method: "POST",
      on: "collection",
      permission: { key: "tgChat", action: "create" },
      input: ZChatBroadcast,
    },
    /**
     * GET /api/chat_messages/broadcast_count?tag_id=: what the broadcast's first call answers,
     * without a message: the count a dialog shows as soon as a tag is picked. Reads only.
     */
    broadcast_count: {
      label: "Count a tag's Telegram audience",
      method: "GET",
      on: "collection",
      permission: { key: "tgChat", action: "create" },
      input: ZChatBroadcastCountQuery,
    },
    /** GET /api/chat_messages/status: whether a bot is configured, and its name. */
    status: {
      label: "Bot status",
      method: "GET",
      on: "collection",
      permission: { key: "tgChat", action: "read" },
    },
  },
});
