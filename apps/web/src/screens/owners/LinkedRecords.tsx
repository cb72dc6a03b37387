import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { firstErrorMessage, isApiError } from "../../api";
import { useApiErrorHandler } from "../../errors";
import { notifyError, notifySuccess } from "../../notices";
import type { TSelectOption } from "../../resources/data/resource-types";
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
  onAdd: (option: TSelectOption) => Promise<void>;
  onRemove: (record: TLinkedRecord) => Promise<void>;
  added: (label: string) => string;
  removed: string;
  testId?: string;
}

/**
 * A short list of linked records with a picker to add one and a button to remove one, each
 * followed by its notice: a crew user's vessels and owners, an owner's inspectors and
 * recruiters. A refusal (the spec's 400 "already assigned", a 422) shows the server's words.
 */
export const LinkedRecords = (props: TLinkedRecordsProps) => {
  const handleError = useApiErrorHandler();
  const [choice, setChoice] = useState<TSelectOption | null>(null);
  const [busy, setBusy] = useState(false);

  const refused = (error: unknown) => {
    const first = isApiError(error) ? error.apiErrors[0] : undefined;
    if (isApiError(error) && first && (error.status === 400 || error.status === 422)) {
      notifyError(error.status === 400 ? (first.detail ?? first.title) : first.title || firstErrorMessage(error));
    } else {
      handleError(error);
    }
  };

  const add = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      await props.onAdd(choice);
      notifySuccess(props.added(choice.label));
      setChoice(null);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (record: TLinkedRecord) => {
    try {
      await props.onRemove(record);
      notifySuccess(props.removed);
    } catch (error) {
      refused(error);
    }
  };

  return (
    <Paper withBorder shadow="xs" p="md" data-testid={props.testId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md" fw={650}>{props.title}</Title>
          <Text size="sm" c="dimmed">{props.records.length}</Text>
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
            <Button leftSection={<IconPlus size={16} />} onClick={() => void add()} disabled={!choice} loading={busy}>
              Assign
            </Button>
          </Group>
        ) : null}
        {props.records.length === 0 && !props.loading ? <Text c="dimmed" size="sm">{props.empty}</Text> : null}
        {props.records.map((record) => (
          <Group key={record.key} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              {record.href ? <Anchor component={Link} to={record.href} size="sm" fw={500}>{record.label}</Anchor> : <Text size="sm" fw={500}>{record.label}</Text>}
              {record.detail ? <Text size="xs" c="dimmed">{record.detail}</Text> : null}
            </Stack>
            {props.mayRemove ? (
              <UnassignButton name={record.label} icon={<IconX size={16} />} onClick={() => void remove(record)} />
            ) : null}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
};
