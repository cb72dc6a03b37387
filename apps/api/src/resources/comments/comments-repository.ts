import type { TCommentAction, TCommentableType, TNotificationKind } from "@crew/contracts";
import type { Prisma } from "../../generated/prisma/client.js";
import type { TTx } from "../../db/client.js";
import { storedFilesRepository } from "../../storage/stored-files-repository.js";
import { notificationOutbox, type TNotice } from "../notifications/notification-outbox-repository.js";

/** A notification a comment causes, with its kind (the recipient's settings decide by kind). */
export interface TCommentNotice {
  kind: TNotificationKind;
  notice: TNotice;
}

/** The foreign-key column of each addressable type (COMMENTABLE in the contracts). */
export const ADDRESS_COLUMN = {
  users: "userId",
  time_plans: "timePlanId",
  vessels: "vesselId",
  tasks: "taskId",
} as const satisfies Record<TCommentableType, keyof Prisma.CommentUncheckedCreateInput>;

const ACTION_COLUMN = { read: "canRead", create: "canCreate", delete: "canDelete" } as const;

/** What an interaction changes on the applicant (spec 001 §3 "Applicant update payload"). */
export interface TApplicantChanges {
  readinessDate?: Date | null;
  crewingStatusId?: number | null;
  ukrCrewingId?: string | null;
  crewellId?: string | null;
  maritimeZoneId?: number | null;
  wage?: number | null;
  hot?: boolean;
}

export interface TNewComment {
  body: string;
  authorId: number;
  addressableType: TCommentableType;
  addressableId: number;
  category: string | null;
}

