import type { TTx } from "../../db/client.js";
import { tasksRepository } from "../tasks/tasks-repository.js";

/** Owners' checklist lines, and what a crew change's checklist needs to be read and made. */
export const checklistRepository = (db: TTx) => ({
  /** The crew change, its vessel's owner and the day the seafarers join. */
  crewChange(id: number) {
    return db.crewChange.findUnique({
      where: { id },
      select: {
        id: true,
        date: true,
        dateSignOn: true,
        vessel: {
          select: { name: true, ownerVessel: { select: { owner: { select: { id: true, title: true } } } } },
        },
        port: { select: { name: true } },
      },
    });
  },

  /** An owner's checklist, in its order. */
  lines(ownerId: number) {
    return db.checklistItem.findMany({
      where: { ownerId },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: {
        id: true,
        description: true,
        daysBefore: true,
        taskTypeId: true,
        taskType: { select: { title: true } },
      },
    });
  },

  /** The seafarers signing on at the crew change (plans with an applicant), in rank order. */
  signingOn(crewChangeId: number) {
    return db.timePlan.findMany({
      where: { crewChangeSignOnId: crewChangeId, userId: { not: null } },
      orderBy: [{ manningScale: { crewingPriority: "asc" } }, { id: "asc" }],
      select: {
        userId: true,
        manningScale: { select: { name: true } },
        user: { select: { surname: true, name: true } },
      },
    });
  },

  /** The parent task of the crew change's checklist, if made. */
  parent(crewChangeId: number) {
    return db.task.findFirst({
      where: { checklist: true, itemType: "crew_changes", itemId: crewChangeId },
      orderBy: { id: "asc" },
      select: { id: true },
    });
  },

  /** The checklist's tasks (the parent's subtasks). */
  tasks(parentId: number) {
    return db.task.findMany({
      where: { addressableTaskId: parentId },
      select: { id: true, status: true, itemType: true, itemId: true, checklistItemId: true },
    });
  },

  createParent(data: { description: string; crewChangeId: number; actorId: number; deadline: Date }) {
    return db.task.create({
      data: {
        description: data.description,
        status: "to_do",
        checklist: true,
        itemType: "crew_changes",
        itemId: data.crewChangeId,
        authorId: data.actorId,
        assigneeId: data.actorId,
        deadline: data.deadline,
      },
      select: { id: true },
    });
  },

  /** Makes the lines' tasks under the parent; answers their ids. */
  async createLines(
    parentId: number,
    actorId: number,
    lines: readonly {
      description: string;
      userId: number;
      checklistItemId: number;
      taskTypeId: number | null;
      deadline: Date;
    }[],
  ): Promise<number[]> {
    const made = await db.task.createManyAndReturn({
      data: lines.map((l) => ({
        description: l.description,
        status: "to_do",
        itemType: "users",
        itemId: l.userId,
        checklistItemId: l.checklistItemId,
        taskTypeId: l.taskTypeId,
        deadline: l.deadline,
        authorId: actorId,
        assigneeId: actorId,
        addressableTaskId: parentId,
      })),
      select: { id: true },
    });
    const ids = made.map((m) => m.id);
    const tasks = tasksRepository(db);
    for (const id of [parentId, ...ids]) await tasks.watch(id, [actorId], "author");
    return ids;
  },

  /** Two people making one crew change's checklist at once: one after the other. */
  async lock(crewChangeId: number): Promise<void> {
    await db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('checklist'), ${crewChangeId})`;
  },

  /** The next position at the end of an owner's checklist. */
  async nextPosition(ownerId: number): Promise<number> {
    const last = await db.checklistItem.aggregate({ where: { ownerId }, _max: { position: true } });
    return (last._max.position ?? 0) + 1;
  },
});

export type TChecklistRepository = ReturnType<typeof checklistRepository>;
