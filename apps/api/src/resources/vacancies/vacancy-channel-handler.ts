import { handleJob } from "../../jobs/define-job.js";
import type { TJobContext } from "../../jobs/types.js";
import { botApi } from "../../telegram/bot-client.js";
import { takeOffChannel } from "./vacancy-channel.js";
import { vacancyChannelSweepJob } from "./vacancy-channel-job.js";
import { vacancyChannelRepository } from "./vacancy-channel-repository.js";

/** Posts taken off per run; the rest wait for the next minute (Telegram's pace: ~1 a second per channel). */
const BATCH = 50;

type TSweepCtx = Pick<TJobContext, "config" | "repository" | "write">;

/**
 * Deletes (or marks closed) every stray post and forgets it. A failure Telegram will not change
 * its mind on (the bot removed from the channel) forgets the post too, so the sweep does not
 * retry it every minute; an unreachable Telegram leaves it for the next run. Answers how many
 * posts were handled.
 */
export const sweepChannel = async (ctx: TSweepCtx): Promise<{ handled: number; failed: string[] }> => {
  const api = botApi(ctx.config);
  if (!api) return { handled: 0, failed: [] };
  const repo = ctx.repository(vacancyChannelRepository);
  const failed: string[] = [];
  let handled = 0;
  for (const post of await repo.strayPosts(BATCH)) {
    if (post.telegramMessageId === null) continue;
    const chatId = post.telegramChatId ?? ctx.config.TELEGRAM_CHANNEL_ID;
    const result = chatId
      ? await takeOffChannel(api, chatId, post.telegramMessageId, post.rank.title)
      : ("gone" as const);
    if (typeof result === "object" && !result.final) {
      failed.push(`V-${post.id}: ${result.error}`);
      continue;
    }
    if (typeof result === "object") failed.push(`V-${post.id}: ${result.error}`);
    const messageId = post.telegramMessageId;
    await ctx.write(null, (tx) => vacancyChannelRepository(tx).clearPost(post.id, messageId));
    handled += 1;
  }
  return { handled, failed };
};

export const vacancyChannelSweepHandler = handleJob(vacancyChannelSweepJob, async (payload, ctx) => {
  const api = botApi(ctx.config);
  const failed: string[] = [];
  // A deleted vacancy's post: no row left for the sweep to find it by.
  if (api && payload.post) {
    const { chatId, messageId, title } = payload.post;
    const result = await takeOffChannel(api, chatId, messageId, title);
    if (typeof result === "object" && !result.final) throw new Error(result.error);
    if (typeof result === "object") failed.push(`message ${messageId}: ${result.error}`);
  }
  failed.push(...(await sweepChannel(ctx)).failed);
  if (failed.length)
    ctx.logger.warn({ failed }, "Some vacancy posts could not be taken off the Telegram channel");
});
