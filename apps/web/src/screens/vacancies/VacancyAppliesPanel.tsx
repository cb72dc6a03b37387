import {
  VACANCY_APPLY_MOVES,
  VACANCY_APPLY_STATUS_LABELS,
  VACANCY_NOTICES,
  vacancyApplies,
  type TResourceObject,
  type TVacancyApplyStatus,
} from "@crew/contracts";
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { getManyReference, queryKeys, runAction } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { invalidateResource } from "../../resources/data/use-resource-queries";
import { TaskFormModal } from "../tasks/TaskFormModal";
import { APPLY_STATUS_COLOR, MOVE_VERB, moveEffect, whenOf, type TApplyAttributes } from "./apply-model";

const LIST = { perPage: 200, sort: "-created_at" } as const;

/** The id a to-one relationship of the record names (its candidate, its task). */
const linkedIdOf = (apply: TResourceObject<TApplyAttributes>, name: string): string | null => {
  const data = (apply.relationships?.[name] as { data?: { id?: unknown } | null } | undefined)?.data;
  return data && typeof data.id === "string" ? data.id : null;
};

interface TPendingMove {
  apply: TResourceObject<TApplyAttributes>;
  to: TVacancyApplyStatus;
}

export const ApplyStatusBadge = ({ status }: { status: TVacancyApplyStatus }) => (
  <Badge color={APPLY_STATUS_COLOR[status]} variant="light" radius="sm" tt="none">
    {VACANCY_APPLY_STATUS_LABELS[status]}
  </Badge>
);

/**
 * The vacancy's applications, newest first: each with its status, the moves the flow allows
 * from it (buttons), and its change comments. A move is confirmed first, saying what it
 * does beside the status (approval plans the seafarer), with an optional comment.
 */
