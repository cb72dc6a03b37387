import { CHECKLIST_NOTICES, ZCrewChangeChecklist, checklistItems, formatDate } from "@crew/contracts";
import type { TTaskStatus } from "@crew/contracts";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconChecklist } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { runActionFor } from "../../api";
import { useLiveChanges } from "../../api/use-live-changes";
import { ApiError } from "../../api/api-error";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { StatusBadge } from "../tasks/task-badges";

/** Under `tasks`: a task moved anywhere reloads the checklist. */
const checklistKey = (id: string) => ["tasks", "checklist", id] as const;

const readChecklist = (id: string, signal?: AbortSignal) =>
  runActionFor(checklistItems, "crew_change_checklist", { id }, ZCrewChangeChecklist, { signal });

/**
 * The crew change's checklist (docs/tasks.md "Crew change checklist"): for every seafarer
 * signing on, each line of the vessel owner's checklist, as the task made for it (its status) or
 * "not made yet"; how many are done; and a button that first lists the tasks it will make and
 * makes them only when confirmed (the server refuses if the list changed meanwhile).
 */
export const CrewChangeChecklist = ({
  crewChangeId,
  mayCreate,
}: {
  crewChangeId: string;
  mayCreate: boolean;
}) => {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const checklist = useQuery({
    queryKey: checklistKey(crewChangeId),
    queryFn: ({ signal }) => readChecklist(crewChangeId, signal),
  });
  useLiveChanges(["tasks", "crew_lists", "checklist_items"], () => {
    void queryClient.invalidateQueries({ queryKey: checklistKey(crewChangeId) });
  });
  const create = useResourceMutation({
    mutationFn: (expected: number) =>
      runActionFor(
        checklistItems,
        "create_crew_change_checklist",
        { id: crewChangeId, input: { expected } },
        ZCrewChangeChecklist,
      ),
    notice: (answer) => answer.meta?.message ?? CHECKLIST_NOTICES.created(0),
    invalidates: ["tasks", "crew_changes"],
    onSuccess: () => setConfirming(false),
    // The crew list or the checklist moved since the preview: show the new one and ask again.
    refusal: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return false;
      void checklist.refetch();
      return false;
    },
  });

  const a = checklist.data?.data.attributes;
  const toMake = a
    ? a.seafarers.flatMap((s) =>
        s.lines.filter((l) => l.task_id === null).map((l) => ({ seafarer: s, line: l })),
      )
    : [];
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs" data-testid="crew-change-checklist">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconChecklist size={18} />
            <Title order={4}>Checklist</Title>
            {a && a.total > 0 && (
              <Badge
                variant="light"
                color={a.done === a.total ? "teal" : "blue"}
                data-testid="checklist-progress"
              >
                {a.done}/{a.total} done
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {a?.task_id != null && (
              <Button size="xs" variant="default" component={Link} to={`/task-manager?task_id=${a.task_id}`}>
                Open in the task manager
              </Button>
            )}
            {mayCreate && a && a.to_create > 0 && (
              <Button size="xs" onClick={() => setConfirming(true)} data-testid="checklist-create">
                Create {a.to_create} {a.to_create === 1 ? "task" : "tasks"}
              </Button>
            )}
          </Group>
        </Group>
        {checklist.isPending ? (
          <Skeleton height={60} />
        ) : checklist.isError || !a ? (
          <Alert color="red">The checklist could not be read.</Alert>
        ) : a.owner_id === null ? (
          <Text size="sm" c="dimmed">
            The vessel has no owner, so there is no checklist to follow.
          </Text>
        ) : a.seafarers.length === 0 || a.seafarers[0]?.lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {a.seafarers.length === 0 ? (
              "Nobody signs on at this crew change yet."
            ) : (
              <>
                {a.owner_title} has no checklist yet: add its lines on the{" "}
                <Anchor component={Link} to={`/owners/${a.owner_id}/checklist_items`}>
                  owner's page
                </Anchor>
                .
              </>
            )}
          </Text>
        ) : (
          <>
            {a.total > 0 && (
              <Progress value={(a.done / a.total) * 100} size="sm" aria-label="Checklist done" />
            )}
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Seafarer</Table.Th>
                    {a.seafarers[0]?.lines.map((l) => (
                      <Table.Th key={l.checklist_item_id}>{l.description}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {a.seafarers.map((s) => (
                    <Table.Tr key={s.user_id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {s.name}
                        </Text>
                        {s.rank && (
                          <Text size="xs" c="dimmed">
                            {s.rank}
                          </Text>
                        )}
                      </Table.Td>
                      {s.lines.map((l) => (
                        <Table.Td key={l.checklist_item_id}>
                          {l.task_id === null ? (
                            <Text size="xs" c="dimmed">
                              not made · due {formatDate(l.deadline)}
                            </Text>
                          ) : (
                            <Anchor
                              component={Link}
                              to={`/task-manager?task_id=${l.task_id}`}
                              underline="never"
                            >
                              <StatusBadge status={(l.status ?? "to_do") as TTaskStatus} />
                            </Anchor>
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
      <Modal
        opened={confirming && a !== undefined}
        onClose={() => setConfirming(false)}
        title={`Create ${toMake.length} checklist ${toMake.length === 1 ? "task" : "tasks"}?`}
        size="lg"
      >
        <Stack gap="sm">
          <Text size="sm">
            These tasks will be made for you, under one task for this crew change, each due the listed day:
          </Text>
          <Table fz="sm" verticalSpacing={2} data-testid="checklist-confirm-list">
            <Table.Tbody>
              {toMake.map(({ seafarer, line }) => (
                <Table.Tr key={`${seafarer.user_id}:${line.checklist_item_id}`}>
                  <Table.Td>{seafarer.name}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td>{line.task_type_title ?? "—"}</Table.Td>
                  <Table.Td>{formatDate(line.deadline)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              loading={create.isPending}
              onClick={() => create.mutate(toMake.length)}
              data-testid="checklist-confirm"
            >
              Create {toMake.length} {toMake.length === 1 ? "task" : "tasks"}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
};
