import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { ZDateIn, ZRecordId } from "./applicant-fields.js";
import { timestamps } from "./fields.js";
import { plainList } from "./plain-list.js";

/**
 * The task manager (spec 002 §2, §3, §7; issue 18 §3; docs/tasks.md). A task is work one staff
 * member gives another (or himself): call a seafarer, check his visa, book a ticket.
 */

/** Task statuses: a new task is always `to_do`; `done` and `cancelled` close it. */
export const TASK_STATUSES = ["to_do", "in_progress", "done", "cancelled"] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TTaskStatus, string> = {
  to_do: "To do",
  in_progress: "In progress",
  done: "Done",
  cancelled: "Cancelled",
};
/** Statuses of a task that is over (a subtask in one of these does not hold its parent back). */
export const TASK_CLOSED_STATUSES: readonly TTaskStatus[] = ["done", "cancelled"];
const taskStatusOptions = TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));

/**
 * What a task may be about (`item_type` + `item_id`): the one list. `active: false` would declare a
 * type whose records do not exist yet (so the wire and the client know it) and refuse a task
 * naming it (422) until a release turns it on. The first task about a vacancy application
 * becomes that application's `task` (docs/vacancies.md).
 */
export const TASK_ITEM_TYPES = [
  { type: "users", label: "Applicant", active: true },
  { type: "vessels", label: "Vessel", active: true },
  { type: "crew_changes", label: "Crew change", active: true },
  { type: "vacancy_applies", label: "Vacancy application", active: true },
] as const;
export type TTaskItemType = (typeof TASK_ITEM_TYPES)[number]["type"];
export const ZTaskItemType = z.enum(
  TASK_ITEM_TYPES.map((t) => t.type) as [TTaskItemType, ...TTaskItemType[]],
);
const itemTypeOptions = TASK_ITEM_TYPES.map((t) => ({ value: t.type, label: t.label }));

/** Notices of spec 002 §8. */
export const TASK_NOTICES = {
  created: "The task created successfully",
  updated: "Task updated successfully",
  statusUpdated: "Task status updated successfully",
  /** The refusal to finish a task whose subtasks are open (its detail and title). */
  finishRefused: "Check all conditions to finish task",
  finishRefusedTitle: "Status update failed",
} as const;

/** A deadline: a calendar day from 2000 to 2100 (a deadline in 1900 is a typing mistake: 422). */
export const ZTaskDeadline = ZDateIn(2000, 2100);
export const TASK_DESCRIPTION_MAX = 10_000;

/**
 * What a task of a type must show before it may be finished (issue 18 §3: "a task whose type has
 * an unmet condition is refused"). Each is checked by the server on `update_status` to done and
 * listed on the task (`conditions`) so the user sees what is missing before trying.
 */
export const TASK_FINISH_CONDITIONS = [
  { value: "item", label: "It is about a record (a seafarer, a vessel, a crew change)" },
  { value: "comment", label: "The outcome is written down (a comment on the task)" },
  { value: "attachment", label: "A file is attached (a comment with a file: the ticket, the visa)" },
  {
    value: "documents_valid",
    label: "The seafarer's documents are valid today (none expired)",
  },
] as const;
export type TTaskFinishCondition = (typeof TASK_FINISH_CONDITIONS)[number]["value"];
export const ZTaskFinishCondition = z.enum(
  TASK_FINISH_CONDITIONS.map((c) => c.value) as [TTaskFinishCondition, ...TTaskFinishCondition[]],
);
/** A condition as a task shows it: met or not (`documents_valid` on a task not about a seafarer is unmet). */
export interface TTaskCondition {
  condition: TTaskFinishCondition;
  label: string;
  met: boolean;
}

const plainTaskTypes = plainList("task_types", "taskManager", "/task-types", "Task type", "Task types");
/** Kinds of task (call a seafarer, check documents, visa, medical, tickets, hotel, ...): admins edit them, with what each needs to be finished. */
export const taskTypes = defineResource({
  ...plainTaskTypes,
  attributes: {
    title: plainTaskTypes.attributes.title,
    finish_conditions: {
      label: "To finish, it needs",
      kind: "tags",
      options: TASK_FINISH_CONDITIONS,
      input: z
        .array(ZTaskFinishCondition)
        .max(TASK_FINISH_CONDITIONS.length)
        .refine((list) => new Set(list).size === list.length, "names a condition twice"),
    },
    ...timestamps,
  },
});

/** POST /api/tasks/{id}/update_status: the status to move to (spec 002 §7 updateStatus). */
export const ZTaskStatusChange = z.strictObject({ status: z.enum(TASK_STATUSES) });

