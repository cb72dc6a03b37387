import { handleJob } from "../../jobs/define-job.js";
import { botApi, sendText } from "../../telegram/bot-client.js";
import { redisPace } from "../../telegram/telegram-pace.js";
import { chatMessagesRepository } from "./chat-messages-repository.js";
import { telegramSendJob } from "./telegram-send-job.js";

/**
 * Sends a queued message at Telegram's pace (bot-client.ts): sent with its Telegram id, or
 * failed with a reason staff can read. A blocked bot or a deleted account fails at once and is
 * not retried; an unreachable Telegram is retried by the job and fails on the last attempt.
 * Safe to run twice: only a message still queued is sent.
 */
export const telegramSendHandler = handleJob(telegramSendJob, async ({ messageId }, ctx) => {
  const message = await ctx.repository(chatMessagesRepository).findMessage(messageId);
  if (!message || message.status !== "queued" || message.direction !== "out") return;
  const fail = (error: string) =>
    ctx.write(null, async (tx) => {
      const repo = chatMessagesRepository(tx);
      await repo.updateMessage(messageId, { status: "failed", error, attempts: { increment: 1 } });
      await repo.refreshApplicant(message.userId);
      if (message.broadcastId !== null) await repo.settleBroadcastMessage(message.broadcastId, "failed");
    });
  const api = botApi(ctx.config);
  if (!api) return void (await fail("No Telegram bot is configured (TELEGRAM_BOT_TOKEN)"));
  if (!message.telegramChatId) return void (await fail("The seafarer has not linked Telegram"));
  // With Redis, every worker process of the bot keeps one pace (and one hold-off after a 429).
  const pace =
    ctx.redis && ctx.config.TELEGRAM_BOT_TOKEN
      ? redisPace(ctx.redis, ctx.config.TELEGRAM_BOT_TOKEN)
      : undefined;
  const result = await sendText(api, message.telegramChatId, message.body, pace);
  if (result.ok) {
    await ctx.write(null, async (tx) => {
      const repo = chatMessagesRepository(tx);
      await repo.updateMessage(messageId, {
        status: "sent",
        error: null,
        telegramMessageId: result.messageId,
        sentAt: new Date(),
        attempts: { increment: 1 },
      });
      if (message.broadcastId !== null) await repo.settleBroadcastMessage(message.broadcastId, "sent");
    });
    return;
  }
  if (result.final || ctx.lastAttempt) return void (await fail(result.error));
  ctx.logger.warn({ messageId, reason: result.error }, "Telegram send failed; retrying");
  throw new Error(result.error);
});
