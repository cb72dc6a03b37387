import {
  RESOURCES,
  TASK_CLOSED_STATUSES,
  TASK_ITEM_TYPES,
  TASK_NOTICES,
  TASK_STATUS_LABELS,
  can,
  taskTypes,
  tasks,
  type TTaskCondition,
  type TTaskStatus,
} from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { textAt } from "../planning/row-read.js";
import { taskConditions } from "./task-conditions.js";
import { notifyTask, taskTitle } from "./task-notices.js";
import { tasksRepository } from "./tasks-repository.js";

export const taskTypesBinding: TResourceEntry = bindResource(taskTypes, "TaskType")({});

const utcToday = (): Date => new Date(new Date().toISOString().slice(0, 10));
const isOpen = (status: string): boolean => !(TASK_CLOSED_STATUSES as readonly string[]).includes(status);

/** The item's name, shown only to a reader who may read records of its type. */
const mayReadItem = (actor: TActor, type: string): boolean => {
  const def = Object.hasOwn(RESOURCES, type) ? RESOURCES[type] : undefined;
  return def !== undefined && can(actor.permissions, def.permission, "read");
};

/**
 * The refusal of spec 002 §8: a task with open subtasks, or whose type's conditions are not all
 * met, cannot be finished; `meta` says which (the drawer lists them before the user tries).
 */
const finishRefused = (open: number, unmet: readonly TTaskCondition[]): AppError =>
  new AppError("UNPROCESSABLE", TASK_NOTICES.finishRefused, [
    {
      status: "422",
      code: "task_conditions",
      title: TASK_NOTICES.finishRefusedTitle,
      detail: TASK_NOTICES.finishRefused,
      // The whole task, not a field: the client shows the refusal as a notice.
      source: { pointer: "/data" },
      meta: { open_subtasks: open, unmet_conditions: unmet.map((c) => c.label) },
    },
  ]);

/**
 * Tasks (docs/tasks.md): created to_do by the signed-in author, moved by update_status only;
 * a task is never its own ancestor; finishing one with open subtasks is refused; the author,
 * the assignee and anyone mentioned in its comments watch it and are notified.
 */
