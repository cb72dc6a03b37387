import { CHAT_BROADCAST_KIND } from "@crew/contracts";
import type { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";
import { publishAfterCommit } from "../../kernel/transaction-repository.js";
import { backgroundTasksRepository } from "../background-tasks/background-tasks-repository.js";
import { storedFilesRepository } from "../../storage/stored-files-repository.js";
import { commentsRepository } from "../comments/comments-repository.js";
import { notificationOutbox, type TNotice } from "../notifications/notification-outbox-repository.js";

/** The Telegram chat's rows (docs/outside-channels.md): messages, handled updates, link tokens, the poller's lease. */
export const chatMessagesRepository = (db: TTx) => ({
  /** True the first time an update id is seen; false when it was handled before. */
  async markUpdate(updateId: number): Promise<boolean> {
    const { count } = await db.telegramUpdate.createMany({
      data: [{ updateId: BigInt(updateId) }],
      skipDuplicates: true,
    });
    return count === 1;
  },

  createLinkToken(data: { userId: number; tokenHash: string; expiresAt: Date; authorId: number }) {
    return db.telegramLinkToken.create({ data });
  },

  /** Uses a link token once: its applicant, or null when unknown, used or expired. */
  async useLinkToken(tokenHash: string): Promise<{ userId: number } | null> {
    const now = new Date();
    const row = await db.telegramLinkToken.findUnique({
      where: { tokenHash },
      select: { id: true, userId: true },
    });
    if (!row) return null;
    const { count } = await db.telegramLinkToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    return count === 1 ? { userId: row.userId } : null;
  },

  /** Links a Telegram account to one applicant (another applicant it was linked to loses it). */
  async linkTelegram(userId: number, telegramUserId: string) {
    await db.user.updateMany({
      where: { telegramUserId, id: { not: userId } },
      data: { telegramUserId: null },
    });
    return db.user.update({
      where: { id: userId },
      data: { telegramUserId },
      select: { id: true, name: true, surname: true },
    });
  },

  userByTelegram(telegramUserId: string) {
    return db.user.findFirst({
      where: { telegramUserId },
      select: { id: true, name: true, surname: true },
    });
  },

  applicant(userId: number) {
    return db.user.findUnique({
      where: { id: userId },
      select: { id: true, name: true, surname: true, telegramUserId: true },
    });
  },

  async createMessage(data: Prisma.ChatMessageUncheckedCreateInput, actorId: number | null) {
    const row = await db.chatMessage.create({ data });
    publishAfterCommit(db, {
      type: "chat_messages",
      ids: [row.id],
      event: "create",
      actorId,
      at: new Date().toISOString(),
    });
    return row;
  },

  /**
   * A tag's applicants (ids in order) and which of them linked Telegram: the audience of a
   * broadcast, before the sender's scope is applied.
   */
  async tagAudience(tagId: number) {
    const tag = await db.tag.findUnique({ where: { id: tagId }, select: { id: true, name: true } });
    if (!tag) return null;
    const members = await db.user.findMany({
      where: { tags: { some: { tagId } } },
      select: { id: true, telegramUserId: true },
      orderBy: { id: "asc" },
    });
    return { tag, members };
  },

  /** A broadcast's task row: its progress (done of total) and, at the end, the counts. */
  createBroadcastTask(
    authorId: number,
    total: number,
    params: { tag_id: number; tag: string; body: string },
  ) {
    return backgroundTasksRepository(db).create({ kind: CHAT_BROADCAST_KIND, authorId, total, params });
  },

  /**
   * A broadcast's messages, one per seafarer, queued under its task (live: one event for them
   * all). A recipient's own `body` (a survey's personal link) replaces the common one.
   */
  async createBroadcastMessages(
    broadcastId: number,
    authorId: number,
    body: string,
    to: readonly { id: number; telegramUserId: string; body?: string }[],
  ): Promise<number> {
    const { count } = await db.chatMessage.createMany({
      data: to.map((u) => ({
        userId: u.id,
        direction: "out",
        body: u.body ?? body,
        status: "queued",
        authorId,
        telegramChatId: u.telegramUserId,
        broadcastId,
      })),
    });
    return count;
  },

  /** The ids of a broadcast's messages still queued (what its job still has to send). */
  async queuedOfBroadcast(broadcastId: number): Promise<number[]> {
    const rows = await db.chatMessage.findMany({
      where: { broadcastId, status: "queued" },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    return rows.map((r) => r.id);
  },

  /**
   * One more message of a broadcast settled (sent or failed): its task's `done` grows with the
   * running count of its outcome in `result` (what the progress bar shows), and the last one
   * finishes the task with the counts read back from the messages. One statement each, so
   * workers settling messages at once never lose a count.
   */
  async settleBroadcastMessage(broadcastId: number, outcome: "sent" | "failed"): Promise<void> {
    const [row] = await db.$queryRaw<{ done: number; total: number }[]>`
      UPDATE background_tasks SET done = done + 1, updated_at = now(),
             result = jsonb_set(COALESCE(result, '{}'::jsonb), ARRAY[${outcome}::text],
                                to_jsonb(COALESCE((result ->> ${outcome}::text)::int, 0) + 1))
       WHERE id = ${broadcastId} RETURNING done, total`;
    if (!row || row.done < row.total) return;
    const counts = await db.chatMessage.groupBy({
      by: ["status"],
      where: { broadcastId },
      _count: { _all: true },
    });
    const of = (status: string) => counts.find((c) => c.status === status)?._count._all ?? 0;
    await db.backgroundTask.updateMany({
      where: { id: broadcastId, status: { not: "done" } },
      data: {
        status: "done",
        finishedAt: new Date(),
        result: { sent: of("sent"), failed: of("failed"), queued: of("queued") },
      },
    });
  },

  findMessage(id: number) {
    return db.chatMessage.findUnique({ where: { id } });
  },

  async updateMessage(id: number, data: Prisma.ChatMessageUncheckedUpdateInput) {
    const row = await db.chatMessage.update({ where: { id }, data });
    publishAfterCommit(db, {
      type: "chat_messages",
      ids: [id],
      event: "update",
      actorId: null,
      at: new Date().toISOString(),
    });
    return row;
  },

  /**
   * Saves a seafarer's Telegram file as an attachment of the applicant (its stored file's row
   * included) and links the message to it; nothing when the message was saved meanwhile.
   */
  async saveAttachment(
    messageId: number,
    userId: number,
    title: string,
    file: { key: string; filename: string; contentType: string; byteSize: number; checksum: string },
  ): Promise<number | null> {
    const message = await db.chatMessage.findUnique({
      where: { id: messageId },
      select: { attachmentId: true },
    });
    if (!message || message.attachmentId) return null;
    const attachment = await db.attachment.create({ data: { userId, title } });
    await storedFilesRepository(db).create(
      [{ ...file, recordType: "attachments", recordId: attachment.id, name: "document", position: 0 }],
      null,
    );
    await this.updateMessage(messageId, { attachmentId: attachment.id });
    publishAfterCommit(db, {
      type: "attachments",
      ids: [attachment.id],
      event: "create",
      actorId: null,
      at: new Date().toISOString(),
    });
    return attachment.id;
  },

  /** The applicant's derived contact flags, now that a message passed (a message is an interaction). */
  refreshApplicant(userId: number) {
    return commentsRepository(db).updateApplicant(userId, {});
  },

  /** Who hears of a seafarer's message: the applicant's recruiters and the staff who wrote to them on the chat. */
  async listeners(userId: number): Promise<number[]> {
    const today = new Date(new Date().toISOString().slice(0, 10));
    const recruiters = await commentsRepository(db).recruitersOfApplicant(userId, today);
    const writers = await db.chatMessage.findMany({
      where: { userId, direction: "out", authorId: { not: null } },
      orderBy: { createdAt: "desc" },
      take: 20,
      select: { authorId: true },
    });
    return [
      ...new Set([...recruiters, ...writers.flatMap((w) => (w.authorId === null ? [] : [w.authorId]))]),
    ];
  },

  /** The admins, told when someone unknown writes to the bot. */
  async admins(): Promise<number[]> {
    const rows = await db.client.findMany({ where: { role: "admin" }, select: { id: true } });
    return rows.map((r) => r.id);
  },

  notify(notices: readonly TNotice[]): Promise<number> {
    return notificationOutbox(db).send(notices);
  },

  /**
   * Takes or renews the lease `name` for `holder` for `ms`: true when `holder` holds it now.
   * One statement, so two processes racing for a free lease cannot both win.
   */
  async lease(name: string, holder: string, ms: number): Promise<boolean> {
    const until = new Date(Date.now() + ms);
    const rows = await db.$queryRaw<{ holder: string }[]>`
      INSERT INTO worker_leases (name, holder, expires_at) VALUES (${name}, ${holder}, ${until})
      ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE worker_leases.holder = EXCLUDED.holder OR worker_leases.expires_at < now()
      RETURNING holder`;
    return rows.length === 1;
  },

  async releaseLease(name: string, holder: string): Promise<void> {
    await db.workerLease.deleteMany({ where: { name, holder } });
  },
});

export type TChatMessagesRepository = ReturnType<typeof chatMessagesRepository>;