/** Tasks (spec 002 §3 Task). */
export const tasks = defineResource({
  type: "tasks",
  permission: "taskManager",
  route: "/task-manager",
  label: { one: "Task", many: "Tasks" },
  titleAttribute: "title",
  attributes: {
    /** The description's first line (how a board card and a picker name a task). */
    title: { label: "Task", kind: "text", list: true, form: false },
    description: {
      label: "Description",
      kind: "textarea",
      required: true,
      input: z
        .string()
        .trim()
        .min(1, "can't be blank")
        .max(TASK_DESCRIPTION_MAX, `is too long (maximum is ${TASK_DESCRIPTION_MAX} characters)`),
    },
    /** Read-only on the generic update: moved by update_status; a new task is to_do. */
    status: {
      label: "Status",
      kind: "select",
      list: true,
      sortable: true,
      form: false,
      options: taskStatusOptions,
    },
    deadline: {
      label: "Deadline",
      kind: "date",
      list: true,
      sortable: true,
      input: ZTaskDeadline.nullable(),
    },
    item_type: { label: "About", kind: "select", options: itemTypeOptions, input: ZTaskItemType.nullable() },
    item_id: { label: "Record", kind: "number", input: ZRecordId.nullable() },
    /** The record the task is about, named ("Ivanov Ivan", "NORDIC STAR"); null when none or gone. */
    item_title: { label: "About", kind: "text", list: true, form: false },
    author_name: { label: "Author", kind: "text", form: false },
    assignee_name: { label: "Assignee", kind: "text", list: true, form: false },
    task_type_title: { label: "Type", kind: "text", list: true, form: false },
    /** Still open (to_do or in_progress) and its deadline day has passed. */
    overdue: { label: "Overdue", kind: "boolean", form: false },
    subtask_count: { label: "Subtasks", kind: "number", form: false },
    open_subtask_count: { label: "Open subtasks", kind: "number", form: false },
    /**
     * What its type needs before it may be done, each met or not (TTaskCondition[]); empty when
     * the type asks nothing. The drawer lists them; update_status to done checks them again.
     */
    conditions: { label: "To finish", kind: "text", form: false, details: false },
    ...timestamps,
  },
  relationships: {
    author: { label: "Author", type: "clients", cardinality: "one", readOnly: true, attribute: "author_id" },
    assignee: {
      label: "Assignee",
      type: "clients",
      cardinality: "one",
      form: true,
      attribute: "assignee_id",
    },
    task_type: {
      label: "Type",
      type: "task_types",
      cardinality: "one",
      form: true,
      attribute: "task_type_id",
    },
    /** The parent task (spec's addressable_task_id): a task is never its own ancestor. */
    addressable_task: {
      label: "Parent task",
      type: "tasks",
      cardinality: "one",
      form: true,
      attribute: "addressable_task_id",
    },
  },
  // GET /api/tasks/{id}/subtasks (and POST there: a subtask with its parent filled in)
  parents: [{ type: "tasks", relationship: "addressable_task", path: "subtasks", create: true }],
  filters: {
    /** `all` (the default) is no filter. */
    task_status: {
      label: "Status",
      kind: "select",
      options: taskStatusOptions,
      input: z.enum(TASK_STATUSES),
    },
    assignee_id: { label: "Assignee", kind: "id", type: "clients", input: ZRecordId },
    author_id: { label: "Author", kind: "id", type: "clients", input: ZRecordId },
    task_type_id: { label: "Type", kind: "id", input: ZRecordId },
    item_type: { label: "About", kind: "select", options: itemTypeOptions, input: ZTaskItemType },
    item_id: { label: "Record", kind: "id", input: ZRecordId },
    deadline_from: { label: "Deadline from", kind: "date", input: ZTaskDeadline },
    deadline_to: { label: "Deadline to", kind: "date", input: ZTaskDeadline },
    /** Only tasks that are nobody's subtask (the board's top level). */
    top_level: {
      label: "Top-level only",
      kind: "boolean",
      input: z.enum(["true", "false"]).transform((v) => v === "true"),
    },
    overdue: {
      label: "Overdue",
      kind: "boolean",
      input: z.enum(["true", "false"]).transform((v) => v === "true"),
    },
  },
  search: ["description"],
  defaultSort: "-created_at",
  verbs: ALL_VERBS,
  live: true,
  actions: {
    /** POST (or PATCH) /api/tasks/{id}/update_status with {status} (spec 002 §7 updateStatus). */
    update_status: {
      label: "Change status",
      method: "POST",
      alsoMethods: ["PATCH"],
      on: "member",
      permission: { key: "taskManager", action: "update" },
      input: ZTaskStatusChange,
    },
    /**
     * GET /api/tasks/tasks_for_interaction?interaction_id= (spec 002 §7 tasksForInteraction):
     * the tasks about the applicant an interaction (a comment with its event) was written on.
     */
    tasks_for_interaction: {
      label: "Tasks of an interaction",
      method: "GET",
      on: "collection",
      permission: { key: "taskManager", action: "read" },
      input: z.strictObject({ interaction_id: ZRecordId }),
    },
  },
});
