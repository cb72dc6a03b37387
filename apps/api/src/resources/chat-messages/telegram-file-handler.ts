import { createHash, randomUUID } from "node:crypto";
import { cleanFilename } from "../../storage/clean-filename.js";
import { detectType, isAccepted } from "../../storage/file-types.js";
import { handleJob } from "../../jobs/define-job.js";
import { botApi, telegramFileUrl } from "../../telegram/bot-client.js";
import { chatMessagesRepository } from "./chat-messages-repository.js";
import { telegramFileJob } from "./telegram-file-job.js";

/** The Bot API serves files up to 20 MB; the upload limit applies too. */
const TELEGRAM_FILE_MAX = 20 * 1024 * 1024;

/**
 * Downloads a photo or document a seafarer sent (getFile, then the file address) and saves it
 * as an attachment of the applicant, checked by content like every upload. Safe to run twice:
 * a message already saved is skipped, and the attachment and the message's link to it are
 * written in one transaction. A file of a kind uploads refuse is left in Telegram (logged).
 */
export const telegramFileHandler = handleJob(telegramFileJob, async ({ messageId }, ctx) => {
  const message = await ctx.repository(chatMessagesRepository).findMessage(messageId);
  if (!message || message.direction !== "in" || !message.fileId || message.attachmentId) return;
  const api = botApi(ctx.config);
  if (!api) return;
  const file = await api.getFile(message.fileId);
  if (!file.file_path) return;
  const max = Math.min(TELEGRAM_FILE_MAX, ctx.config.UPLOAD_MAX_BYTES);
  if ((file.file_size ?? 0) > max) {
    ctx.logger.warn(
      { messageId, size: file.file_size },
      "Telegram file larger than the upload limit; left in Telegram",
    );
    return;
  }
  const res = await fetch(telegramFileUrl(ctx.config, file.file_path), {
    signal: AbortSignal.timeout(60_000),
  });
  // The address holds the bot token: only the status is logged.
  if (!res.ok) throw new Error(`Telegram answered ${res.status} for a file`);
  const buffer = Buffer.from(await res.arrayBuffer());
  if (buffer.length > max) {
    ctx.logger.warn(
      { messageId, size: buffer.length },
      "Telegram file larger than the upload limit; left in Telegram",
    );
    return;
  }
  const fallback =
    message.fileKind === "photo" ? `telegram-photo-${messageId}.jpg` : `telegram-file-${messageId}`;
  const filename = cleanFilename(
    message.fileName && message.fileName !== "photo.jpg" ? message.fileName : fallback,
  );
  const contentType = await detectType(buffer, filename);
  if (!contentType || !isAccepted("applicantFile", contentType)) {
    ctx.logger.warn({ messageId, contentType }, "Telegram file of a kind uploads refuse; left in Telegram");
    return;
  }
  const now = new Date();
  const key = `attachments/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}`;
  await ctx.storage.put(key, buffer, { contentType });
  const title =
    message.fileKind === "photo"
      ? `Photo from Telegram, ${now.toISOString().slice(0, 10)}${message.body ? `: ${message.body.slice(0, 200)}` : ""}`
      : `${filename} (from Telegram)`;
  await ctx.write(null, (tx) =>
    chatMessagesRepository(tx).saveAttachment(messageId, message.userId, title.slice(0, 255), {
      key,
      filename,
      contentType,
      byteSize: buffer.length,
      checksum: createHash("sha256").update(buffer).digest("base64"),
    }),
  );
});
