import type { ReactNode } from "react";
import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "react-router-dom";

interface TProps {
  code: string;
  title: string;
  text: ReactNode;
  icon: ReactNode;
  action?: ReactNode;
}

/** Shared layout of the error screens: a calm message and one obvious way on. */
export const ErrorScreen = ({ code, title, text, icon, action }: TProps) => (
  <Center mih="60vh" px="md">
    <Stack align="center" gap="md" maw={460} ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color="blue">
        {icon}
      </ThemeIcon>
      <Text fw={700} c="dimmed" size="sm" tt="uppercase" style={{ letterSpacing: "0.08em" }}>
        Error {code}
      </Text>
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{text}</Text>
      {action ?? (
        <Button component={Link} to="/" mt="xs">
          Back to the start page
        </Button>
      )}
    </Stack>
  </Center>
);
