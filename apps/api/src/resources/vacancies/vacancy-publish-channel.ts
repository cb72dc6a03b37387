import type { TConfig } from "../../config.js";
import { AppError } from "../../errors/app-error.js";
import { botApi } from "../../telegram/bot-client.js";
import { postToChannel, takeOffChannel } from "./vacancy-channel.js";
import type { vacanciesRepository } from "./vacancies-repository.js";

type TRepo = ReturnType<typeof vacanciesRepository>;

/** How the post's record is written: in a transaction of its own (republish), or the write's own (an edit). */
export interface TChannelWrite {
  transaction: <T>(fn: (repo: TRepo) => Promise<T>) => Promise<T>;
  /** Stamp the vacancy published on these sources now (republish); an edit has written them itself. */
  stamp: boolean;
  /** Runs once the record is committed (the previous post's take-down); default: at once. */
  afterCommit?: (fn: () => Promise<unknown>) => void;
}

/**
 * The one way a vacancy gets onto the company's Telegram channel (docs/vacancies.md "Telegram
 * channel"): `republish` with source `telegram`, and an edit (or a create) that leaves it
 * published with `telegram` among its sources when it was not before. Posts the vacancy first,
 * then records the post (and, for republish, the vacancy published there) in the transaction.
 * A republish posts it anew (on top of the channel) and takes the previous post off. Telegram
 * refusing or unreachable is a 409 and nothing is written; a write that fails after the post
 * takes the new post off again.
 */
export const publishToChannel = async (
  config: TConfig,
  repo: TRepo,
  vacancyId: number,
  sources: string[],
  write: TChannelWrite,
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
    await write.transaction(async (tx) => {
      if (write.stamp) await tx.publish(vacancyId, sources, new Date());
      await tx.channel.setPost(vacancyId, post.chatId, post.messageId);
    });
  } catch (error) {
    await takeOffChannel(api, post.chatId, post.messageId, before.rank.title);
    throw error;
  }
  const previous = before.telegramMessageId;
  if (previous === null) return;
  const takeOff = () =>
    takeOffChannel(api, before.telegramChatId ?? post.chatId, previous, before.rank.title);
  if (write.afterCommit) write.afterCommit(takeOff);
  else await takeOff();
};
