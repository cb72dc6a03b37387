import { Group, Paper, Skeleton, Stack } from "@mantine/core";

/** Shown while a screen's code loads: the outline of a list page, so nothing jumps. */
export const RouteFallback = () => (
  <Stack gap="md" aria-busy="true" aria-label="Loading">
    <Group justify="space-between">
      <Skeleton height={28} width={200} radius="sm" />
      <Skeleton height={36} width={140} radius="md" />
    </Group>
    <Paper withBorder p="md" shadow="xs">
      <Stack gap="md">
        <Skeleton height={36} width="40%" radius="md" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={14} width={`${90 - (i % 3) * 12}%`} radius="sm" />
        ))}
      </Stack>
    </Paper>
  </Stack>
);
