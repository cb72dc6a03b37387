import type { TTasksRepository } from "./tasks-repository.js";

/** Where a task's notification opens: the task manager with the task open. */
export const taskLink = (taskId: number): string => `/task-manager?task_id=${taskId}`;

/** A task's first line, short (how a notice names it). */
export const taskTitle = (description: string): string => {
  const first = (description.split("\n")[0] ?? "").trim();
  return first.length > 120 ? `${first.slice(0, 119)}…` : first;
};

/**
 * Tells people of a task (kind `task`: the profile switches it off), in the caller's transaction
 * through the notification outbox: never its own author (`actorId`), once per person.
 */
export const notifyTask = async (
  repo: TTasksRepository,
  task: { id: number; description: string },
  actorId: number | null,
  recipients: readonly (number | null)[],
  what: (actor: string) => string,
): Promise<number> => {
  const to = [...new Set(recipients.filter((r): r is number => r !== null && r !== actorId))];
  if (!to.length) return 0;
  const actor = actorId === null ? "Reminder" : ((await repo.actorName(actorId))?.name ?? "Someone");
  return repo.send(
    to.map((recipientId) => ({
      recipientId,
      authorId: actorId,
      kind: "task" as const,
      primaryText: what(actor),
      secondaryText: taskTitle(task.description),
      itemLink: taskLink(task.id),
    })),
  );
};
