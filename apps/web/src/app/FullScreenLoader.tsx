import { Center, Loader, Stack, Text } from "@mantine/core";

/** The full-screen spinner of spec 2.5, with an optional line saying what it waits for. */
export const FullScreenLoader = ({ label }: { label?: string }) => (
  <Center h="100dvh" role="status" aria-live="polite">
    <Stack align="center" gap="sm">
      <Loader size="lg" type="dots" />
      {label ? (
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      ) : null}
    </Stack>
  </Center>
);
