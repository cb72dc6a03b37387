import { Alert, Button, EmptyState, Group, Skeleton, Stack, Table } from "@mantine/core";
import { IconAlertTriangle, IconFilterOff, IconInbox, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { firstErrorMessage } from "../../api";

/** Placeholder rows shaped like the table, so the page does not jump when data arrives. */
export const TableSkeleton = ({ columns, rows = 8 }: { columns: number; rows?: number }) => (
  <Table.Tbody aria-busy="true">
    {Array.from({ length: rows }, (_, r) => (
      <Table.Tr key={r}>
        {Array.from({ length: columns }, (_, c) => (
          <Table.Td key={c}>
            <Skeleton height={12} radius="sm" width={c === 0 ? `${55 + ((r * 17) % 35)}%` : "60%"} />
          </Table.Td>
        ))}
      </Table.Tr>
    ))}
  </Table.Tbody>
);

export const CardsSkeleton = ({ rows = 5 }: { rows?: number }) => (
  <Stack gap="xs" p="sm" aria-busy="true">
    {Array.from({ length: rows }, (_, r) => (
      <Stack key={r} gap={8} p="sm">
        <Skeleton height={14} width={`${50 + ((r * 13) % 40)}%`} radius="sm" />
        <Skeleton height={10} width="70%" radius="sm" />
      </Stack>
    ))}
  </Stack>
);

export interface TEmptyListProps {
  /** A filter or search hides records; offer to clear it instead of inviting a first record. */
  filtered: boolean;
  many: string;
  onClear: () => void;
  createAction?: ReactNode;
}

export const EmptyList = ({ filtered, many, onClear, createAction }: TEmptyListProps) =>
  filtered ? (
    <EmptyState
      py={48}
      icon={<IconFilterOff size={28} />}
      withIndicatorBackground
      title="Nothing matches"
      description={`No ${many.toLowerCase()} match the current search and filter.`}
    >
      <EmptyState.Actions>
        <Button variant="default" onClick={onClear}>
          Clear search and filter
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  ) : (
    <EmptyState
      py={48}
      icon={<IconInbox size={28} />}
      withIndicatorBackground
      title={`No ${many.toLowerCase()} yet`}
      description={createAction ? "Records you add appear here." : "Nothing has been added yet."}
    >
      {createAction ? <EmptyState.Actions>{createAction}</EmptyState.Actions> : null}
    </EmptyState>
  );

export const ListError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => (
  <Alert
    m="md"
    color="red"
    variant="light"
    icon={<IconAlertTriangle size={18} />}
    title="The list could not be loaded"
  >
    <Group justify="space-between" gap="sm">
      <span>{firstErrorMessage(error)}</span>
      <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
        Try again
      </Button>
    </Group>
  </Alert>
);
