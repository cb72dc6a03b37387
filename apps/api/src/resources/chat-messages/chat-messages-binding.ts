import { randomBytes } from "node:crypto";
import {
  can,
  CHAT_NOTICES,
  chatMessages,
  TELEGRAM_LINK_TTL_MS,
  type TChatBroadcastCount,
} from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { botApi, botUsername } from "../../telegram/bot-client.js";
import { hashLinkToken } from "../../telegram/telegram-updates.js";
import type { TKernelServices } from "../../kernel/kernel-deps.js";
import { chatMessagesRepository, type TChatMessagesRepository } from "./chat-messages-repository.js";
import { telegramBroadcastJob } from "./telegram-broadcast-job.js";
import { telegramSendJob } from "./telegram-send-job.js";

const ZLoaded = z.object({
  author: z.object({ name: z.string() }).nullable().catch(null),
});

/** A chat is read with its applicant: staff who may not read applicants read no chat. */
export const chatScope = (actor: TActor): TWhereOf<"ChatMessage"> =>
  can(actor.permissions, "users", "read") ? {} : { id: { in: [] } };

/**
 * Who a broadcast to `tagId` reaches: the applicants of the tag the sender reads (their count),
 * and those of them linked to Telegram. Reads only; a 403 without applicants, a 422 for no tag.
 */
const broadcastAudience = async (
  kernel: TKernelServices,
  repo: TChatMessagesRepository,
  actor: TActor,
  tagId: number,
) => {
  if (!can(actor.permissions, "users", "read"))
    throw AppError.forbidden("Reading applicants is not allowed.");
  const audience = await repo.tagAudience(tagId);
  if (!audience) throw AppError.invalid([{ field: "tag_id", message: "is not a tag" }]);
  const hidden = new Set(
    await kernel.serviceOf("users").outOfScopeIds(
      actor,
      audience.members.map((m) => m.id),
    ),
  );
  const readable = audience.members.filter((m) => !hidden.has(m.id));
  const linked = readable.flatMap((m) =>
    m.telegramUserId ? [{ id: m.id, telegramUserId: m.telegramUserId }] : [],
  );
  const count: TChatBroadcastCount = {
    tag_id: audience.tag.id,
    tag: audience.tag.name,
    seafarers: readable.length,
    linked: linked.length,
  };
  return { count, linked };
};

/**
 * The Telegram chat (docs/outside-channels.md): listed under the applicant
 * (`GET /api/users/{id}/chat_messages`, newest first), sent with the spec's messenger bot call
 * (`POST /api/chat_messages` {to, body}): stored as queued, then sent by the telegram-send job
 * at Telegram's pace; the deep link that links a seafarer's Telegram.
 */
