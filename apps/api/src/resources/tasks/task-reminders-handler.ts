import { handleJob } from "../../jobs/define-job.js";
import { notifyTask } from "./task-notices.js";
import { taskRemindersJob } from "./task-reminders-job.js";
import { tasksRepository } from "./tasks-repository.js";

const DAY = 86_400_000;

/**
 * docs/tasks.md "Reminders": each open task whose deadline is tomorrow tells its assignee (or,
 * without one, its author) once; each open task whose deadline has passed tells its assignee
 * and author once. The notices and the marks that they went out are written in one
 * transaction, so a second run (or a retry) sends nothing twice; moving the deadline clears
 * the marks.
 */
export const taskRemindersHandler = handleJob(taskRemindersJob, async (_payload, ctx) => {
  const today = new Date(new Date().toISOString().slice(0, 10));
  const tomorrow = new Date(today.getTime() + DAY);
  const told = await ctx.write(null, async (tx) => {
    const repo = tasksRepository(tx);
    const due = await repo.dueOn(tomorrow);
    const overdue = await repo.overdueBefore(today);
    let sent = 0;
    for (const t of due)
      sent += await notifyTask(repo, t, null, [t.assigneeId ?? t.authorId], () => "A task is due tomorrow");
    for (const t of overdue)
      sent += await notifyTask(repo, t, null, [t.assigneeId, t.authorId], () => "A task is overdue");
    await repo.markReminded(
      due.map((t) => t.id),
      "due",
    );
    await repo.markReminded(
      overdue.map((t) => t.id),
      "overdue",
    );
    return { due: due.length, overdue: overdue.length, sent };
  });
  ctx.logger.info(told, "task reminders");
});
