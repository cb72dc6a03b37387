import type { TTx } from "../../db/client.js";

/** What a channel post says of a vacancy, and where its post is. */
const postSelect = {
  id: true,
  start: true,
  contractDuration: true,
  wage: true,
  description: true,
  requirements: true,
  published: true,
  sources: true,
  telegramChatId: true,
  telegramMessageId: true,
  rank: { select: { title: true } },
  vessel: { select: { name: true, vesselType: { select: { title: true } } } },
} as const;

export type TVacancyPost = NonNullable<
  Awaited<ReturnType<ReturnType<typeof vacancyChannelRepository>["vacancy"]>>
>;

/** The company channel's posts of vacancies (docs/vacancies.md "Telegram channel"). */
export const vacancyChannelRepository = (db: TTx) => ({
  vacancy(id: number) {
    return db.vacancy.findUnique({ where: { id }, select: postSelect });
  },

  /** Records the post (or, with nulls, that there is none). */
  setPost(id: number, chatId: string | null, messageId: number | null) {
    return db.vacancy.update({
      where: { id },
      data: { telegramChatId: chatId, telegramMessageId: messageId },
      select: { id: true },
    });
  },

  /** Clears a post only if it is still the one named (a republish in between keeps its new post). */
  async clearPost(id: number, messageId: number): Promise<void> {
    await db.vacancy.updateMany({
      where: { id, telegramMessageId: messageId },
      data: { telegramChatId: null, telegramMessageId: null },
    });
  },

  /**
   * Posts that should no longer be in the channel: their vacancy unpublished, or taken off the
   * telegram source, by whatever path (an edit, its plan, the plan deleted by the trigger).
   */
  strayPosts(limit: number) {
    return db.vacancy.findMany({
      where: {
        telegramMessageId: { not: null },
        OR: [{ published: false }, { NOT: { sources: { has: "telegram" } } }],
      },
      select: { id: true, telegramChatId: true, telegramMessageId: true, rank: { select: { title: true } } },
      orderBy: { id: "asc" },
      take: limit,
    });
  },
});
