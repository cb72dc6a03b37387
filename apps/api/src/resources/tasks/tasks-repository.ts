import { TASK_CLOSED_STATUSES, type TTaskItemType } from "@crew/contracts";
import type { TTx } from "../../db/client.js";
import { notificationOutbox, type TNotice } from "../notifications/notification-outbox-repository.js";

export type TWatchReason = "author" | "assignee" | "mention";

const OPEN = { status: { notIn: [...TASK_CLOSED_STATUSES] } };

/** Tasks, their watchers, the records they are about; inside the caller's transaction or on the pool. */
export const tasksRepository = (db: TTx) => ({
  find(id: number) {
    return db.task.findUnique({ where: { id } });
  },

  /** The ids of a task's ancestors, nearest first (stops at 1,000 steps: a cycle cannot be stored, but never loop). */
  async ancestorIds(id: number): Promise<number[]> {
    const out: number[] = [];
    let current: number | null = id;
    while (current !== null && out.length < 1000) {
      out.push(current);
      const row: { addressableTaskId: number | null } | null = await db.task.findUnique({
        where: { id: current },
        select: { addressableTaskId: true },
      });
      current = row?.addressableTaskId ?? null;
      if (current !== null && out.includes(current)) break;
    }
    return out;
  },

  /** How many of a task's subtasks are not done or cancelled. */
  openSubtasks(id: number): Promise<number> {
    return db.task.count({ where: { addressableTaskId: id, ...OPEN } });
  },

  setStatus(id: number, status: string) {
    const closed = (TASK_CLOSED_STATUSES as readonly string[]).includes(status);
    return db.task.update({ where: { id }, data: { status, closedAt: closed ? new Date() : null } });
  },

  /** Subtask counts (all, open) of the tasks `ids`. */
  async subtaskCounts(ids: readonly number[]): Promise<Map<number, { all: number; open: number }>> {
    const out = new Map<number, { all: number; open: number }>();
    if (!ids.length) return out;
    const [all, open] = await Promise.all([
      db.task.groupBy({
        by: ["addressableTaskId"],
        where: { addressableTaskId: { in: [...ids] } },
        _count: true,
      }),
      db.task.groupBy({
        by: ["addressableTaskId"],
        where: { addressableTaskId: { in: [...ids] }, ...OPEN },
        _count: true,
      }),
    ]);
    for (const r of all)
      if (r.addressableTaskId !== null) out.set(r.addressableTaskId, { all: r._count, open: 0 });
    for (const r of open) {
      const row = r.addressableTaskId === null ? undefined : out.get(r.addressableTaskId);
      if (row) row.open = r._count;
    }
    return out;
  },

  /** The finish conditions of these task types, by type id. */
  async finishConditions(typeIds: readonly number[]): Promise<Map<number, string[]>> {
    if (!typeIds.length) return new Map();
    const rows = await db.taskType.findMany({
      where: { id: { in: [...typeIds] } },
      select: { id: true, finishConditions: true },
    });
    return new Map(rows.map((r) => [r.id, r.finishConditions]));
  },

  /** Which of these tasks have a comment. */
  async commentedTasks(taskIds: readonly number[]): Promise<Set<number>> {
    if (!taskIds.length) return new Set();
    const rows = await db.comment.groupBy({ by: ["taskId"], where: { taskId: { in: [...taskIds] } } });
    return new Set(rows.flatMap((r) => (r.taskId === null ? [] : [r.taskId])));
  },

  /** Which of these tasks have a comment with a file. */
  async tasksWithFiles(taskIds: readonly number[]): Promise<Set<number>> {
    if (!taskIds.length) return new Set();
    const comments = await db.comment.findMany({
      where: { taskId: { in: [...taskIds] } },
      select: { id: true, taskId: true },
    });
    if (!comments.length) return new Set();
    const files = await db.storedFile.findMany({
      where: { recordType: "comments", recordId: { in: comments.map((c) => c.id) } },
      select: { recordId: true },
      distinct: ["recordId"],
    });
    const withFile = new Set(files.map((f) => f.recordId));
    return new Set(comments.flatMap((c) => (withFile.has(c.id) && c.taskId !== null ? [c.taskId] : [])));
  },

  /**
   * Which of these seafarers hold a document kind only in expired versions: the newest expiry of
   * some kind has passed (a renewed passport answers for the old one; no expiry never expires).
   */
  async seafarersWithExpiredDocuments(userIds: readonly number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const rows = await db.$queryRaw<{ user_id: number }[]>`
      SELECT DISTINCT user_id FROM (
        SELECT user_id, n_doc, bool_or(valid_until IS NULL OR valid_until >= CURRENT_DATE) AS held
          FROM applicant_documents
         WHERE user_id = ANY(${[...new Set(userIds)]}::int[])
         GROUP BY user_id, n_doc) kinds
       WHERE NOT held`;
    return new Set(rows.map((r) => r.user_id));
  },

  /** Whether the record an item names exists. */
  async itemExists(type: TTaskItemType, id: number): Promise<boolean> {
    switch (type) {
      case "users":
        return (await db.user.count({ where: { id } })) > 0;
      case "vessels":
        return (await db.vessel.count({ where: { id } })) > 0;
      case "crew_changes":
        return (await db.crewChange.count({ where: { id } })) > 0;
      case "vacancy_applies":
        return (await db.vacancyApply.count({ where: { id } })) > 0;
      default:
        return false;
    }
  },

  /**
   * A task written about a vacancy application becomes its task when it has none yet (the
   * application's task_id, docs/vacancies.md). Answers whether it did.
   */
  async linkApplyTask(applyId: number, taskId: number): Promise<boolean> {
    const { count } = await db.vacancyApply.updateMany({
      where: { id: applyId, taskId: null },
      data: { taskId },
    });
    return count > 0;
  },

  /** Names of the records items name, by "type:id". */
  async itemTitles(items: readonly { type: string; id: number }[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const idsOf = (t: string) => [...new Set(items.filter((i) => i.type === t).map((i) => i.id))];
    const [users, vessels, changes, applies] = await Promise.all([
      idsOf("users").length
        ? db.user.findMany({
            where: { id: { in: idsOf("users") } },
            select: { id: true, surname: true, name: true },
          })
        : [],
      idsOf("vessels").length
        ? db.vessel.findMany({ where: { id: { in: idsOf("vessels") } }, select: { id: true, name: true } })
        : [],
      idsOf("crew_changes").length
        ? db.crewChange.findMany({
            where: { id: { in: idsOf("crew_changes") } },
            select: { id: true, date: true, vessel: { select: { name: true } } },
          })
        : [],
      idsOf("vacancy_applies").length
        ? db.vacancyApply.findMany({
            where: { id: { in: idsOf("vacancy_applies") } },
            select: {
              id: true,
              candidate: { select: { surname: true, name: true } },
              vacancy: { select: { rank: { select: { title: true } }, vessel: { select: { name: true } } } },
            },
          })
        : [],
    ]);
    for (const u of users)
      out.set(`users:${u.id}`, [u.surname, u.name].filter(Boolean).join(" ") || `#${u.id}`);
    for (const v of vessels) out.set(`vessels:${v.id}`, v.name);
    for (const c of changes)
      out.set(`crew_changes:${c.id}`, `Crew change ${c.date.toISOString().slice(0, 10)} · ${c.vessel.name}`);
    for (const a of applies)
      out.set(
        `vacancy_applies:${a.id}`,
        `${[a.candidate.surname, a.candidate.name].filter(Boolean).join(" ")} → ${a.vacancy.rank.title} · ${a.vacancy.vessel.name}`,
      );
    return out;
  },

  /** Adds a watcher (once per task and person; the first reason stays). */
  async watch(taskId: number, clientIds: readonly number[], reason: TWatchReason): Promise<void> {
    if (!clientIds.length) return;
    await db.taskWatcher.createMany({
      data: [...new Set(clientIds)].map((clientId) => ({ taskId, clientId, reason })),
      skipDuplicates: true,
    });
  },

  async watcherIds(taskId: number): Promise<number[]> {
    const rows = await db.taskWatcher.findMany({ where: { taskId }, select: { clientId: true } });
    return rows.map((r) => r.clientId);
  },

  actorName(clientId: number) {
    return db.client.findUnique({ where: { id: clientId }, select: { name: true } });
  },

  /** The applicant an interaction (a comment) was written on, if it is a comment on an applicant. */
  async interactionApplicant(commentId: number): Promise<number | null> {
    const row = await db.comment.findUnique({ where: { id: commentId }, select: { userId: true } });
    return row?.userId ?? null;
  },

  /** Open tasks whose deadline is `day` and that were not reminded yet (the day-before reminder). */
  dueOn(day: Date) {
    return db.task.findMany({
      where: { ...OPEN, deadline: day, dueRemindedAt: null },
      select: { id: true, description: true, deadline: true, assigneeId: true, authorId: true },
      take: 5000,
    });
  },

  /** Open tasks whose deadline passed before `today` and that were not told overdue yet. */
  overdueBefore(today: Date) {
    return db.task.findMany({
      where: { ...OPEN, deadline: { lt: today }, overdueRemindedAt: null },
      select: { id: true, description: true, deadline: true, assigneeId: true, authorId: true },
      take: 5000,
    });
  },

  markReminded(ids: readonly number[], which: "due" | "overdue") {
    const at = new Date();
    return db.task.updateMany({
      where: { id: { in: [...ids] } },
      data: which === "due" ? { dueRemindedAt: at } : { overdueRemindedAt: at },
    });
  },

  /** Writes notices through the one notification outbox. */
  send(notices: readonly TNotice[]): Promise<number> {
    return notificationOutbox(db).send(notices);
  },
});

export type TTasksRepository = ReturnType<typeof tasksRepository>;
