import type { TCommentableType, TNotificationKind } from "@crew/contracts";
import { excerpt, plainText } from "./comment-body.js";
import type { TCommentNotice, TCommentsRepository } from "./comments-repository.js";

/** Why someone hears of a comment (the per-person settings switch kinds on and off). */
export type TCommentNoticeKind = TNotificationKind;
export type { TCommentNotice };

export interface TCommentFacts {
  id: number;
  body: string;
  addressableType: TCommentableType;
  addressableId: number;
  authorId: number;
}

/** The comment's page: where a notification's link opens. */
export const commentLink = (c: Pick<TCommentFacts, "addressableType" | "addressableId" | "id">): string =>
  c.addressableType === "users"
    ? `/users/${c.addressableId}/comments`
    : c.addressableType === "time_plans"
      ? `/timeplans?plan=${c.addressableId}&comment=${c.id}`
      : c.addressableType === "tasks"
        ? `/task-manager?task_id=${c.addressableId}&comment=${c.id}`
        : `/vessels/${c.addressableId}/comments`;

/**
 * The one place comment notifications are made and sent (spec 000 §3.5 shape): to each person
 * newly mentioned, to the recruiters of an applicant commented on (staff assigned to a vessel,
 * or its owner's fleet, where the applicant has a plan not yet over), to the coordinator of the
 * vessel a commented plan is on. Never to the author; one notice per person (a mention first).
 * Runs in the comment's transaction, through the notification outbox.
 */
export const notifyComment = async (
  repo: TCommentsRepository,
  comment: TCommentFacts,
  mentioned: readonly number[],
  /** An edit: only those the new text mentions for the first time. */
  opts: { mentionsOnly?: boolean } = {},
): Promise<number> => {
  const actor = (await repo.actorName(comment.authorId))?.name ?? "Someone";
  const text = excerpt(plainText(comment.body), 140) || "(no text)";
  const itemLink = commentLink(comment);
  const byRecipient = new Map<number, TCommentNotice>();
  const add = (kind: TCommentNoticeKind, recipientId: number, primaryText: string) => {
    if (recipientId === comment.authorId || byRecipient.has(recipientId)) return;
    byRecipient.set(recipientId, {
      kind,
      notice: { recipientId, authorId: comment.authorId, primaryText, secondaryText: text, itemLink },
    });
  };

  let where = "";
  if (comment.addressableType === "users") {
    const a = await repo.applicantName(comment.addressableId);
    where = a ? ` about ${[a.surname, a.name].filter(Boolean).join(" ")}` : "";
  }
  let coordinator: { coordinatorId: number | null; vesselName: string } | null = null;
  if (comment.addressableType === "time_plans" && !opts.mentionsOnly) {
    coordinator = await repo.coordinatorOfPlan(comment.addressableId);
    where = coordinator ? ` on a plan of ${coordinator.vesselName}` : "";
  }

  let taskWatchers: number[] = [];
  if (comment.addressableType === "tasks") {
    const task = await repo.taskWatchers(comment.addressableId);
    where = task ? ` on the task "${excerpt(plainText(task.description.split("\n")[0] ?? ""), 60)}"` : "";
    taskWatchers = task?.watchers ?? [];
    // Whoever is mentioned on a task watches it from then on (docs/tasks.md).
    await repo.watchTask(comment.addressableId, mentioned);
  }

  for (const id of mentioned) add("mention", id, `${actor} mentioned you${where}`);
  if (opts.mentionsOnly) return repo.send([...byRecipient.values()]);
  for (const id of taskWatchers) add("task", id, `${actor} commented${where}`);
  if (comment.addressableType === "users") {
    const today = new Date(new Date().toISOString().slice(0, 10));
    for (const id of await repo.recruitersOfApplicant(comment.addressableId, today))
      add("recruited_applicant", id, `${actor} commented${where}`);
  }
  if (coordinator?.coordinatorId)
    add("coordinated_plan", coordinator.coordinatorId, `${actor} commented${where}`);

  return repo.send([...byRecipient.values()]);
};
