import { createHash } from "node:crypto";
import type { Update } from "grammy/types";
import type { TDeps } from "../deps.js";
import { runInTransaction } from "../kernel/transaction-repository.js";
import { chatMessagesRepository } from "../resources/chat-messages/chat-messages-repository.js";
import { telegramFileJob } from "../resources/chat-messages/telegram-file-job.js";
import { telegramSendJob } from "../resources/chat-messages/telegram-send-job.js";
import { botApi, sendText } from "./bot-client.js";

export type TTelegramDeps = Pick<TDeps, "db" | "bus" | "jobs" | "config" | "logger">;

/** Link tokens are kept as their SHA-256 only. */
export const hashLinkToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The bot's own words start with 🤖, so the chat shows them apart from staff's (and the demo seafarer does not answer them). */
export const BOT_TEXT = {
  linked: (name: string) =>
    `🤖 Hello ${name}! Your Telegram is now linked to your record at our crewing office. Write here any time: a recruiter reads every message.`,
  badLink: "🤖 This link has expired or was already used. Please ask your recruiter for a new one.",
  unknown:
    "🤖 Hello! We do not know this Telegram account yet. Please open the link your recruiter sent you, or write to the office by email; a colleague has been told you wrote.",
} as const;

const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * Handles one Bot API update, once (its update_id is recorded in the same transaction as what
 * it writes, so a redelivered update changes nothing). A private message from:
 * - `/start <token>`: links the Telegram account to the token's applicant (one-time token);
 * - a linked seafarer: stored as an inbound message (text, or a photo or document with its
 *   caption), the applicant's need_reaction set, their recruiters notified live;
 * - anyone else: a polite answer, and the admins are told someone unknown wrote.
 * Everything else (groups, edits, channel posts) is recorded as handled and ignored.
 */
export const handleTelegramUpdate = async (deps: TTelegramDeps, update: Update): Promise<void> => {
  const queued: number[] = [];
  const files: number[] = [];
  const out: { reply: { chatId: string; text: string } | null } = { reply: null };
  await runInTransaction(
    deps.db,
    null,
    async (tx) => {
      const repo = chatMessagesRepository(tx);
      if (!(await repo.markUpdate(update.update_id))) return;
      const message = update.message;
      if (!message?.from || message.chat.type !== "private" || message.from.is_bot) return;
      const telegramId = String(message.from.id);
      const chatId = String(message.chat.id);
      const text = (message.text ?? message.caption ?? "").slice(0, 4096);

      const start = /^\/start(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/.exec(text.trim());
      if (start) {
        const token = start[1] ? await repo.useLinkToken(hashLinkToken(start[1])) : null;
        if (!token) {
          const known = await repo.userByTelegram(telegramId);
          if (!known) out.reply = { chatId, text: BOT_TEXT.badLink };
          return;
        }
        const user = await repo.linkTelegram(token.userId, telegramId);
        const answer = await repo.createMessage(
          {
            userId: user.id,
            direction: "out",
            body: BOT_TEXT.linked(user.name),
            status: "queued",
            telegramChatId: chatId,
          },
          null,
        );
        queued.push(answer.id);
        return;
      }

      const user = await repo.userByTelegram(telegramId);
      if (!user) {
        out.reply = { chatId, text: BOT_TEXT.unknown };
        const who = [message.from.first_name, message.from.last_name].filter(Boolean).join(" ");
        const handle = message.from.username ? ` (@${message.from.username})` : "";
        await repo.notify(
          (await repo.admins()).map((recipientId) => ({
            recipientId,
            authorId: null,
            primaryText: `Someone unknown wrote to the Telegram bot: ${who}${handle}`,
            secondaryText: excerpt(text || "(no text)"),
            itemLink: "/users",
          })),
        );
        return;
      }
      const photo = message.photo?.at(-1);
      const document = message.document;
      const row = await repo.createMessage(
        {
          userId: user.id,
          direction: "in",
          body: text,
          status: "received",
          telegramChatId: chatId,
          telegramMessageId: message.message_id,
          fileKind: photo ? "photo" : document ? "document" : null,
          fileId: photo?.file_id ?? document?.file_id ?? null,
          fileName: document?.file_name ?? (photo ? "photo.jpg" : null),
        },
        null,
      );
      if (row.fileId) files.push(row.id);
      await repo.refreshApplicant(user.id);
      const name = [user.surname, user.name].filter(Boolean).join(" ");
      await repo.notify(
        (await repo.listeners(user.id)).map((recipientId) => ({
          recipientId,
          authorId: null,
          kind: "recruited_applicant" as const,
          primaryText: `${name} wrote on Telegram`,
          secondaryText: excerpt(text || (row.fileKind === "photo" ? "(a photo)" : "(a document)")),
          itemLink: `/users/${user.id}/chat`,
        })),
      );
    },
    deps.bus,
  );
  for (const messageId of queued) await deps.jobs.enqueue(telegramSendJob, { messageId });
  // After the commit: the job downloads the file into the applicant's attachments.
  for (const messageId of files) await deps.jobs.enqueue(telegramFileJob, { messageId });
  const answer = out.reply;
  if (answer) {
    const api = botApi(deps.config);
    if (api) {
      const sent = await sendText(api, answer.chatId, answer.text);
      if (!sent.ok)
        deps.logger.warn({ reason: sent.error }, "Telegram: the answer to an unknown writer failed");
    }
  }
};
