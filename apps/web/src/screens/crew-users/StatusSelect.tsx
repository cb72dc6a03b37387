import { crewUsers, type TCrewUserStatus } from "@crew/contracts";
import { ColorSwatch, Group, Select } from "@mantine/core";
import { runAction } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { isCrewUserStatus, STATUS_CHANGED_MESSAGE, STATUS_COLORS, STATUS_OPTIONS } from "./crew-user-status";

export interface TStatusSelectProps {
  clientId: string;
  name: string;
  status: TCrewUserStatus;
}

/**
 * A crew user's status in their row (spec 002: active, away, deactivated). Shows the new
 * value at once, then PATCH /api/clients/{id}/status; the old value returns on failure.
 */
export const StatusSelect = ({ clientId, name, status }: TStatusSelectProps) => {
  // The variable is the status chosen: shown until the list has reloaded, dropped on failure.
  const write = useResourceMutation<TCrewUserStatus>({
    mutationFn: (next) => runAction(crewUsers, "status", { id: clientId, input: { status: next } }),
    invalidates: ["clients"],
    notice: STATUS_CHANGED_MESSAGE,
  });
  const pending = write.isPending ? (write.variables ?? null) : null;
  const shown = pending ?? status;

  const change = (next: TCrewUserStatus) => {
    if (next !== status) write.mutate(next);
  };

  return (
    <Select
      aria-label={`Status of ${name}`}
      size="xs"
      w={150}
      data={STATUS_OPTIONS}
      value={shown}
      allowDeselect={false}
      disabled={pending !== null}
      onChange={(value) => {
        if (isCrewUserStatus(value)) change(value);
      }}
      leftSection={
        <ColorSwatch color={`var(--mantine-color-${STATUS_COLORS[shown]}-6)`} size={10} withShadow={false} />
      }
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          <ColorSwatch
            color={`var(--mantine-color-${isCrewUserStatus(option.value) ? STATUS_COLORS[option.value] : "gray"}-6)`}
            size={10}
            withShadow={false}
          />
          {option.label}
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
