import type { TDb } from "../../db/client.js";
import { checklistRepository } from "../../resources/checklists/checklist-repository.js";
import { readChecklist } from "../../resources/checklists/crew-change-checklist.js";

const DAY = 86_400_000;
const dayFromToday = (n: number): Date =>
  new Date(new Date(new Date().toISOString().slice(0, 10)).getTime() + n * DAY);

const TASKS: readonly {
  text: string;
  type: string;
  status: string;
  deadline: number | null;
  subtasks?: string[];
}[] = [
  { text: "Call the second officer about readiness", type: "Call a seafarer", status: "to_do", deadline: 0 },
  {
    text: "Check documents before sign-on",
    type: "Check documents",
    status: "in_progress",
    deadline: 1,
    subtasks: ["Passport validity", "Medical certificate", "STCW basic training"],
  },
  { text: "Schengen visa for the joining crew", type: "Visa", status: "to_do", deadline: 5 },
  { text: "Book flights to Rotterdam", type: "Tickets", status: "in_progress", deadline: -1 },
  { text: "Hotel for two nights before joining", type: "Hotel", status: "to_do", deadline: 3 },
  { text: "Medical check for the chief engineer", type: "Medical", status: "done", deadline: -3 },
  { text: "Order PPE for the new cadets", type: "PPE order", status: "to_do", deadline: 10 },
  { text: "Send the contract for signing", type: "Contract signing", status: "cancelled", deadline: -5 },
  { text: "Follow up on the master's references", type: "Other", status: "to_do", deadline: null },
];

const SURVEYS = [
  {
    title: "Sign-off debrief",
    definition: {
      title: "Sign-off debrief",
      description: "A few questions after your contract: they help us place you next time.",
      questions: [
        { id: "q1", kind: "rating", title: "How was life on board?", required: true, scale: 5 },
        {
          id: "q2",
          kind: "single",
          title: "Would you join this vessel again?",
          required: true,
          options: ["Yes", "Maybe", "No"],
        },
        { id: "q3", kind: "date", title: "When are you ready for the next contract?", required: false },
        { id: "q4", kind: "text", title: "Anything we should know?", required: false, multiline: true },
      ],
    },
  },
  {
    title: "Vessel appraisal",
    definition: {
      title: "Vessel appraisal",
      questions: [
        { id: "food", kind: "rating", title: "Food and provisions", required: true, scale: 5 },
        { id: "safety", kind: "yes_no", title: "Were safety drills held as scheduled?", required: true },
        {
          id: "issues",
          kind: "multiple",
          title: "What needs attention?",
          required: false,
          options: ["Accommodation", "Internet", "Workload", "Equipment"],
        },
      ],
    },
  },
];

/** What a task of these types needs before it is done (docs/tasks.md "Finish conditions"). */
const FINISH_CONDITIONS: Readonly<Record<string, string[]>> = {
  "Call a seafarer": ["comment"],
  "Check documents": ["item", "documents_valid"],
  Visa: ["attachment"],
  Tickets: ["attachment"],
};

/** The demo owners' crew change checklist: what each seafarer signing on needs, days before. */
const CHECKLIST: readonly { text: string; type: string; days: number }[] = [
  { text: "Documents checked", type: "Check documents", days: 21 },
  { text: "Medical certificate", type: "Medical", days: 14 },
  { text: "Visa", type: "Visa", days: 10 },
  { text: "PPE ordered", type: "PPE order", days: 10 },
  { text: "Flights booked", type: "Tickets", days: 5 },
  { text: "Hotel booked", type: "Hotel", days: 3 },
];

/**
 * Every demo owner's checklist, and the checklist of the next planned crew change made from it
 * through the same code the action uses (the crew change then shows "Checklist 0/N").
 */
const seedChecklists = async (
  db: TDb,
  types: ReadonlyMap<string, number>,
  actorId: number,
): Promise<void> => {
  const owners = await db.owner.findMany({ select: { id: true } });
  await db.checklistItem.createMany({
    data: owners.flatMap((o) =>
      CHECKLIST.map((line, position) => ({
        ownerId: o.id,
        description: line.text,
        taskTypeId: types.get(line.type) ?? null,
        daysBefore: line.days,
        position: position + 1,
      })),
    ),
  });
  // Far enough ahead that no line is overdue on the first day (the longest line is 21 days before).
  const next = await db.crewChange.findFirst({
    where: {
      state: "planned",
      date: { gte: dayFromToday(25) },
      signOnPlans: { some: { userId: { not: null } } },
    },
    orderBy: { date: "asc" },
    select: { id: true },
  });
  if (!next) return;
  const repo = checklistRepository(db);
  const state = await readChecklist(repo, next.id);
  if (!state?.missing.length) return;
  const parent = await repo.createParent({
    description: state.parentDescription,
    crewChangeId: next.id,
    actorId,
    deadline: state.parentDeadline,
  });
  const ids = await repo.createLines(parent.id, actorId, state.missing);
  // The first seafarer's documents and medical are checked already: the crew change shows progress.
  await db.task.updateMany({
    where: { id: { in: ids.slice(0, 2) } },
    data: { status: "done", closedAt: new Date() },
  });
};

/** A board of tasks across the demo staff with deadlines around today, and two surveys (issue 18 §5). */
export const seedTasks = async (db: TDb): Promise<void> => {
  if ((await db.task.count()) > 0) return;
  const staff = await db.client.findMany({
    where: { role: { in: ["admin", "manager", "superuser"] } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  if (!staff.length) return;
  const types = new Map((await db.taskType.findMany()).map((t) => [t.title, t.id]));
  for (const [title, conditions] of Object.entries(FINISH_CONDITIONS))
    await db.taskType.updateMany({ where: { title }, data: { finishConditions: conditions } });
  const applicants = await db.user.findMany({
    take: TASKS.length,
    orderBy: { id: "asc" },
    select: { id: true },
  });
  for (const [i, t] of TASKS.entries()) {
    const author = staff[i % staff.length]?.id ?? null;
    const assignee = staff[(i + 1) % staff.length]?.id ?? null;
    const item = applicants[i];
    const row = await db.task.create({
      data: {
        description: t.text,
        status: t.status,
        deadline: t.deadline === null ? null : dayFromToday(t.deadline),
        authorId: author,
        assigneeId: assignee,
        taskTypeId: types.get(t.type) ?? null,
        itemType: item ? "users" : null,
        itemId: item?.id ?? null,
        closedAt: t.status === "done" || t.status === "cancelled" ? new Date() : null,
      },
    });
    const watchers = [...new Set([author, assignee].filter((x): x is number => x !== null))];
    await db.taskWatcher.createMany({
      data: watchers.map((clientId) => ({
        taskId: row.id,
        clientId,
        reason: clientId === author ? "author" : "assignee",
      })),
    });
    for (const [j, s] of (t.subtasks ?? []).entries())
      await db.task.create({
        data: {
          description: s,
          status: j === 0 ? "done" : "to_do",
          authorId: author,
          assigneeId: assignee,
          addressableTaskId: row.id,
        },
      });
  }
  const admin = staff[0]?.id ?? null;
  if (admin !== null) await seedChecklists(db, types, admin);
  for (const s of SURVEYS) await db.surveySchema.create({ data: { ...s, authorId: admin } });
};