export const chatMessagesBinding: TResourceEntry = bindResource(
  chatMessages,
  "ChatMessage",
  chatMessagesRepository,
)({
  scope: chatScope,
  include: { author: { select: { name: true } } },
  computed: {
    author_name: (row) => ZLoaded.parse(row).author?.name ?? null,
  },
  actions: {
    async send(ctx) {
      const { actor, input } = ctx;
      // The applicant must be one the caller reads (404 otherwise).
      await ctx.kernel.serviceOf("users").requireReadable(actor, input.to);
      const user = await ctx.repo.applicant(input.to);
      if (!user) throw AppError.notFound(`Applicant ${input.to} not found`);
      if (!ctx.kernel.config.TELEGRAM_BOT_TOKEN)
        throw AppError.conflict("No Telegram bot is configured on this server (TELEGRAM_BOT_TOKEN).");
      if (!user.telegramUserId)
        throw AppError.invalid([
          { field: "to", message: "has not linked Telegram yet: send them the Telegram link first" },
        ]);
      const chatId = user.telegramUserId;
      const row = await ctx.transaction(async (repo) => {
        const created = await repo.createMessage(
          {
            userId: user.id,
            direction: "out",
            body: input.body,
            status: "queued",
            authorId: actor.id,
            telegramChatId: chatId,
          },
          actor.id,
        );
        await repo.refreshApplicant(user.id);
        return created;
      });
      await ctx.kernel.jobs.enqueue(telegramSendJob, { messageId: row.id });
      const doc = await ctx.kernel.serviceOf("chat_messages").show(actor, row.id, {});
      return { status: 201, document: { ...doc, meta: { ...doc.meta, message: CHAT_NOTICES.sent } } };
    },

    /**
     * A broadcast to a tag: the applicants of the tag the sender reads, those of them linked to
     * Telegram the audience. Without `confirm` only the count; with it (the count the sender
     * saw, still true) the messages and their task in one transaction, then the fan-out job.
     */
    async broadcast(ctx) {
      const { actor, input } = ctx;
      const { count, linked } = await broadcastAudience(ctx.kernel, ctx.repo, actor, input.tag_id);
      if (input.confirm === undefined) return { document: { data: count } };
      if (!ctx.kernel.config.TELEGRAM_BOT_TOKEN)
        throw AppError.conflict("No Telegram bot is configured on this server (TELEGRAM_BOT_TOKEN).");
      if (!linked.length)
        throw AppError.invalid([{ field: "tag_id", message: "has no seafarer linked to Telegram" }]);
      if (input.confirm !== linked.length)
        throw AppError.conflict(
          `The tag now has ${linked.length} seafarers on Telegram, not ${input.confirm}: look at the count and confirm again.`,
        );
      const task = await ctx.transaction(async (repo) => {
        const created = await repo.createBroadcastTask(actor.id, linked.length, {
          tag_id: count.tag_id,
          tag: count.tag,
          body: input.body,
        });
        await repo.createBroadcastMessages(created.id, actor.id, input.body, linked);
        return created;
      });
      await ctx.kernel.jobs.enqueue(telegramBroadcastJob, { broadcastId: task.id });
      return {
        status: 201,
        document: {
          data: { ...count, background_task_id: task.id },
          meta: { message: CHAT_NOTICES.broadcast },
        },
      };
    },

    /** The broadcast's count alone (no message yet): reads only. */
    async broadcast_count(ctx) {
      const { count } = await broadcastAudience(ctx.kernel, ctx.repo, ctx.actor, ctx.input.tag_id);
      return { document: { data: count } };
    },

    async link(ctx) {
      const { actor, input } = ctx;
      await ctx.kernel.serviceOf("users").requireReadable(actor, input.user_id);
      const api = botApi(ctx.kernel.config);
      if (!api) throw AppError.conflict("No Telegram bot is configured on this server (TELEGRAM_BOT_TOKEN).");
      let username: string;
      try {
        username = await botUsername(ctx.kernel.config, api);
      } catch {
        throw new AppError("UNAVAILABLE", "Telegram could not be reached to read the bot's name; try again.");
      }
      // 192 random bits, base64url (32 characters: Telegram's start parameter allows 64).
      const token = randomBytes(24).toString("base64url");
      const expiresAt = new Date(Date.now() + TELEGRAM_LINK_TTL_MS);
      await ctx.transaction((repo) =>
        repo.createLinkToken({
          userId: input.user_id,
          tokenHash: hashLinkToken(token),
          expiresAt,
          authorId: actor.id,
        }),
      );
      return {
        status: 201,
        document: {
          data: { url: `https://t.me/${username}?start=${token}`, expires_at: expiresAt.toISOString() },
          meta: { message: CHAT_NOTICES.linked },
        },
      };
    },

    async status(ctx) {
      const api = botApi(ctx.kernel.config);
      let username: string | null = null;
      if (api) username = await botUsername(ctx.kernel.config, api).catch(() => null);
      return {
        document: {
          data: {
            configured: api !== null,
            bot_username: username,
            mode: ctx.kernel.config.PUBLIC_URL ? "webhook" : "polling",
          },
        },
      };
    },
  },
});
