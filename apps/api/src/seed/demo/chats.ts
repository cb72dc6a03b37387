import type { TDb } from "../../db/client.js";
import { commentsRepository } from "../../resources/comments/comments-repository.js";

const HOUR = 3_600_000;

/** The Telegram user id the demo gives applicant `id` (the stand-in's seafarers). */
export const demoTelegramId = (id: number): string => String(7_000_000 + id);

const CHATS: readonly (readonly (readonly ["in" | "out", string])[])[] = [
  [
    [
      "out",
      "Good afternoon! We have a vacancy for your rank on a container vessel, joining next month. Interested?",
    ],
    ["in", "Hello, yes, interested. What is the contract length?"],
    ["out", "Four months +/- one. Wage as discussed on the phone."],
    ["in", "OK, I will send my updated documents tonight."],
  ],
  [
    ["out", "Hello, please confirm your readiness date."],
    ["in", "Ready from the 1st of next month."],
    ["out", "Thank you, noted."],
  ],
  [
    ["in", "Good morning, is there any news about my application?"],
    ["out", "Good morning! The owner is reviewing CVs this week, we will call you."],
    ["in", "Thank you. My medical certificate was renewed, do you need a copy?"],
  ],
  [
    ["out", "Your visa appointment is confirmed for Tuesday 10:00."],
    ["in", "Received, thank you!"],
  ],
];

/**
 * Demo chats (issue 19): the first demo applicants have linked Telegram accounts (the demo
 * bot's stand-in seafarers) and a few messages each; two of them wrote last, so they need a
 * reaction. The derived contact flags are recomputed as a real message would.
 */
export const seedChats = async (db: TDb): Promise<void> => {
  const manager = await db.client.findFirst({
    where: { email: "manager@example.com" },
    select: { id: true },
  });
  const users = await db.user.findMany({ orderBy: { id: "asc" }, take: CHATS.length, select: { id: true } });
  const now = Date.now();
  for (const [i, user] of users.entries()) {
    const chat = CHATS[i] ?? [];
    const telegramChatId = demoTelegramId(user.id);
    await db.user.update({ where: { id: user.id }, data: { telegramUserId: telegramChatId } });
    await db.chatMessage.createMany({
      data: chat.map(([direction, body], n) => {
        const at = new Date(now - (i + 1) * 24 * HOUR - (chat.length - n) * 2 * HOUR);
        return {
          userId: user.id,
          direction,
          body,
          status: direction === "in" ? "received" : "sent",
          authorId: direction === "out" ? (manager?.id ?? null) : null,
          telegramChatId,
          sentAt: direction === "out" ? at : null,
          createdAt: at,
        };
      }),
    });
    await commentsRepository(db).updateApplicant(user.id, {});
  }
};
