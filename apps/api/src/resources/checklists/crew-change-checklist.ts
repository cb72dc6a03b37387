import { TASK_CLOSED_STATUSES, formatDay, type TCrewChangeChecklist } from "@crew/contracts";
import type { TChecklistRepository } from "./checklist-repository.js";

const DAY = 86_400_000;
type TAttributes = TCrewChangeChecklist["data"]["attributes"];

/** A line of the checklist still to be made. */
export interface TMissingLine {
  description: string;
  userId: number;
  checklistItemId: number;
  taskTypeId: number | null;
  deadline: Date;
}

/** What the checklist of a crew change holds, and the lines it lacks, read in one go. */
export interface TChecklistState {
  attributes: TAttributes;
  parentDescription: string;
  parentDeadline: Date;
  missing: TMissingLine[];
}

const nameOf = (user: { surname: string | null; name: string | null } | null, id: number): string =>
  [user?.surname, user?.name].filter(Boolean).join(" ") || `#${id}`;

/**
 * The crew change's checklist: for every seafarer signing on, every line of the vessel owner's
 * checklist, as the task made for it (with its status) or as the task that would be made (due
 * `days_before` days before the sign-on day). Nothing is written here; `missing` is what a
 * create would add, so the preview and the write agree by construction.
 */
export const readChecklist = async (
  repo: TChecklistRepository,
  crewChangeId: number,
): Promise<TChecklistState | null> => {
  const change = await repo.crewChange(crewChangeId);
  if (!change) return null;
  const owner = change.vessel.ownerVessel?.owner ?? null;
  const [lines, seafarers, parent] = await Promise.all([
    owner ? repo.lines(owner.id) : Promise.resolve([]),
    repo.signingOn(crewChangeId),
    repo.parent(crewChangeId),
  ]);
  const tasks = parent ? await repo.tasks(parent.id) : [];
  const made = new Map(
    tasks.flatMap((t) =>
      t.itemType === "users" && t.itemId !== null && t.checklistItemId !== null
        ? [[`${t.itemId}:${t.checklistItemId}`, t] as const]
        : [],
    ),
  );
  const joining = change.dateSignOn ?? change.date;
  const missing: TMissingLine[] = [];
  const seen = new Set<number>();
  const people = seafarers.flatMap((plan) => {
    const userId = plan.userId;
    // A seafarer with two plans at one crew change (a promotion on board) has one checklist.
    if (userId === null || seen.has(userId)) return [];
    seen.add(userId);
    const name = nameOf(plan.user, userId);
    return [
      {
        user_id: userId,
        name,
        rank: plan.manningScale.name || null,
        lines: lines.map((line) => {
          const deadline = new Date(joining.getTime() - line.daysBefore * DAY);
          const task = made.get(`${userId}:${line.id}`);
          if (!task)
            missing.push({
              description: `${line.description} — ${name}`,
              userId,
              checklistItemId: line.id,
              taskTypeId: line.taskTypeId,
              deadline,
            });
          return {
            checklist_item_id: line.id,
            description: line.description,
            task_type_title: line.taskType?.title ?? null,
            deadline: deadline.toISOString().slice(0, 10),
            task_id: task?.id ?? null,
            status: task?.status ?? null,
          };
        }),
      },
    ];
  });
  const closed = TASK_CLOSED_STATUSES as readonly string[];
  const title = [formatDay(change.date), change.port?.name, `· ${change.vessel.name}`]
    .filter(Boolean)
    .join(" ");
  return {
    attributes: {
      owner_id: owner?.id ?? null,
      owner_title: owner?.title ?? null,
      task_id: parent?.id ?? null,
      seafarers: people,
      total: tasks.length,
      done: tasks.filter((t) => closed.includes(t.status)).length,
      to_create: missing.length,
    },
    parentDescription: `Crew change checklist: ${title}`,
    parentDeadline: joining,
    missing,
  };
};

/** The JSON:API document of a crew change's checklist. */
export const checklistDocument = (
  crewChangeId: number,
  attributes: TAttributes,
  meta?: { message: string; created: number },
): TCrewChangeChecklist => ({
  data: { type: "crew_change_checklists", id: String(crewChangeId), attributes },
  ...(meta ? { meta } : {}),
});
