import { Box, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowRight, IconCompass } from "@tabler/icons-react";
import { Link } from "react-router-dom";
import { useCurrentUser, useSession } from "../session/use-session";
import { visibleTabs } from "../shell/nav-tabs";
import { SCREEN_PATHS } from "./screens-bridge";
import classes from "./StartPage.module.css";

const greeting = (hour: number): string =>
  hour >= 5 && hour < 12 ? "Good morning" : hour >= 12 && hour < 18 ? "Good afternoon" : "Good evening";

/**
 * Stands at '/' until the timeline planner arrives: a greeting and the sections this
 * account can open, so the root is never empty.
 */
export const StartPage = () => {
  const user = useCurrentUser();
  const { can } = useSession();
  const sections = visibleTabs(can, SCREEN_PATHS).filter((tab) => tab.path !== "/");
  const firstName = user.name.split(" ")[0] || user.name;

  return (
    <Box maw={1280} py="xs">
      <Stack gap={4} mb="xl">
        <Title order={2}>
          {greeting(new Date().getHours())}, {firstName}
        </Title>
        <Text c="dimmed">
          {sections.length > 0 ? "Pick up where you left off." : "Welcome to the crewing back office."}
        </Text>
      </Stack>

      {sections.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing={{ base: "xs", sm: "md" }}>
          {sections.map((tab) => (
            <Card key={tab.path} component={Link} to={tab.path} withBorder className={classes.card}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{tab.label}</Text>
                <IconArrowRight size={18} className={classes.arrow} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Card withBorder padding="xl" maw={560}>
          <Group align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={44} radius="xl" variant="light">
              <IconCompass size={24} />
            </ThemeIcon>
            <div>
              <Text fw={600}>Nothing to open here yet</Text>
              <Text c="dimmed" size="sm" mt={4}>
                The sections your account can use will appear here and in the navigation bar. If you expected
                to see one, ask an administrator to check your permissions.
              </Text>
            </div>
          </Group>
        </Card>
      )}
    </Box>
  );
};
