import { randomBytes } from "node:crypto";
import { can, CHAT_NOTICES, chatMessages, TELEGRAM_LINK_TTL_MS } from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { botApi, botUsername } from "../../telegram/bot-client.js";
import { hashLinkToken } from "../../telegram/telegram-updates.js";
import { chatMessagesRepository } from "./chat-messages-repository.js";
import { telegramSendJob } from "./telegram-send-job.js";

const ZLoaded = z.object({
  author: z.object({ name: z.string() }).nullable().catch(null),
});

/** A chat is read with its applicant: staff who may not read applicants read no chat. */
export const chatScope = (actor: TActor): TWhereOf<"ChatMessage"> =>
  can(actor.permissions, "users", "read") ? {} : { id: { in: [] } };

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
      await ctx.kernel.serviceOf("users").find(actor, input.to);
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

    async link(ctx) {
      const { actor, input } = ctx;
      await ctx.kernel.serviceOf("users").find(actor, input.user_id);
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
