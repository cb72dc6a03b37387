import { clients, type TClientStatus } from "@crew/contracts";
import { ColorSwatch, Group, Select } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { runAction } from "../../api";
import { useApiErrorHandler } from "../../errors";
import { notifySuccess } from "../../notices";
import { invalidateResource } from "../../resources/data/use-resource-queries";
import { isClientStatus, STATUS_CHANGED_MESSAGE, STATUS_COLORS, STATUS_OPTIONS } from "./client-status";

export interface TStatusSelectProps {
  clientId: string;
  name: string;
  status: TClientStatus;
}

/**
 * A crew user's status in their row (spec 002: active, away, deactivated). Shows the new
 * value at once, then PATCH /api/clients/{id}/status; the old value returns on failure.
 */
export const StatusSelect = ({ clientId, name, status }: TStatusSelectProps) => {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const [pending, setPending] = useState<TClientStatus | null>(null);
  const shown = pending ?? status;

  const change = async (next: TClientStatus) => {
    if (next === status) return;
    setPending(next);
    try {
      await runAction(clients, "status", { id: clientId, input: { status: next } });
      await invalidateResource(queryClient, "clients");
      notifySuccess(STATUS_CHANGED_MESSAGE);
    } catch (error) {
      handleError(error);
    } finally {
      setPending(null);
    }
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
        if (isClientStatus(value)) void change(value);
      }}
      leftSection={<ColorSwatch color={`var(--mantine-color-${STATUS_COLORS[shown]}-6)`} size={10} withShadow={false} />}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          <ColorSwatch
            color={`var(--mantine-color-${isClientStatus(option.value) ? STATUS_COLORS[option.value] : "gray"}-6)`}
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
