import type { TTx } from "../../db/client.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { publishAfterCommit } from "../../kernel/transaction-repository.js";
import { SURVEY_TAG_SEND_KIND } from "@crew/contracts";
import { backgroundTasksRepository } from "../background-tasks/background-tasks-repository.js";
import { chatMessagesRepository } from "../chat-messages/chat-messages-repository.js";

/** The seafarer a survey goes to: whether their Telegram is linked decides how it goes. */
export interface TSurveyRecipient {
  id: number;
  name: string;
  surname: string;
  telegramUserId: string | null;
}

/** A seafarer's link to a survey as it is written (only the token's hash). */
interface TInvitation {
  surveySchemaId: number;
  userId: number;
  authorId: number;
  tokenHash: string;
  expiresAt: Date;
  channel: string;
  definition: Prisma.InputJsonValue;
}

/** Survey responses (docs/tasks.md "Sending a survey"): the sent links and the answers. */
export const surveyResponsesRepository = (db: TTx) => ({
  survey(id: number) {
    return db.surveySchema.findUnique({ where: { id }, select: { id: true, title: true, definition: true } });
  },

  recipients(ids: readonly number[]): Promise<TSurveyRecipient[]> {
    return db.user.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, name: true, surname: true, telegramUserId: true },
    });
  },

  /** Where each of these seafarers stands with the survey: answered, a link still open, or an expired one. */
  existing(surveySchemaId: number, userIds: readonly number[]) {
    return db.surveyResponse.findMany({
      where: { surveySchemaId, userId: { in: [...userIds] } },
      select: { id: true, userId: true, submittedAt: true, expiresAt: true },
    });
  },

  /**
   * Makes or renews the link of one seafarer: a new token hash replaces an unanswered one's, so
   * the older link stops working (one row per survey and seafarer).
   */
  async upsertInvitation(data: TInvitation) {
    const { surveySchemaId, userId, ...rest } = data;
    const row = await db.surveyResponse.upsert({
      where: { surveySchemaId_userId: { surveySchemaId, userId } },
      create: data,
      update: { ...rest, chatMessageId: null },
    });
    publishAfterCommit(db, {
      type: "survey_responses",
      ids: [row.id],
      event: "update",
      actorId: data.authorId,
      at: new Date().toISOString(),
    });
    return row;
  },

  /** A tag's applicants (ids in order) with their names and Telegram, before the sender's scope is applied. */
  async tagMembers(tagId: number) {
    const tag = await db.tag.findUnique({ where: { id: tagId }, select: { id: true, name: true } });
    if (!tag) return null;
    const members: TSurveyRecipient[] = await db.user.findMany({
      where: { tags: { some: { tagId } } },
      select: { id: true, name: true, surname: true, telegramUserId: true },
      orderBy: { id: "asc" },
    });
    return { tag, members };
  },

  /**
   * New links for a tag, one row per seafarer who has none: how many were made. A row that
   * appeared meanwhile (a send racing this one) is not made, so the count tells.
   */
  async createInvitations(rows: readonly TInvitation[]): Promise<number> {
    if (!rows.length) return 0;
    const { count } = await db.surveyResponse.createMany({ data: [...rows], skipDuplicates: true });
    return count;
  },

  /** Renews an expired, unanswered link (true), or nothing when it was answered or renewed meanwhile (false). */
  async renewExpired(
    id: number,
    data: {
      authorId: number;
      tokenHash: string;
      expiresAt: Date;
      channel: string;
      definition: Prisma.InputJsonValue;
    },
    now: Date,
  ): Promise<boolean> {
    const { count } = await db.surveyResponse.updateMany({
      where: { id, submittedAt: null, expiresAt: { lte: now } },
      data: { ...data, chatMessageId: null },
    });
    return count === 1;
  },

  /** The progress row of a survey's Telegram delivery to a tag. */
  createTagTask(authorId: number, total: number, params: { survey_id: number; tag_id: number; tag: string }) {
    return backgroundTasksRepository(db).create({ kind: SURVEY_TAG_SEND_KIND, authorId, total, params });
  },

  /** Each response of the survey gets the chat message of the delivery that carries its link. */
  async linkDeliveryMessages(surveySchemaId: number, broadcastId: number): Promise<void> {
    await db.$executeRaw`
      UPDATE survey_responses s SET chat_message_id = c.id
        FROM chat_messages c
       WHERE c.broadcast_id = ${broadcastId} AND s.survey_schema_id = ${surveySchemaId}
         AND s.user_id = c.user_id`;
  },

  /** One live event for the rows a send to a tag made. */
  async published(surveySchemaId: number, userIds: readonly number[], actorId: number): Promise<void> {
    const rows = await db.surveyResponse.findMany({
      where: { surveySchemaId, userId: { in: [...userIds] } },
      select: { id: true },
    });
    if (!rows.length) return;
    publishAfterCommit(db, {
      type: "survey_responses",
      ids: rows.map((r) => r.id),
      event: "update",
      actorId,
      at: new Date().toISOString(),
    });
  },

  /** The chat's rows: a survey link to a linked seafarer goes as an outbound chat message. */
  chat: () => chatMessagesRepository(db),

  setChatMessage(id: number, chatMessageId: number) {
    return db.surveyResponse.update({ where: { id }, data: { chatMessageId } });
  },

  /** The row a public link names (by its token's hash), with its survey's title. */
  byTokenHash(tokenHash: string) {
    return db.surveyResponse.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        userId: true,
        definition: true,
        expiresAt: true,
        submittedAt: true,
        user: { select: { name: true } },
      },
    });
  },

  /**
   * Stores the answers once: only a row still unanswered and unexpired takes them (a conditional
   * update, so two submits racing write one). False when it was answered or expired meanwhile.
   */
  async submit(id: number, answers: Prisma.InputJsonValue): Promise<boolean> {
    const now = new Date();
    const { count } = await db.surveyResponse.updateMany({
      where: { id, submittedAt: null, expiresAt: { gt: now } },
      data: { answers, submittedAt: now },
    });
    if (count === 1)
      publishAfterCommit(db, {
        type: "survey_responses",
        ids: [id],
        event: "update",
        actorId: null,
        at: now.toISOString(),
      });
    return count === 1;
  },

  /** Every response of a survey with its seafarer's name, oldest first (results and the xlsx). */
  responses(surveySchemaId: number) {
    return db.surveyResponse.findMany({
      where: { surveySchemaId },
      orderBy: { id: "asc" },
      select: {
        id: true,
        userId: true,
        channel: true,
        answers: true,
        submittedAt: true,
        expiresAt: true,
        createdAt: true,
        user: { select: { name: true, surname: true, crewingApplicantId: true } },
      },
    });
  },
});

export type TSurveyResponsesRepository = ReturnType<typeof surveyResponsesRepository>;
