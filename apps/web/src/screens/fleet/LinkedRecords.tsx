import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { firstErrorMessage, isApiError, type TResourceRef } from "../../api";
import { notifyError } from "../../notices";
import type { TSelectOption } from "../../resources/data/resource-types";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { UnassignButton } from "./UnassignButton";

export interface TLinkedRecord {
  /** What `onRemove` gets (the related record's id, or the assignment's). */
  key: string;
  label: string;
  detail?: ReactNode;
  href?: string;
}

export interface TLinkedRecordsProps {
  title: string;
  /** JSON:API type offered by the picker. */
  type: string;
  pickerLabel: string;
  records: readonly TLinkedRecord[];
  loading?: boolean;
  empty: string;
  mayAdd: boolean;
  mayRemove: boolean;
  /** The writes alone; the notices and the reload of `invalidates` follow here. */
  onAdd: (option: TSelectOption) => Promise<unknown>;
  onRemove: (record: TLinkedRecord) => Promise<unknown>;
  /** Resource types that show the link (the list's own and the records on either end). */
  invalidates: readonly TResourceRef[];
  added: (label: string) => string;
  removed: string;
  testId?: string;
}

/** A refusal (the spec's 400 "already assigned", a 422) in the server's words; true when it was one. */
const refusal = (error: unknown): boolean => {
  const first = isApiError(error) ? error.apiErrors[0] : undefined;
  if (!isApiError(error) || !first || (error.status !== 400 && error.status !== 422)) return false;
  notifyError(error.status === 400 ? (first.detail ?? first.title) : first.title || firstErrorMessage(error));
  return true;
};

/**
 * A short list of linked records with a picker to add one and a button to remove one, each
 * followed by its notice: a crew user's vessels and owners, an owner's inspectors and
 * recruiters. A refusal (the spec's 400 "already assigned", a 422) shows the server's words.
 */
export const LinkedRecords = (props: TLinkedRecordsProps) => {
  const [choice, setChoice] = useState<TSelectOption | null>(null);
  const addition = useResourceMutation<TSelectOption>({
    mutationFn: props.onAdd,
    invalidates: props.invalidates,
    notice: (_, option) => props.added(option.label),
    onSuccess: () => setChoice(null),
    refusal,
  });
  const removal = useResourceMutation<TLinkedRecord>({
    mutationFn: props.onRemove,
    invalidates: props.invalidates,
    notice: props.removed,
    refusal,
  });

  const add = () => {
    if (choice) addition.mutate(choice);
  };

  return (
    <Paper withBorder shadow="xs" p="md" data-testid={props.testId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md" fw={650}>
            {props.title}
          </Title>
          <Text size="sm" c="dimmed">
            {props.records.length}
          </Text>
        </Group>
        {props.mayAdd ? (
          <Group align="flex-end" gap="sm">
            <RelationshipSelect
              label={props.pickerLabel}
              type={props.type}
              value={choice?.value ?? null}
              placeholder="Search…"
              onChange={(value) => value === null && setChoice(null)}
              onChangeOption={setChoice}
              w={280}
            />
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={add}
              disabled={!choice}
              loading={addition.isPending}
            >
              Assign
            </Button>
          </Group>
        ) : null}
        {props.records.length === 0 && !props.loading ? (
          <Text c="dimmed" size="sm">
            {props.empty}
          </Text>
        ) : null}
        {props.records.map((record) => (
          <Group key={record.key} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              {record.href ? (
                <Anchor component={Link} to={record.href} size="sm" fw={500}>
                  {record.label}
                </Anchor>
              ) : (
                <Text size="sm" fw={500}>
                  {record.label}
                </Text>
              )}
              {record.detail ? (
                <Text size="xs" c="dimmed">
                  {record.detail}
                </Text>
              ) : null}
            </Stack>
            {props.mayRemove ? (
              <UnassignButton
                name={record.label}
                icon={<IconX size={16} />}
                onClick={() => removal.mutate(record)}
              />
            ) : null}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
};
