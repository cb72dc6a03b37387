import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconPlugConnectedX } from "@tabler/icons-react";

/** The session check got no answer: the stored session may be fine, so offer a retry instead of /login. */
export const ServerUnreachable = ({ onRetry }: { onRetry: () => void }) => (
  <Center h="100dvh" px="md">
    <Stack align="center" gap="md" maw={420} ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="orange">
        <IconPlugConnectedX size={32} stroke={1.5} />
      </ThemeIcon>
      <Title order={3}>The server cannot be reached</Title>
      <Text c="dimmed">Check your connection. Your session is kept; try again in a moment.</Text>
      <Button onClick={onRetry}>Try again</Button>
    </Stack>
  </Center>
);
