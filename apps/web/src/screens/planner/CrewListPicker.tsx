import { crewChanges, crewLists, formatDay, timePlans } from "@crew/contracts";
import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { remove } from "../../api/data-provider";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { CrewListTable } from "../crew-changes/CrewListTable";
import type { TCrewChangeRecord, TCrewListRecord, TCrewPlanRecord } from "../crew-changes/use-crew-change";
import { PLANNER_MESSAGES } from "./planner-messages";

interface TProps {
  crewChange: TCrewChangeRecord;
  rows: readonly TCrewListRecord[];
  timeplansById: ReadonlyMap<string, TCrewPlanRecord>;
  onDone: () => void;
}

/**
 * The crew list of a crew change picked on the scheduler (/timeplans/crew-rotation/crew-change/{id}/edit,
 * select mode): each click on a plan adds it on its side or takes it out; "Pick again" empties
 * the list first (reselect mode); "Done" goes back to the planner.
 */
export const CrewListPicker = ({ crewChange, rows, timeplansById, onDone }: TProps) => {
  // One by one; a failure stops the rest, and what went already shows after the reload.
  const empty = useResourceMutation<readonly TCrewListRecord[]>({
    mutationFn: async (listed) => {
      for (const row of listed) await remove(crewLists.type, row.id);
    },
    invalidates: [crewChanges, timePlans],
    reloadOnFailure: true,
    notice: PLANNER_MESSAGES.crewListUpdated,
  });
  const a = crewChange.attributes;
  const reselect = () =>
    modals.openConfirmModal({
      title: "Pick the crew list again",
      children: (
        <Text size="sm">
          Every seafarer leaves this crew list; their plans keep their dates. Then pick the plans again.
        </Text>
      ),
      labels: { confirm: "Empty the list", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => empty.mutate(rows),
    });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="crew-list-picker">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>
              Crew change {formatDay(a.date)}
              {a.port_name ? ` at ${a.port_name}` : ""} · {a.vessel_name ?? ""}
            </Text>
            <Text size="xs" c="dimmed">
              Click a plan to put it in the crew list or take it out: a plan lying mostly after the crew
              change signs on, one lying mostly before it signs off; plans of one row pair up.
            </Text>
          </div>
          <Group gap="xs">
            {rows.length > 0 && (
              <Button size="xs" variant="subtle" color="red" onClick={reselect}>
                Pick again
              </Button>
            )}
            <Button size="xs" onClick={onDone} data-testid="crew-list-done">
              Done
            </Button>
          </Group>
        </Group>
        <CrewListTable rows={rows} timeplansById={timeplansById} mode="select" />
      </Stack>
    </Paper>
  );
};