export const VacancyAppliesPanel = ({
  vacancyId,
  vacancyTitle,
  mayUpdate,
  mayAddTask,
}: {
  vacancyId: string;
  vacancyTitle: string;
  mayUpdate: boolean;
  mayAddTask: boolean;
}) => {
  const ref = { parentType: "vacancies", parentId: vacancyId, path: "vacancy_applies" } as const;
  const applies = useQuery({
    queryKey: queryKeys.manyReference("vacancy_applies", ref, LIST),
    queryFn: ({ signal }) => getManyReference<TApplyAttributes>("vacancy_applies", ref, LIST, signal),
  });
  const [pending, setPending] = useState<TPendingMove | null>(null);
  const [comment, setComment] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const [taskFor, setTaskFor] = useState<TResourceObject<TApplyAttributes> | null>(null);
  const queryClient = useQueryClient();
  const move = useResourceMutation({
    mutationFn: ({ id, status, body }: { id: number; status: TVacancyApplyStatus; body: string }) =>
      runAction(vacancyApplies, "update_status", {
        input: { payload: { id, status, ...(body ? { body } : {}) } },
      }),
    invalidates: ["vacancy_applies", "vacancies", "time_plans"],
    notice: VACANCY_NOTICES.statusUpdated,
    onSuccess: () => {
      setPending(null);
      setComment("");
    },
  });
  const rows = applies.data?.data ?? [];
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs" data-testid="vacancy-applies">
      <Stack gap="sm">
        <Title order={4}>Applications{applies.data ? ` (${applies.data.total})` : ""}</Title>
        {applies.isLoading ? <Skeleton height={60} /> : null}
        {applies.data && rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No one is applied yet. Apply a candidate from the matches.
          </Text>
        ) : null}
        {rows.map((apply) => {
          const a = apply.attributes;
          const candidateId = linkedIdOf(apply, "candidate");
          const taskId = linkedIdOf(apply, "task");
          const moves = VACANCY_APPLY_MOVES[a.status] ?? [];
          const last = a.change_comments.at(-1);
          return (
            <Paper key={apply.id} withBorder p="sm" radius="sm" data-testid={`apply-${apply.id}`}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs" miw={0}>
                    {candidateId ? (
                      <Anchor component={Link} to={`/users/${candidateId}/details`} fw={600}>
                        {a.candidate_name}
                      </Anchor>
                    ) : (
                      <Text fw={600}>{a.candidate_name}</Text>
                    )}
                    <ApplyStatusBadge status={a.status} />
                    <Text size="xs" c="dimmed">
                      via {a.source} · {whenOf(a.created_at)}
                    </Text>
                  </Group>
                  {mayUpdate && moves.length ? (
                    <Group gap={6}>
                      {moves.map((to) => (
                        <Button
                          key={to}
                          size="compact-sm"
                          variant={to === "rejected" || to === "withdrawn" ? "default" : "light"}
                          color={to === "rejected" ? "red" : undefined}
                          data-testid={`move-${to}`}
                          onClick={() => {
                            setComment("");
                            setPending({ apply, to });
                          }}
                        >
                          {MOVE_VERB[to]}
                        </Button>
                      ))}
                    </Group>
                  ) : null}
                </Group>
                <Group gap="xs">
                  {taskId ? (
                    <Anchor
                      size="sm"
                      component={Link}
                      to={`/task-manager?task_id=${taskId}`}
                      data-testid="apply-task"
                    >
                      Task #{taskId}
                    </Anchor>
                  ) : mayAddTask ? (
                    <Anchor
                      size="sm"
                      component="button"
                      type="button"
                      title="A new task about this application; the first one becomes its task"
                      data-testid="apply-add-task"
                      onClick={() => setTaskFor(apply)}
                    >
                      Add task
                    </Anchor>
                  ) : null}
                </Group>
                {last ? (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {last.body}
                    {last.author ? ` — ${last.author}` : ""}
                  </Text>
                ) : null}
                {a.change_comments.length > 1 ? (
                  <Anchor
                    size="xs"
                    component="button"
                    type="button"
                    w="fit-content"
                    onClick={() => setOpen(open === apply.id ? null : apply.id)}
                  >
                    {open === apply.id ? "Hide changes" : `All ${a.change_comments.length} changes`}
                  </Anchor>
                ) : null}
                {open === apply.id ? (
                  <Timeline bulletSize={12} lineWidth={2} mt={4}>
                    {a.change_comments.map((c, i) => (
                      <Timeline.Item
                        key={i}
                        title={
                          VACANCY_APPLY_STATUS_LABELS[c.apply_status as TVacancyApplyStatus] ?? c.apply_status
                        }
                      >
                        <Text size="sm">{c.body}</Text>
                        <Text size="xs" c="dimmed">
                          {[c.author, whenOf(c.date)].filter(Boolean).join(" · ")}
                        </Text>
                      </Timeline.Item>
                    ))}
                  </Timeline>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {taskFor ? (
        <TaskFormModal
          initial={{
            description: `${taskFor.attributes.candidate_name} → ${vacancyTitle}`,
            itemType: "vacancy_applies",
            itemId: taskFor.id,
          }}
          onClose={() => setTaskFor(null)}
          onCreated={() => void invalidateResource(queryClient, "vacancy_applies")}
        />
      ) : null}
      {pending ? (
        <Modal
          opened
          centered
          onClose={() => setPending(null)}
          title={`${MOVE_VERB[pending.to]}?`}
          data-testid="move-dialog"
        >
          <Stack gap="sm">
            <Text size="sm" data-testid="move-summary">
              {moveEffect(
                pending.apply.attributes.status,
                pending.to,
                pending.apply.attributes.candidate_name,
                vacancyTitle,
              )}
            </Text>
            <Textarea
              label="Comment (optional)"
              description={`Kept with the change; without one it reads “Status changed to ${VACANCY_APPLY_STATUS_LABELS[pending.to]}”.`}
              autosize
              minRows={2}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button
                loading={move.isPending}
                color={pending.to === "rejected" ? "red" : undefined}
                data-testid="move-confirm"
                onClick={() =>
                  move.mutate({ id: Number(pending.apply.id), status: pending.to, body: comment.trim() })
                }
              >
                {MOVE_VERB[pending.to]}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Paper>
  );
};