/** Comments, their events and mentions, and what they keep up to date (applicant flags, a plan's last comment). */
export const commentsRepository = (db: TTx) => ({
  client: db,

  async create(c: TNewComment, mentions: readonly number[]) {
    const row = await db.comment.create({
      data: { ...c, [ADDRESS_COLUMN[c.addressableType]]: c.addressableId },
    });
    if (mentions.length)
      await db.commentMention.createMany({
        data: mentions.map((clientId) => ({ commentId: row.id, clientId })),
      });
    return row;
  },

  createEvent(data: Prisma.CommentEventUncheckedCreateInput) {
    return db.commentEvent.create({ data });
  },

  find(id: number) {
    return db.comment.findUnique({
      where: { id },
      include: { mentions: { select: { clientId: true } }, event: { select: { id: true } } },
    });
  },

  setCategory(id: number, category: string) {
    return db.comment.update({ where: { id }, data: { category } });
  },

  /** Replaces the mentions of a comment; answers the ids newly mentioned. */
  async replaceMentions(commentId: number, ids: readonly number[]): Promise<number[]> {
    const before = await db.commentMention.findMany({ where: { commentId }, select: { clientId: true } });
    const had = new Set(before.map((m) => m.clientId));
    await db.commentMention.deleteMany({ where: { commentId, clientId: { notIn: [...ids] } } });
    const added = ids.filter((id) => !had.has(id));
    if (added.length)
      await db.commentMention.createMany({ data: added.map((clientId) => ({ commentId, clientId })) });
    return added;
  },

  /** Deletes a comment (its event and mentions cascade); answers the storage keys of its files. */
  async remove(id: number): Promise<string[]> {
    const keys = await storedFilesRepository(db).removeOfRecord("comments", id);
    await db.comment.delete({ where: { id } });
    return keys;
  },

  /** Clients among `ids` that exist. */
  async existingClients(ids: readonly number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await db.client.findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
    return new Set(rows.map((r) => r.id));
  },

  commentType(code: string) {
    return db.commentType.findUnique({ where: { code }, include: { results: true } });
  },

  /** Whether a position may do `action` with comments of the type `code`. */
  async allowed(position: string, code: string, action: TCommentAction): Promise<boolean> {
    const row = await db.positionCommentType.findFirst({
      where: { position, commentType: { code } },
      select: { canRead: true, canCreate: true, canDelete: true },
    });
    return row ? row[ACTION_COLUMN[action]] : false;
  },

  /** Staff one may mention (the @-picker): every account not deactivated, by name. */
  async mentionCandidates(): Promise<{ id: string; name: string }[]> {
    const rows = await db.client.findMany({
      where: { status: { not: "deactivated" } },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true },
    });
    return rows.map((r) => ({ id: String(r.id), name: r.name }));
  },

  /** The comment types a position may read, with what it may do and their results; the contact sources. */
  async formOptions(position: string) {
    const [types, sources] = await Promise.all([
      db.commentType.findMany({
        where: { positions: { some: { position, canRead: true } } },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        include: {
          results: { orderBy: [{ position: "asc" }, { id: "asc" }] },
          positions: { where: { position } },
        },
      }),
      db.commentSource.findMany({ orderBy: { title: "asc" }, select: { id: true, title: true } }),
    ]);
    return {
      types: types.map((t) => ({
        code: t.code,
        title: t.title,
        direction: t.direction,
        can_create: t.positions[0]?.canCreate ?? false,
        can_delete: t.positions[0]?.canDelete ?? false,
        results: t.results.map((r) => ({ title: r.title, effect: r.effect })),
      })),
      sources,
    };
  },

  async sourceExists(id: number): Promise<boolean> {
    return (await db.commentSource.count({ where: { id } })) > 0;
  },

  async crewingStatusExists(id: number): Promise<boolean> {
    return (await db.crewingStatus.count({ where: { id } })) > 0;
  },

  /**
   * The applicant's flags that follow from the interactions (docs/interactions.md "Derived"):
   * last_contact (the newest contact event), need_reaction (that event came from the seafarer or
   * its result asks for our reaction), no_call_answer (the newest call's result is no answer).
   * Written on the applicant's row in the caller's transaction, with `changes` from the form.
   */
  async updateApplicant(userId: number, changes: TApplicantChanges): Promise<void> {
    const withEvent = { userId, event: { isNot: null } } as const;
    const order = [{ createdAt: "desc" as const }, { id: "desc" as const }];
    const select = {
      createdAt: true,
      event: { select: { eventType: true, eventResult: true } },
      commentType: { select: { direction: true, results: { select: { title: true, effect: true } } } },
    } as const;
    const contact = await db.comment.findFirst({
      where: { ...withEvent, commentType: { direction: { not: "note" } } },
      orderBy: order,
      select,
    });
    const call = await db.comment.findFirst({
      where: { ...withEvent, event: { eventType: "call" } },
      orderBy: order,
      select,
    });
    const effectOf = (row: typeof contact): string | undefined =>
      row?.commentType?.results.find((r) => r.title === row.event?.eventResult)?.effect;
    // A Telegram message is a contact too (docs/outside-channels.md): the seafarer's asks for a
    // reaction, ours answers it. A send that failed reached no one; a broadcast to a tag (a
    // vacancy announcement) answers nobody's question, so it is not a contact either.
    const message = await db.chatMessage.findFirst({
      where: { userId, status: { not: "failed" }, broadcastId: null },
      orderBy: order,
      select: { createdAt: true, direction: true },
    });
    const messageIsNewest = message !== null && (contact === null || message.createdAt > contact.createdAt);
    await db.user.update({
      where: { id: userId },
      data: {
        ...changes,
        lastContact: messageIsNewest ? message.createdAt : (contact?.createdAt ?? null),
        needReaction: messageIsNewest
          ? message.direction === "in"
          : contact !== null &&
            (contact.commentType?.direction === "inbound" || effectOf(contact) === "needs_reaction"),
        noCallAnswer: call !== null && effectOf(call) === "no_answer",
      },
    });
  },

  /** A plan's label shows its newest comment (spec 002 §4). */
  async refreshPlanComment(timePlanId: number, text: (body: string) => string): Promise<void> {
    const last = await db.comment.findFirst({
      where: { timePlanId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { body: true },
    });
    await db.timePlan.update({
      where: { id: timePlanId },
      data: { lastCommentBody: last ? text(last.body) : null },
    });
  },

  /** Who hears of a comment besides those it mentions (docs/interactions.md "Notifications"). */
  async recruitersOfApplicant(userId: number, today: Date): Promise<number[]> {
    const plans = await db.timePlan.findMany({
      where: { userId, end: { gte: today } },
      select: { manningScale: { select: { vesselId: true, vessel: { select: { ownerVessel: true } } } } },
    });
    const vesselIds = plans.flatMap((p) =>
      p.manningScale.vesselId === null ? [] : [p.manningScale.vesselId],
    );
    const ownerIds = plans.flatMap((p) => {
      const o = p.manningScale.vessel?.ownerVessel?.ownerId;
      return o === undefined ? [] : [o];
    });
    if (!vesselIds.length) return [];
    const [byVessel, byOwner] = await Promise.all([
      db.assignVessel.findMany({ where: { vesselId: { in: vesselIds } }, select: { clientId: true } }),
      db.assignOwner.findMany({ where: { ownerId: { in: ownerIds } }, select: { clientId: true } }),
    ]);
    return [...new Set([...byVessel, ...byOwner].map((r) => r.clientId))];
  },

  async coordinatorOfPlan(
    timePlanId: number,
  ): Promise<{ coordinatorId: number | null; vesselName: string } | null> {
    const plan = await db.timePlan.findUnique({
      where: { id: timePlanId },
      select: { manningScale: { select: { vessel: { select: { coordinatorId: true, name: true } } } } },
    });
    const vessel = plan?.manningScale.vessel;
    return vessel ? { coordinatorId: vessel.coordinatorId, vesselName: vessel.name } : null;
  },

  applicantName(userId: number) {
    return db.user.findUnique({ where: { id: userId }, select: { surname: true, name: true } });
  },

  /** A task's watchers (author, assignee, mentioned) and its text: who hears of a comment on it. */
  async taskWatchers(taskId: number): Promise<{ description: string; watchers: number[] } | null> {
    const task = await db.task.findUnique({
      where: { id: taskId },
      select: { description: true, watchers: { select: { clientId: true } } },
    });
    return task ? { description: task.description, watchers: task.watchers.map((w) => w.clientId) } : null;
  },

  /** Those mentioned in a comment on a task watch it from then on. */
  async watchTask(taskId: number, clientIds: readonly number[]): Promise<void> {
    if (!clientIds.length) return;
    await db.taskWatcher.createMany({
      data: [...new Set(clientIds)].map((clientId) => ({ taskId, clientId, reason: "mention" })),
      skipDuplicates: true,
    });
  },

  actorName(clientId: number) {
    return db.client.findUnique({ where: { id: clientId }, select: { name: true } });
  },

  /** Writes the notices through the one notification outbox (their kind: the recipient's settings apply). */
  send(notices: readonly TCommentNotice[]): Promise<number> {
    return notificationOutbox(db).send(notices.map((n) => ({ ...n.notice, kind: n.kind })));
  },
});

export type TCommentsRepository = ReturnType<typeof commentsRepository>;
