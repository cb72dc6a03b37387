import {
  TASK_CLOSED_STATUSES,
  TASK_NOTICES,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  tasks as tasksDef,
  type TTaskCondition,
  type TTaskStatus,
} from "@crew/contracts";
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCircleCheck, IconCircleDashed, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { getManyReference, getOne, queryKeys, runAction } from "../../api";
import { RecordComments } from "../comments/RecordComments";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useNarrowScreen } from "../../lib/use-narrow-screen";
import { Deadline, StatusBadge } from "./task-badges";
import { TaskFormModal } from "./TaskFormModal";
import type { TTaskAttributes } from "./task-model";

/** The picker value of a to-one relationship as served ({data: {type, id}}), named by its label. */
const linked = (rel: unknown, label: string | null): { id: string; label: string } | null => {
  const data = (rel as { data?: { id?: unknown } | null } | undefined)?.data;
  return data && typeof data.id === "string" ? { id: data.id, label: label ?? data.id } : null;
};

const SUBTASKS = { perPage: 200, sort: "created_at" } as const;

/** One line of the task's facts: the name dimmed on the left, the value on the right. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group justify="space-between">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    {typeof children === "string" ? <Text size="sm">{children}</Text> : children}
  </Group>
);

/**
 * What the task's type needs before it may be done, ticked when met (the server checks them
 * again when the task is moved to done, and refuses with the spec's notice while one is unmet).
 */
const Conditions = ({ conditions }: { conditions: readonly TTaskCondition[] }) =>
  conditions.length === 0 ? null : (
    <Paper withBorder p="sm" data-testid="task-conditions">
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
        To finish this task
      </Text>
      <Stack gap={4}>
        {conditions.map((c) => (
          <Group key={c.condition} gap={6} wrap="nowrap" data-met={c.met}>
            {c.met ? (
              <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-label="met" />
            ) : (
              <IconCircleDashed size={16} color="var(--mantine-color-orange-7)" aria-label="not yet" />
            )}
            <Text size="sm" c={c.met ? undefined : "orange.9"}>
              {c.label}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );

/**
 * One task (`?task_id=`): its status, details, subtasks (loaded lazily, 250 ms after the task
 * opens, as the spec's debounce), what its type needs to be finished, and its comments oldest
 * first with a box to add one (with @-mentions: a mentioned colleague watches the task).
 */
export const TaskDrawer = ({
  id,
  onClose,
  onOpen,
  mayWrite,
}: {
  id: string;
  onClose: () => void;
  onOpen: (id: string) => void;
  mayWrite: boolean;
}) => {
  const narrow = useNarrowScreen();
  const [editing, setEditing] = useState(false);
  const [addingSubtask, setAddingSubtask] = useState(false);
  const task = useQuery({
    queryKey: queryKeys.one("tasks", id),
    queryFn: ({ signal }) => getOne<TTaskAttributes>("tasks", id, { include: [] }, signal),
  });
  const [lazyId] = useDebouncedValue(id, 250);
  const ref = { parentType: "tasks", parentId: id, path: "subtasks" } as const;
  const subtasks = useQuery({
    queryKey: queryKeys.manyReference("tasks", ref, SUBTASKS),
    queryFn: ({ signal }) => getManyReference<TTaskAttributes>("tasks", ref, SUBTASKS, signal),
    enabled: lazyId === id,
  });
  const move = useResourceMutation({
    mutationFn: ({ taskId, status }: { taskId: string; status: TTaskStatus }) =>
      runAction(tasksDef, "update_status", { id: taskId, input: { status } }),
    invalidates: ["tasks"],
    notice: TASK_NOTICES.statusUpdated,
  });
  const t = task.data?.data;
  const a = t?.attributes;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={narrow ? "100%" : "lg"}
      title={<Text fw={650}>Task</Text>}
    >
      {task.isError && <Alert color="red">This task could not be read.</Alert>}
      {!a ? (
        !task.isError && <Loader size="sm" />
      ) : (
        <Stack gap="md">
          <div>
            <Title order={3} fz={20} data-testid="task-title">
              {a.title}
            </Title>
            {a.description.includes("\n") && (
              <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap" }}>
                {a.description.split("\n").slice(1).join("\n")}
              </Text>
            )}
          </div>
          <SegmentedControl
            aria-label="Status"
            fullWidth
            disabled={!mayWrite || move.isPending}
            value={a.status}
            onChange={(v) => move.mutate({ taskId: id, status: v })}
            data={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
          />
          <Paper withBorder p="sm">
            <Stack gap={6}>
              <Fact label="Assignee">{a.assignee_name ?? "Unassigned"}</Fact>
              <Fact label="Type">{a.task_type_title ?? "—"}</Fact>
              <Fact label="Deadline">
                <Deadline task={a} />
              </Fact>
              <Fact label="About">{a.item_title ?? "—"}</Fact>
              <Fact label="Author">{a.author_name ?? "—"}</Fact>
            </Stack>
          </Paper>
          <Conditions conditions={a.conditions} />
          {mayWrite && (
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setEditing(true)}>
                Edit
              </Button>
            </Group>
          )}
          <Divider label="Subtasks" labelPosition="left" />
          <Stack gap={4} data-testid="subtasks">
            {subtasks.isLoading || lazyId !== id ? (
              <Loader size="xs" />
            ) : (
              (subtasks.data?.data ?? []).map((s) => (
                <Group key={s.id} gap="xs" wrap="nowrap" justify="space-between">
                  <Checkbox
                    label={s.attributes.title}
                    disabled={!mayWrite}
                    checked={s.attributes.status === "done"}
                    onChange={(e) =>
                      move.mutate({ taskId: s.id, status: e.currentTarget.checked ? "done" : "to_do" })
                    }
                  />
                  <Group gap={6} wrap="nowrap">
                    <StatusBadge status={s.attributes.status} />
                    <Button variant="subtle" size="compact-xs" onClick={() => onOpen(s.id)}>
                      Open
                    </Button>
                  </Group>
                </Group>
              ))
            )}
            {subtasks.data && subtasks.data.data.length === 0 && (
              <Text size="sm" c="dimmed">
                No subtasks.
              </Text>
            )}
            {mayWrite && !(TASK_CLOSED_STATUSES as readonly string[]).includes(a.status) && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setAddingSubtask(true)}
                w="fit-content"
              >
                Add subtask
              </Button>
            )}
          </Stack>
          <Divider label="Comments" labelPosition="left" />
          <RecordComments
            of={{ type: "tasks", id }}
            order="oldest"
            emptyText="No comments on this task yet."
            invalidates={["tasks"]}
            testId="task-comments"
            addTestId="task-comment-add"
          />
        </Stack>
      )}
      {editing && a && (
        <TaskFormModal
          id={id}
          initial={{
            description: a.description,
            deadline: a.deadline?.slice(0, 10) ?? "",
            itemType: a.item_type,
            itemId: a.item_id ? String(a.item_id) : "",
            assignee: linked(t?.relationships?.assignee, a.assignee_name),
            taskType: linked(t?.relationships?.task_type, a.task_type_title),
          }}
          onClose={() => setEditing(false)}
        />
      )}
      {addingSubtask && <TaskFormModal parentId={id} onClose={() => setAddingSubtask(false)} />}
    </Drawer>
  );
};
