import {
  TASK_CLOSED_STATUSES,
  TASK_NOTICES,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  comments as commentsDef,
  tasks as tasksDef,
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
  Textarea,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { getManyReference, getOne, queryKeys, runAction } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { useNarrowScreen } from "../../lib/use-narrow-screen";
import { Deadline, StatusBadge } from "./task-badges";
import { TaskFormModal } from "./TaskFormModal";
import type { TTaskAttributes } from "./task-model";

interface TCommentAttributes {
  body: string;
  author_name: string;
  created_at: string;
}

/** The text of a sanitised comment body (markup dropped; shown as text, never as HTML). */
const textOf = (html: string): string =>
  new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";

const when = (iso: string): string => {
  const d = new Date(iso);
  return `${d.toLocaleDateString("en-GB").replace(/\//g, ".")} ${d.toTimeString().slice(0, 5)}`;
};

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
 * One task (`?task_id=`): its status, details, subtasks (loaded lazily, 250 ms after the task
 * opens, as the spec's debounce), and its comments oldest first with a box to add one.
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
  const [comment, setComment] = useState("");
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
  const commentRef = { parentType: "tasks", parentId: id, path: "comments" } as const;
  const commentParams = { perPage: 999, sort: "created_at" } as const;
  const comments = useQuery({
    queryKey: queryKeys.manyReference("comments", commentRef, commentParams),
    queryFn: ({ signal }) =>
      getManyReference<TCommentAttributes>("comments", commentRef, commentParams, signal),
    enabled: lazyId === id,
  });

  const move = useResourceMutation({
    mutationFn: ({ taskId, status }: { taskId: string; status: TTaskStatus }) =>
      runAction(tasksDef, "update_status", { id: taskId, input: { status } }),
    invalidates: ["tasks"],
    notice: TASK_NOTICES.statusUpdated,
  });
  const addComment = useResourceMutation({
    mutationFn: (body: string) =>
      runAction(commentsDef, "create", {
        input: { body, addressable_type: "tasks", addressable_id: Number(id) },
      }),
    invalidates: ["comments"],
    notice: "The comment created successfully",
    onSuccess: () => setComment(""),
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
          <Stack gap="xs" data-testid="task-comments">
            {(comments.data?.data ?? []).map((c) => (
              <Paper key={c.id} withBorder p="xs">
                <Group justify="space-between" gap="xs">
                  <Text size="xs" fw={600}>
                    {c.attributes.author_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {when(c.attributes.created_at)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {textOf(c.attributes.body)}
                </Text>
              </Paper>
            ))}
            <Textarea
              aria-label="Comment"
              placeholder="Write a comment"
              autosize
              minRows={2}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                size="xs"
                disabled={!comment.trim()}
                loading={addComment.isPending}
                onClick={() => addComment.mutate(comment)}
              >
                Comment
              </Button>
            </Group>
          </Stack>
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
