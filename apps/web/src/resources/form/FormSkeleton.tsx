import { Group, Skeleton, Stack } from "@mantine/core";

export const FormSkeleton = ({ fields = 3 }: { fields?: number }) => (
  <Stack gap="md" aria-busy="true">
    {Array.from({ length: fields }, (_, i) => (
      <Stack key={i} gap={6}>
        <Skeleton height={10} width={90} radius="sm" />
        <Skeleton height={36} radius="md" />
      </Stack>
    ))}
    <Group justify="flex-end" gap="sm">
      <Skeleton height={36} width={80} radius="md" />
      <Skeleton height={36} width={110} radius="md" />
    </Group>
  </Stack>
);
