import { Avatar, Badge, Box, Group, Menu, ScrollArea, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconDatabaseOff, IconLogout, IconRefresh, IconUser } from "@tabler/icons-react";
import { useNavigate } from "react-router-dom";
import type { TCurrentUser } from "@crew/contracts";
import { resetApplicationState, resetCache } from "../lib/app-reset";
import { useNarrowScreen } from "../lib/use-narrow-screen";
import { signOut } from "../session/session-actions";
import { useSession } from "../session/use-session";
import { menuLabelOf, type TNavTab } from "./nav-tabs";
import { StatusChanger } from "./StatusChanger";
import classes from "./UserMenu.module.css";
import { STATUS_COLORS, initialsOf } from "../lib/people";

/** The account menu (spec 2.5): status, narrow-screen tabs, the two resets, sign-out. */
export const UserMenu = ({ user, tabs }: { user: TCurrentUser; tabs: readonly TNavTab[] }) => {
  const { can } = useSession();
  const narrow = useNarrowScreen();
  const navigate = useNavigate();

  return (
    <Menu position="bottom-end" width={280} shadow="md" withinPortal closeOnItemClick>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label="Account menu" data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Box pos="relative">
              <Avatar src={user.avatar || null} alt={user.name} radius="xl" size={34} color="blue">
                {initialsOf(user.name)}
              </Avatar>
              <span className={classes.statusDot} data-status={user.status} aria-hidden="true" />
            </Box>
            {narrow ? null : (
              <Box maw={180} style={{ lineHeight: 1.15 }}>
                <Text size="sm" fw={600} truncate>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user.role.replace("_", " ")}
                </Text>
              </Box>
            )}
            <IconChevronDown size={14} className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>

      <Menu.Dropdown>
        <Box px="sm" pt="xs" pb={8}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm" truncate>
              {user.name}
            </Text>
            <Badge size="xs" variant="light" color={STATUS_COLORS[user.status]}>
              {user.status}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>

        {can("crewUserStatus", "update") ? (
          <>
            <Menu.Divider />
            <StatusChanger user={user} />
          </>
        ) : null}

        {narrow && tabs.length > 1 ? (
          <>
            <Menu.Divider />
            <Menu.Label>Go to</Menu.Label>
            <ScrollArea.Autosize mah={240} type="auto">
              {tabs.map((tab) => (
                <Menu.Item key={tab.path} onClick={() => navigate(tab.path)}>
                  {menuLabelOf(tab)}
                </Menu.Item>
              ))}
            </ScrollArea.Autosize>
          </>
        ) : null}

        <Menu.Divider />
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate("/profile")}>
          My profile
        </Menu.Item>
        <Menu.Item leftSection={<IconRefresh size={16} />} onClick={resetApplicationState}>
          Reset application state
        </Menu.Item>
        <Menu.Item leftSection={<IconDatabaseOff size={16} />} onClick={() => void resetCache()}>
          Reset cache
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
