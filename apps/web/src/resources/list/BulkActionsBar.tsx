import type { TResourceDef } from "@crew/contracts";
import { Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconTrash, IconX } from "@tabler/icons-react";
import { firstErrorMessage, remove, runAction } from "../../api";
import { notifyError } from "../../notices";
import { useResourceMutation } from "../data/use-resource-mutation";
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
  const ids = [...selection.selected];
  const count = countOf(def, ids.length);

  const bulkRun = useResourceMutation<TBulkAction>({
    mutationFn: (bulk) => runAction(def, bulk.name, { input: bulk.input(ids) }),
    invalidates: [def],
    notice: (_, bulk) => `${bulk.action.label}: ${count} done`,
    onSuccess: () => selection.clear(),
  });

  // One request per row: a row the server refuses stays chosen, the others go.
  const bulkDelete = useResourceMutation<readonly string[], { id: string; error: unknown }[]>({
    mutationFn: async (chosen) => {
      const failed: { id: string; error: unknown }[] = [];
      for (const id of chosen) {
        try {
          await remove(def.type, id);
        } catch (error) {
          failed.push({ id, error });
        }
      }
      return failed;
    },
    invalidates: [def],
    notice: (failed, chosen) =>
      chosen.length > failed.length
        ? `${countOf(def, chosen.length - failed.length)} deleted successfully`
        : undefined,
    onSuccess: (failed) => {
      if (failed.length === 0) return selection.clear();
      notifyError(
        `${countOf(def, failed.length)} could not be deleted: ${firstErrorMessage(failed[0]?.error)}`,
      );
      selection.keep(failed.map((f) => f.id));
    },
  });

  const running = bulkDelete.isPending
    ? "delete"
    : bulkRun.isPending
      ? (bulkRun.variables?.name ?? null)
      : null;
  const runBulk = async (bulk: TBulkAction) => {
    await bulkRun.mutateAsync(bulk).catch(() => undefined);
  };
  const deleteAll = async () => {
    await bulkDelete.mutateAsync(ids).catch(() => undefined);
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
