import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { ZRecordId } from "./applicant-fields.js";
import { timestamps } from "./fields.js";

/**
 * The crew change checklist (issue 18 §3, "beyond the spec"): an owner's list of what is done for
 * every seafarer signing on (documents checked, visa, medical, tickets, hotel, PPE order). From a
 * crew change, one action makes the tasks for each seafarer signing on; the crew change shows how
 * many are done (docs/tasks.md "Crew change checklist").
 */

export const CHECKLIST_DAYS_BEFORE_MAX = 120;

/** A line of an owner's checklist: GET|POST /api/owners/{id}/checklist_items. */
export const checklistItems = defineResource({
  type: "checklist_items",
  permission: "owners",
  label: { one: "Checklist line", many: "Crew change checklist" },
  titleAttribute: "description",
  attributes: {
    description: {
      label: "What to do",
      kind: "text",
      required: true,
      list: true,
      input: z.string().trim().min(1, "can't be blank").max(255, "is too long (maximum is 255 characters)"),
    },
    days_before: {
      label: "Due days before the crew change",
      kind: "number",
      list: true,
      default: 0,
      input: z.coerce
        .number()
        .int("must be a whole number of days")
        .min(0, "must not be negative")
        .max(CHECKLIST_DAYS_BEFORE_MAX, `must be at most ${CHECKLIST_DAYS_BEFORE_MAX} days`),
    },
    position: { label: "Order", kind: "number", list: true, sortable: true, input: z.coerce.number().int() },
    task_type_title: { label: "Task type", kind: "text", list: true, form: false, details: false },
    ...timestamps,
  },
  relationships: {
    owner: { label: "Owner", type: "owners", cardinality: "one", required: true, attribute: "owner_id" },
    task_type: {
      label: "Task type",
      type: "task_types",
      cardinality: "one",
      form: true,
      attribute: "task_type_id",
    },
  },
  parents: [{ type: "owners", relationship: "owner", path: "checklist_items", create: true }],
  filters: { owner_id: { label: "Owner", kind: "id", input: ZRecordId } },
  defaultSort: "position",
  sorts: ["position"],
  verbs: ALL_VERBS,
  actions: {
    /**
     * GET: what the checklist of a crew change holds and would add (nothing is written).
     * POST: makes the missing tasks; `expected` is the count the user was shown (409 when the
     * crew list or the checklist changed since: the user sees the new preview first).
     */
    crew_change_checklist: {
      label: "Crew change checklist",
      method: "GET",
      on: "member",
      path: "/crew_changes/:id/checklist",
      record: "crew_changes",
      permission: { key: "crewChange", action: "read" },
    },
    create_crew_change_checklist: {
      label: "Create the crew change checklist",
      method: "POST",
      on: "member",
      path: "/crew_changes/:id/checklist",
      record: "crew_changes",
      permission: { key: "taskManager", action: "create" },
      input: z.strictObject({ expected: z.coerce.number().int().min(0) }),
    },
  },
});

/** One line of the checklist preview: a task that exists (with its status) or would be made. */
export const ZChecklistLine = z.object({
  checklist_item_id: z.number().int(),
  description: z.string(),
  task_type_title: z.string().nullable(),
  deadline: z.string(),
  task_id: z.number().int().nullable(),
  status: z.string().nullable(),
});
/** A seafarer signing on and his lines. */
export const ZChecklistSeafarer = z.object({
  user_id: z.number().int(),
  name: z.string(),
  rank: z.string().nullable(),
  lines: z.array(ZChecklistLine),
});
/** GET /api/crew_changes/{id}/checklist (and the answer of the POST, after it wrote). */
export const ZCrewChangeChecklist = z.object({
  data: z.object({
    type: z.literal("crew_change_checklists"),
    id: z.string(),
    attributes: z.object({
      owner_id: z.number().int().nullable(),
      owner_title: z.string().nullable(),
      /** The parent task the lines hang under (null until made). */
      task_id: z.number().int().nullable(),
      seafarers: z.array(ZChecklistSeafarer),
      total: z.number().int(),
      done: z.number().int(),
      /** Lines the POST would make now. */
      to_create: z.number().int(),
    }),
  }),
  meta: z.object({ message: z.string().optional(), created: z.number().int().optional() }).optional(),
});
export type TCrewChangeChecklist = z.infer<typeof ZCrewChangeChecklist>;

export const CHECKLIST_NOTICES = {
  created: (n: number) => (n === 1 ? "1 checklist task created" : `${n} checklist tasks created`),
  changed: "The crew list or the checklist changed: check the new list and create again",
} as const;