export const tasksBinding: TResourceEntry = bindResource(
  tasks,
  "Task",
  tasksRepository,
)({
  include: {
    author: { select: { name: true } },
    assignee: { select: { name: true } },
    taskType: { select: { title: true } },
  },
  computed: {
    title: (row) => taskTitle(row.description),
    author_name: (row) => textAt(row, "author", "name"),
    assignee_name: (row) => textAt(row, "assignee", "name"),
    task_type_title: (row) => textAt(row, "taskType", "title"),
    overdue: (row) => isOpen(row.status) && row.deadline !== null && row.deadline < utcToday(),
  },
  computedMany: {
    names: ["subtask_count", "open_subtask_count", "item_title", "conditions"],
    async load(rows, { repo, actor }) {
      const ids = rows.map((r) => r.id);
      const items = rows.flatMap((r) =>
        r.itemType !== null && r.itemId !== null && mayReadItem(actor, r.itemType)
          ? [{ type: r.itemType, id: r.itemId }]
          : [],
      );
      const [counts, titles, conditions] = await Promise.all([
        repo.subtaskCounts(ids),
        repo.itemTitles(items),
        taskConditions(repo, rows),
      ]);
      return new Map(
        rows.map((r) => [
          r.id,
          {
            subtask_count: counts.get(r.id)?.all ?? 0,
            open_subtask_count: counts.get(r.id)?.open ?? 0,
            item_title:
              r.itemType !== null && r.itemId !== null
                ? (titles.get(`${r.itemType}:${r.itemId}`) ?? null)
                : null,
            conditions: conditions.get(r.id) ?? [],
          },
        ]),
      );
    },
  },
  filters: {
    task_status: (value) => ({ status: String(value) }),
    deadline_from: (value) => (value instanceof Date ? { deadline: { gte: value } } : {}),
    deadline_to: (value) => (value instanceof Date ? { deadline: { lte: value } } : {}),
    top_level: (value) => (value === true ? { addressableTaskId: null } : {}),
    overdue: (value) =>
      value === true
        ? { status: { notIn: [...TASK_CLOSED_STATUSES] }, deadline: { lt: utcToday() } }
        : {
            OR: [
              { status: { in: [...TASK_CLOSED_STATUSES] } },
              { deadline: null },
              { deadline: { gte: utcToday() } },
            ],
          },
  },
  async toData(input, defaults, ctx) {
    const { itemType, itemId } = ctx.next;
    if (((itemType ?? null) === null) !== ((itemId ?? null) === null))
      throw AppError.invalid([
        { field: itemType ? "item_id" : "item_type", message: "is needed with the other half of the item" },
      ]);
    if (typeof itemType === "string" && typeof itemId === "number") {
      const declared = TASK_ITEM_TYPES.find((t) => t.type === itemType);
      if (!declared?.active)
        throw AppError.invalid([{ field: "item_type", message: "is not available yet" }]);
      if (!(await ctx.repo.itemExists(declared.type, itemId)))
        throw AppError.invalid([{ field: "item_id", message: "must exist" }]);
    }
    const parentId = defaults.addressableTaskId;
    if (typeof parentId === "number" && ctx.id !== undefined) {
      // A task may not be its own parent, nor the parent of one of its ancestors.
      if ((await ctx.repo.ancestorIds(parentId)).includes(ctx.id))
        throw AppError.invalid([
          {
            field: "addressable_task",
            location: "relationships",
            message:
              parentId === ctx.id ? "cannot be the task itself" : "cannot be one of the task's own subtasks",
          },
        ]);
    }
    if (ctx.mode === "create") return { authorId: ctx.actor.id, status: "to_do" };
    // A new deadline is reminded of again.
    if (
      defaults.deadline !== undefined &&
      (ctx.before?.deadline?.getTime() ?? null) !==
        (ctx.next.deadline instanceof Date ? ctx.next.deadline.getTime() : null)
    )
      return { dueRemindedAt: null, overdueRemindedAt: null };
    return {};
  },
  async afterWrite(after, ctx) {
    const assigneeChanged =
      after.assigneeId !== null && after.assigneeId !== (ctx.before?.assigneeId ?? null);
    if (ctx.mode === "create" && after.authorId !== null)
      await ctx.repo.watch(after.id, [after.authorId], "author");
    if (assigneeChanged && after.assigneeId !== null) {
      await ctx.repo.watch(after.id, [after.assigneeId], "assignee");
      await notifyTask(ctx.repo, after, ctx.actor.id, [after.assigneeId], (a) => `${a} assigned you a task`);
    }
    if (ctx.mode === "update" && !assigneeChanged) {
      await notifyTask(
        ctx.repo,
        after,
        ctx.actor.id,
        await ctx.repo.watcherIds(after.id),
        (a) => `${a} changed a task`,
      );
    }
    if (after.addressableTaskId !== null) ctx.touched("tasks", [after.addressableTaskId]);
    if (ctx.before?.addressableTaskId) ctx.touched("tasks", [ctx.before.addressableTaskId]);
    // The first task about a vacancy application is that application's task (its task_id).
    if (after.itemType === "vacancy_applies" && after.itemId !== null) {
      if (await ctx.repo.linkApplyTask(after.itemId, after.id))
        ctx.touched("vacancy_applies", [after.itemId]);
    }
  },
  // PATCH /tasks/{id}/relationships/addressable_task: the same ancestry rule as a write.
  async beforeRelationshipChange(change, ctx) {
    const parentId = change.ids[0];
    if (change.name !== "addressable_task" || parentId === undefined) return;
    if ((await ctx.repo.ancestorIds(parentId)).includes(ctx.id))
      throw AppError.invalid([
        {
          field: "addressable_task",
          location: "relationships",
          message:
            parentId === ctx.id ? "cannot be the task itself" : "cannot be one of the task's own subtasks",
        },
      ]);
  },
  async afterRelationshipChange(change, ctx) {
    const assigneeId = change.ids[0];
    if (change.name !== "assignee" || assigneeId === undefined) return;
    await ctx.transaction(async (repo) => {
      const task = await repo.find(ctx.id);
      if (!task) return;
      await repo.watch(task.id, [assigneeId], "assignee");
      await notifyTask(repo, task, ctx.actor.id, [assigneeId], (a) => `${a} assigned you a task`);
    });
  },
  async beforeDelete(row, ctx) {
    if (row.addressableTaskId !== null) ctx.touched("tasks", [row.addressableTaskId]);
  },
  actions: {
    async update_status(ctx) {
      const status: TTaskStatus = ctx.input.status;
      const before = await ctx.kernel.serviceOf("tasks").find(ctx.actor, ctx.id);
      await ctx.transaction(async (repo) => {
        if (status === "done") {
          const row = await repo.find(ctx.id);
          const [open, conditions] = await Promise.all([
            repo.openSubtasks(ctx.id),
            row ? taskConditions(repo, [row]) : Promise.resolve(new Map<number, TTaskCondition[]>()),
          ]);
          const unmet = (conditions.get(ctx.id) ?? []).filter((c) => !c.met);
          if (open > 0 || unmet.length > 0) throw finishRefused(open, unmet);
        }
        if (before.status === status) return;
        const row = await repo.setStatus(ctx.id, status);
        await notifyTask(repo, row, ctx.actor.id, await repo.watcherIds(row.id), (a) =>
          status === "done" ? `${a} finished a task` : `${a} moved a task to ${TASK_STATUS_LABELS[status]}`,
        );
      });
      ctx.kernel.publish("tasks", [ctx.id], "update", ctx.actor);
      if (typeof before.addressableTaskId === "number")
        ctx.kernel.publish("tasks", [before.addressableTaskId], "update", ctx.actor);
      const doc = await ctx.kernel.serviceOf("tasks").show(ctx.actor, ctx.id, {});
      return { document: { ...doc, meta: { ...doc.meta, message: TASK_NOTICES.statusUpdated } } };
    },
    async tasks_for_interaction(ctx) {
      // The interaction must be one the caller reads (404 otherwise).
      await ctx.kernel.serviceOf("comments").requireReadable(ctx.actor, ctx.input.interaction_id);
      const userId = await ctx.repo.interactionApplicant(ctx.input.interaction_id);
      if (userId === null) return { document: { data: [], meta: { count: 0 } } };
      return {
        document: await ctx.kernel
          .serviceOf("tasks")
          .list(
            ctx.actor,
            { filter: { item_type: "users", item_id: String(userId) }, page: { size: "100" } },
            ctx.url,
          ),
      };
    },
  },
});
