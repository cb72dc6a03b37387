import { handleJob } from "../../jobs/define-job.js";
import { backgroundTasksRepository } from "../background-tasks/background-tasks-repository.js";
import { chatMessagesRepository } from "./chat-messages-repository.js";
import { telegramBroadcastJob } from "./telegram-broadcast-job.js";
import { telegramSendJob } from "./telegram-send-job.js";

/**
 * Fans a broadcast out: its task runs, and each message still queued gets its telegram-send job
 * (which settles the task's progress). Safe to run twice: a message sent meanwhile is no longer
 * queued, and telegram-send sends only a queued message.
 */
export const telegramBroadcastHandler = handleJob(telegramBroadcastJob, async ({ broadcastId }, ctx) => {
  const tasks = ctx.repository(backgroundTasksRepository);
  const task = await tasks.find(broadcastId);
  if (!task || task.status === "done" || task.status === "failed") return;
  const ids = await ctx.repository(chatMessagesRepository).queuedOfBroadcast(broadcastId);
  if (task.status === "queued") await tasks.start(broadcastId, task.total);
  for (const messageId of ids) await ctx.jobs.enqueue(telegramSendJob, { messageId });
  ctx.logger.info({ broadcastId, messages: ids.length }, "broadcast queued");
});
