import {
  TASK_FINISH_CONDITIONS,
  ZTaskFinishCondition,
  type TTaskCondition,
  type TTaskFinishCondition,
} from "@crew/contracts";
import type { TTasksRepository } from "./tasks-repository.js";

/** The facts a task's conditions are judged on. */
interface TTaskFacts {
  id: number;
  taskTypeId: number | null;
  itemType: string | null;
  itemId: number | null;
}

const labelOf = (c: TTaskFinishCondition): string =>
  TASK_FINISH_CONDITIONS.find((d) => d.value === c)?.label ?? c;

/**
 * Each task's finish conditions (docs/tasks.md "Finish conditions"), met or not, read for a page
 * of tasks at once: the type's conditions, the tasks' comments and their files, and whether each
 * seafarer a task is about holds every document kind he has in a version valid today.
 */
export const taskConditions = async (
  repo: TTasksRepository,
  tasks: readonly TTaskFacts[],
): Promise<Map<number, TTaskCondition[]>> => {
  const out = new Map<number, TTaskCondition[]>(tasks.map((t) => [t.id, []]));
  const typeIds = [...new Set(tasks.flatMap((t) => (t.taskTypeId === null ? [] : [t.taskTypeId])))];
  const types = await repo.finishConditions(typeIds);
  const asked = (t: TTaskFacts): TTaskFinishCondition[] =>
    t.taskTypeId === null
      ? []
      : (types.get(t.taskTypeId) ?? []).flatMap((c) => ZTaskFinishCondition.safeParse(c).data ?? []);
  const needing = (c: TTaskFinishCondition) => tasks.filter((t) => asked(t).includes(c));
  const commentIds = [...needing("comment"), ...needing("attachment")].map((t) => t.id);
  const seafarers = needing("documents_valid").flatMap((t) =>
    t.itemType === "users" && t.itemId !== null ? [t.itemId] : [],
  );
  const [commented, withFiles, expired] = await Promise.all([
    repo.commentedTasks(commentIds),
    repo.tasksWithFiles(needing("attachment").map((t) => t.id)),
    repo.seafarersWithExpiredDocuments(seafarers),
  ]);
  for (const t of tasks) {
    const met = (c: TTaskFinishCondition): boolean => {
      switch (c) {
        case "item":
          return t.itemType !== null && t.itemId !== null;
        case "comment":
          return commented.has(t.id);
        case "attachment":
          return withFiles.has(t.id);
        case "documents_valid":
          return t.itemType === "users" && t.itemId !== null && !expired.has(t.itemId);
      }
    };
    out.set(
      t.id,
      asked(t).map((c) => ({ condition: c, label: labelOf(c), met: met(c) })),
    );
  }
  return out;
};
