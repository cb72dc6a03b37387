import type { TTaskCondition, TTaskStatus } from "@crew/contracts";

/** A task as the screens read it (the server's attributes of `tasks`). */
export interface TTaskAttributes {
  title: string;
  description: string;
  status: TTaskStatus;
  deadline: string | null;
  item_type: string | null;
  item_id: number | null;
  item_title: string | null;
  author_name: string | null;
  assignee_name: string | null;
  task_type_title: string | null;
  overdue: boolean;
  subtask_count: number;
  open_subtask_count: number;
  conditions: TTaskCondition[];
  created_at: string;
}

/** The filter kept under taskManager.filter (spec 002 §9): only what is set is sent. */
export interface TTaskFilter {
  task_status?: TTaskStatus | "all";
  assignee_id?: string | null;
  assignee_label?: string;
  task_type_id?: string | null;
  task_type_label?: string;
  item_type?: string | null;
  deadline_from?: string | null;
  deadline_to?: string | null;
}

/**
 * Spec 002 §5 task search: trimmed; several words without an OR/AND operator are joined with
 * AND (the server's search matches every word, so the words are sent as they are, spaced once).
 */
export const taskSearch = (text: string): string => {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.filter((w) => w !== "AND").join(" ");
};
