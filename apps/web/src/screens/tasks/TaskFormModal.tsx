import { TASK_ITEM_TYPES, TASK_NOTICES } from "@crew/contracts";
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { useState } from "react";
import { create, createManyReference, update } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { useNarrowScreen } from "../../lib/use-narrow-screen";

export interface TTaskFormValues {
  description: string;
  deadline: string;
  assignee: { id: string; label: string } | null;
  taskType: { id: string; label: string } | null;
  itemType: string | null;
  itemId: string;
}

const EMPTY: TTaskFormValues = {
  description: "",
  deadline: "",
  assignee: null,
  taskType: null,
  itemType: null,
  itemId: "",
};

/**
 * New task (or subtask, with `parentId`), or an edit of one (`id` and `initial`): description,
 * assignee, type, deadline and what it is about. A new task is always to_do (the server sets it).
 */
export const TaskFormModal = ({
  id,
  parentId,
  initial,
  onClose,
  onCreated,
}: {
  id?: string;
  parentId?: string;
  initial?: Partial<TTaskFormValues>;
  onClose: () => void;
  onCreated?: (id: string) => void;
}) => {
  const narrow = useNarrowScreen();
  const [values, setValues] = useState<TTaskFormValues>({ ...EMPTY, ...initial });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof TTaskFormValues>(k: K, v: TTaskFormValues[K]) =>
    setValues((old) => ({ ...old, [k]: v }));

  const save = useResourceMutation({
    mutationFn: async (v: TTaskFormValues) => {
      const attributes = {
        description: v.description,
        deadline: v.deadline || null,
        item_type: v.itemType && v.itemId ? v.itemType : null,
        item_id: v.itemType && v.itemId ? Number(v.itemId) : null,
      };
      // An edit sends only the pickers the user changed (nothing else moves).
      const relationships: Record<string, { type: string; id: string } | null> = {};
      if (!id || (v.assignee?.id ?? null) !== (initial?.assignee?.id ?? null))
        relationships.assignee = v.assignee ? { type: "clients", id: v.assignee.id } : null;
      if (!id || (v.taskType?.id ?? null) !== (initial?.taskType?.id ?? null))
        relationships.task_type = v.taskType ? { type: "task_types", id: v.taskType.id } : null;
      if (id) return update("tasks", id, attributes, relationships);
      if (parentId)
        return createManyReference(
          "tasks",
          { parentType: "tasks", parentId, path: "subtasks" },
          attributes,
          relationships,
        );
      return create("tasks", attributes, relationships);
    },
    invalidates: ["tasks"],
    notice: id ? TASK_NOTICES.updated : TASK_NOTICES.created,
    onSuccess: (row) => {
      if (!id) onCreated?.(row.id);
      onClose();
    },
    onFailure: (action) => {
      if (action?.kind === "fields") setErrors(action.fields);
    },
  });

  const title = id ? "Edit task" : parentId ? "New subtask" : "New task";
  return (
    <Modal opened onClose={onClose} title={title} fullScreen={narrow} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          save.mutate(values);
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            data-autofocus
            value={values.description}
            error={errors.description}
            onChange={(e) => set("description", e.currentTarget.value)}
          />
          <Group grow align="flex-start" wrap="wrap">
            <RelationshipSelect
              label="Assignee"
              type="clients"
              value={values.assignee?.id ?? null}
              selectedLabel={values.assignee?.label}
              error={errors.assignee}
              onChange={() => undefined}
              onChangeOption={(o) => set("assignee", o ? { id: o.value, label: o.label } : null)}
            />
            <RelationshipSelect
              label="Type"
              type="task_types"
              value={values.taskType?.id ?? null}
              selectedLabel={values.taskType?.label}
              error={errors.task_type}
              onChange={() => undefined}
              onChangeOption={(o) => set("taskType", o ? { id: o.value, label: o.label } : null)}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Deadline"
              type="date"
              value={values.deadline}
              error={errors.deadline}
              onChange={(e) => set("deadline", e.currentTarget.value)}
            />
            <Select
              label="About"
              clearable
              data={TASK_ITEM_TYPES.filter((t) => t.active).map((t) => ({ value: t.type, label: t.label }))}
              value={values.itemType}
              error={errors.item_type}
              onChange={(v) => set("itemType", v)}
            />
            <TextInput
              label="Record number"
              inputMode="numeric"
              disabled={!values.itemType}
              value={values.itemId}
              error={errors.item_id}
              onChange={(e) => set("itemId", e.currentTarget.value.replace(/\D/g, ""))}
            />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {id ? "Save" : "Create"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
