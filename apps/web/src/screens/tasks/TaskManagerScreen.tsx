import {
  TASK_ITEM_TYPES,
  TASK_NOTICES,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  tasks as tasksDef,
  type TTaskStatus,
} from "@crew/contracts";
import { DragDropContext, Draggable, Droppable, type DropResult } from "@hello-pangea/dnd";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue, useLocalStorage } from "@mantine/hooks";
import { IconFilter, IconPlus, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { getList, queryKeys, runAction, type TListParams } from "../../api";
import type { TResourceObject } from "@crew/contracts";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { PageHeader } from "../../resources/list/PageHeader";
import { ListError } from "../../resources/list/ListStates";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { Deadline, StatusBadge } from "./task-badges";
import { TaskDrawer } from "./TaskDrawer";
import { TaskFormModal } from "./TaskFormModal";
import { taskSearch, type TTaskAttributes, type TTaskFilter } from "./task-model";
import classes from "./tasks.module.css";

type TTask = TResourceObject<TTaskAttributes>;

/**
 * /task-manager (spec 002 §2, issue 18 §3): the tasks as a list or a board by status (drag a
 * card to another column to move it), filters kept under taskManager.filter and
 * taskManager.filterExpanded, a search whose words are joined by AND, `?task_id=` opens a task.
 */
export const TaskManagerScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const mayWrite = can(config.def.permission, "update");
  const [params, setParams] = useSearchParams();
  const openId = params.get("task_id");
  const [view, setView] = useLocalStorage<"board" | "list">({
    key: "taskManager.view",
    defaultValue: "board",
  });
  const [filter, setFilter] = useLocalStorage<TTaskFilter>({ key: "taskManager.filter", defaultValue: {} });
  const [expanded, setExpanded] = useLocalStorage<boolean>({
    key: "taskManager.filterExpanded",
    defaultValue: false,
  });
  const [searchText, setSearchText] = useState("");
  const [search] = useDebouncedValue(taskSearch(searchText), 700);
  const [creating, setCreating] = useState(false);

  const listParams: TListParams = useMemo(
    () => ({
      page: 1,
      perPage: 200,
      sort: "-created_at",
      search: search || undefined,
      filter: {
        top_level: "true",
        task_status: filter.task_status && filter.task_status !== "all" ? filter.task_status : undefined,
        assignee_id: filter.assignee_id ?? undefined,
        task_type_id: filter.task_type_id ?? undefined,
        item_type: filter.item_type ?? undefined,
        deadline_from: filter.deadline_from || undefined,
        deadline_to: filter.deadline_to || undefined,
      },
    }),
    [filter, search],
  );
  const list = useQuery({
    queryKey: queryKeys.list("tasks", listParams),
    queryFn: ({ signal }) => getList<TTaskAttributes>("tasks", listParams, signal),
    // The board is never empty for the first request: the spec loads tasks unless one is opened.
  });
  const rows: TTask[] = list.data?.data ?? [];

  const move = useResourceMutation({
    mutationFn: ({ id, status }: { id: string; status: TTaskStatus }) =>
      runAction(tasksDef, "update_status", { id, input: { status } }),
    invalidates: ["tasks"],
    notice: TASK_NOTICES.statusUpdated,
  });

  const onDragEnd = (result: DropResult) => {
    const to = result.destination?.droppableId as TTaskStatus | undefined;
    if (!to || to === result.source.droppableId) return;
    move.mutate({ id: result.draggableId, status: to });
  };

  const open = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set("task_id", id);
        else p.delete("task_id");
        return p;
      },
      { replace: false },
    );

  const setOne = <K extends keyof TTaskFilter>(key: K, value: TTaskFilter[K]) =>
    setFilter((f) => ({ ...f, [key]: value }));

  const filters = (
    <Collapse expanded={expanded}>
      <Paper withBorder p="sm" mb="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
          <Select
            label="Status"
            data={[
              { value: "all", label: "All" },
              ...TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] })),
            ]}
            value={filter.task_status ?? "all"}
            allowDeselect={false}
            onChange={(v) => setOne("task_status", (v ?? "all") as TTaskFilter["task_status"])}
          />
          <RelationshipSelect
            label="Assignee"
            type="clients"
            clearable
            value={filter.assignee_id ?? null}
            selectedLabel={filter.assignee_label}
            onChangeOption={(o) =>
              setFilter((f) => ({ ...f, assignee_id: o?.value ?? null, assignee_label: o?.label }))
            }
            onChange={() => undefined}
          />
          <RelationshipSelect
            label="Type"
            type="task_types"
            clearable
            value={filter.task_type_id ?? null}
            selectedLabel={filter.task_type_label}
            onChangeOption={(o) =>
              setFilter((f) => ({ ...f, task_type_id: o?.value ?? null, task_type_label: o?.label }))
            }
            onChange={() => undefined}
          />
          <Select
            label="About"
            clearable
            data={TASK_ITEM_TYPES.filter((t) => t.active).map((t) => ({ value: t.type, label: t.label }))}
            value={filter.item_type ?? null}
            onChange={(v) => setOne("item_type", v)}
          />
          <TextInput
            label="Deadline from"
            type="date"
            value={filter.deadline_from ?? ""}
            onChange={(e) => setOne("deadline_from", e.currentTarget.value || null)}
          />
          <TextInput
            label="Deadline to"
            type="date"
            value={filter.deadline_to ?? ""}
            onChange={(e) => setOne("deadline_to", e.currentTarget.value || null)}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" onClick={() => setFilter({})}>
            Clear filters
          </Button>
        </Group>
      </Paper>
    </Collapse>
  );

  const card = (t: TTask) => (
    <Card withBorder padding="sm" radius="md" className={t.attributes.overdue ? classes.overdue : undefined}>
      <Text fw={600} size="sm" lineClamp={2}>
        {t.attributes.title}
      </Text>
      <Group gap={6} mt={6} wrap="wrap">
        {t.attributes.task_type_title && (
          <Badge variant="outline" size="xs">
            {t.attributes.task_type_title}
          </Badge>
        )}
        {t.attributes.subtask_count > 0 && (
          <Badge variant="light" size="xs" color={t.attributes.open_subtask_count ? "orange" : "teal"}>
            {t.attributes.subtask_count - t.attributes.open_subtask_count}/{t.attributes.subtask_count}{" "}
            subtasks
          </Badge>
        )}
      </Group>
      <Group justify="space-between" mt={6} gap={4}>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {t.attributes.assignee_name ?? "Unassigned"}
        </Text>
        <Deadline task={t.attributes} />
      </Group>
    </Card>
  );

  const board = (
    <DragDropContext onDragEnd={onDragEnd}>
      <div className={classes.board}>
        {TASK_STATUSES.map((status) => {
          const inColumn = rows.filter((t) => t.attributes.status === status);
          return (
            <Droppable droppableId={status} key={status} isDropDisabled={!mayWrite}>
              {(drop, snap) => (
                <Paper
                  withBorder
                  p="xs"
                  className={classes.column}
                  data-over={snap.isDraggingOver || undefined}
                  data-testid={`column-${status}`}
                >
                  <Group justify="space-between" mb="xs">
                    <Text fw={650} size="sm">
                      {TASK_STATUS_LABELS[status]}
                    </Text>
                    <Badge variant="default" size="sm">
                      {inColumn.length}
                    </Badge>
                  </Group>
                  <div ref={drop.innerRef} {...drop.droppableProps} className={classes.cards}>
                    {inColumn.map((t, index) => (
                      <Draggable draggableId={t.id} index={index} key={t.id} isDragDisabled={!mayWrite}>
                        {(drag) => (
                          <div
                            ref={drag.innerRef}
                            {...drag.draggableProps}
                            {...drag.dragHandleProps}
                            role="button"
                            tabIndex={0}
                            aria-label={`Task ${t.attributes.title}`}
                            data-testid="task-card"
                            onClick={() => open(t.id)}
                            onKeyDown={(e) => {
                              if (e.key === "Enter") open(t.id);
                            }}
                          >
                            {card(t)}
                          </div>
                        )}
                      </Draggable>
                    ))}
                    {drop.placeholder}
                  </div>
                </Paper>
              )}
            </Droppable>
          );
        })}
      </div>
    </DragDropContext>
  );

  const table = (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table highlightOnHover verticalSpacing={8}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Task</Table.Th>
            <Table.Th w={120}>Status</Table.Th>
            <Table.Th>Assignee</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>About</Table.Th>
            <Table.Th w={150}>Deadline</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((t) => (
            <Table.Tr key={t.id} onClick={() => open(t.id)} className={classes.row} data-testid="task-row">
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={1}>
                  {t.attributes.title}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={t.attributes.status} />
              </Table.Td>
              <Table.Td>{t.attributes.assignee_name ?? "—"}</Table.Td>
              <Table.Td>{t.attributes.task_type_title ?? "—"}</Table.Td>
              <Table.Td>{t.attributes.item_title ?? "—"}</Table.Td>
              <Table.Td>
                <Deadline task={t.attributes} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <div>
      <PageHeader
        title="Task Manager"
        count={list.data?.total}
        actions={
          can(config.def.permission, "create") ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New task
            </Button>
          ) : undefined
        }
      />
      <Group mb="md" gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search tasks"
          placeholder="Search tasks"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          style={{ flex: "1 1 220px" }}
        />
        <ActionIcon
          variant={expanded ? "filled" : "default"}
          size="lg"
          aria-label="Filters"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          <IconFilter size={18} />
        </ActionIcon>
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v === "list" ? "list" : "board")}
          data={[
            { value: "board", label: "Board" },
            { value: "list", label: "List" },
          ]}
        />
      </Group>
      {filters}
      {list.isError ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : view === "board" ? (
        board
      ) : (
        table
      )}
      {!list.isLoading && rows.length === 0 && !list.isError && (
        <Stack align="center" py="lg">
          <Text c="dimmed">No tasks match.</Text>
        </Stack>
      )}
      {creating && <TaskFormModal onClose={() => setCreating(false)} onCreated={(id) => open(id)} />}
      {openId && <TaskDrawer id={openId} onClose={() => open(null)} onOpen={open} mayWrite={mayWrite} />}
    </div>
  );
};
