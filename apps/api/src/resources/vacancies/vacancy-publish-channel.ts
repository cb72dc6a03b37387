import type { TConfig } from "../../config.js";
import { AppError } from "../../errors/app-error.js";
import { botApi } from "../../telegram/bot-client.js";
import { postToChannel, takeOffChannel } from "./vacancy-channel.js";
import type { vacanciesRepository } from "./vacancies-repository.js";

type TRepo = ReturnType<typeof vacanciesRepository>;

/**
 * `republish` with source `telegram` (docs/vacancies.md "Telegram channel"): posts the vacancy
 * to the company channel first, then records it published there with the post, in one
 * transaction. A republish posts it anew (on top of the channel) and takes the previous post
 * off. Telegram refusing or unreachable is a 409 and nothing is written; a write that fails
 * after the post takes the new post off again.
 */
export const publishToChannel = async (
  config: TConfig,
  repo: TRepo,
  vacancyId: number,
  sources: string[],
  transaction: <T>(fn: (repo: TRepo) => Promise<T>) => Promise<T>,
): Promise<void> => {
  const api = botApi(config);
  if (!api) throw AppError.conflict("No Telegram bot is configured on this server (TELEGRAM_BOT_TOKEN).");
  if (!config.TELEGRAM_CHANNEL_ID)
    throw AppError.conflict("No Telegram channel is configured on this server (TELEGRAM_CHANNEL_ID).");
  // The post shows the vacancy as it will be: published, on these sources.
  const before = await repo.channel.vacancy(vacancyId);
  if (!before) throw AppError.notFound();
  const post = await postToChannel(api, config, { ...before, published: true, sources });
  if (!post.ok) throw AppError.conflict(`The vacancy was not posted to Telegram: ${post.error}.`);
  try {
    await transaction(async (tx) => {
      await tx.publish(vacancyId, sources, new Date());
      await tx.channel.setPost(vacancyId, post.chatId, post.messageId);
    });
  } catch (error) {
    await takeOffChannel(api, post.chatId, post.messageId, before.rank.title);
    throw error;
  }
  if (before.telegramMessageId !== null)
    await takeOffChannel(
      api,
      before.telegramChatId ?? post.chatId,
      before.telegramMessageId,
      before.rank.title,
    );
};
