import type { TResourceDef } from "@crew/contracts";
import { Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useQueryClient } from "@tanstack/react-query";
import { IconTrash, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { firstErrorMessage, remove, runAction } from "../../api";
import { useApiErrorHandler } from "../../errors";
import { notifyError, notifySuccess } from "../../notices";
import { invalidateResource } from "../data/use-resource-queries";
import type { TBulkAction } from "./bulk-actions";
import type { TRowSelection } from "./row-selection";

export interface TBulkActionsBarProps {
  def: TResourceDef;
  selection: TRowSelection;
  actions: readonly TBulkAction[];
  canDelete: boolean;
}

const countOf = (def: TResourceDef, n: number): string =>
  `${n} ${(n === 1 ? def.label.one : def.label.many).toLowerCase()}`;

/**
 * What can be done with the chosen rows: the definition's bulk actions and delete, each
 * confirmed first. The choice clears after success; rows a delete could not remove stay chosen.
 */
export const BulkActionsBar = ({ def, selection, actions, canDelete }: TBulkActionsBarProps) => {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const [running, setRunning] = useState<string | null>(null);
  const ids = [...selection.selected];
  const count = countOf(def, ids.length);

  const runBulk = async (bulk: TBulkAction) => {
    setRunning(bulk.name);
    try {
      await runAction(def, bulk.name, { input: bulk.input(ids) });
      selection.clear();
      notifySuccess(`${bulk.action.label}: ${count} done`);
    } catch (error) {
      handleError(error);
    } finally {
      setRunning(null);
      await invalidateResource(queryClient, def.type);
    }
  };

  const deleteAll = async () => {
    setRunning("delete");
    const failed: { id: string; error: unknown }[] = [];
    for (const id of ids) {
      try {
        await remove(def.type, id);
      } catch (error) {
        failed.push({ id, error });
      }
    }
    setRunning(null);
    await invalidateResource(queryClient, def.type);
    const deleted = ids.length - failed.length;
    if (deleted > 0) notifySuccess(`${countOf(def, deleted)} deleted successfully`);
    if (failed.length) {
      notifyError(
        `${countOf(def, failed.length)} could not be deleted: ${firstErrorMessage(failed[0]?.error)}`,
      );
      selection.keep(failed.map((f) => f.id));
    } else {
      selection.clear();
    }
  };

  const confirm = (title: string, verb: string, color: string, run: () => Promise<void>) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{`${verb} ${count}?`}</Text>,
      labels: { confirm: verb, cancel: "Cancel" },
      confirmProps: { color },
      onConfirm: () => void run(),
    });

  return (
    <Group
      justify="space-between"
      gap="xs"
      px="md"
      py={8}
      bg="var(--mantine-primary-color-light)"
      data-testid="bulk-bar"
      wrap="wrap"
    >
      <Group gap="xs">
        <Text size="sm" fw={600} aria-live="polite">
          {ids.length} selected
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          color="gray"
          leftSection={<IconX size={14} />}
          onClick={selection.clear}
          disabled={running !== null}
        >
          Clear
        </Button>
      </Group>
      <Group gap="xs">
        {actions.map((bulk) => (
          <Button
            key={bulk.name}
            size="compact-sm"
            variant="default"
            loading={running === bulk.name}
            disabled={running !== null && running !== bulk.name}
            onClick={() => confirm(bulk.action.label, bulk.action.label, "blue", () => runBulk(bulk))}
          >
            {bulk.action.label}
          </Button>
        ))}
        {canDelete ? (
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            loading={running === "delete"}
            disabled={running !== null && running !== "delete"}
            onClick={() => confirm(`Delete ${def.label.many.toLowerCase()}`, "Delete", "red", deleteAll)}
          >
            Delete
          </Button>
        ) : null}
      </Group>
    </Group>
  );
};
