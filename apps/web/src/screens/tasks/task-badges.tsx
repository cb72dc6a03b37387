import { TASK_STATUS_LABELS, formatDay, type TTaskStatus } from "@crew/contracts";
import { Badge, Text } from "@mantine/core";
import type { TTaskAttributes } from "./task-model";

const STATUS_COLOR: Record<TTaskStatus, string> = {
  to_do: "gray",
  in_progress: "blue",
  done: "teal",
  cancelled: "dark",
};

/** A task's status as the board, the list and the task's panel show it. */
export const StatusBadge = ({ status }: { status: TTaskStatus }) => (
  <Badge color={STATUS_COLOR[status]} variant="light" size="sm">
    {TASK_STATUS_LABELS[status]}
  </Badge>
);

/** The deadline as dd.mm.yyyy, red when it has passed. */
export const Deadline = ({ task }: { task: TTaskAttributes }) =>
  task.deadline ? (
    <Text size="sm" c={task.overdue ? "red" : undefined} fw={task.overdue ? 600 : undefined}>
      {formatDay(task.deadline)}
      {task.overdue ? " · overdue" : ""}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      No deadline
    </Text>
  );
