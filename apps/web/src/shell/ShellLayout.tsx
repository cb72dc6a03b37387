import { Suspense } from "react";
import { AppShell, Box, Center, Group, Loader, Progress } from "@mantine/core";
import { Outlet, useNavigation } from "react-router-dom";
import { SCREEN_PATHS } from "../resources/screens";
import { useNarrowScreen } from "../lib/use-narrow-screen";
import { useCurrentUser, useSession } from "../session/use-session";
import { HelpButton } from "./HelpButton";
import { Logo } from "../brand/Logo";
import { NavTabs } from "./NavTabs";
import { showNavigationBar, visibleTabs } from "./nav-tabs";
import { NotificationsButton } from "./notifications/NotificationsButton";
import { UserMenu } from "./UserMenu";
import classes from "./ShellLayout.module.css";

const TOP_BAR = 60;
/** The tab row (44 px) with its top border, plus the header's own bottom border. */
const TAB_ROW = 46;

/** The signed-in frame: header with logo, help, notifications and account; tab row; the screen. */
export const ShellLayout = () => {
  const user = useCurrentUser();
  const { can } = useSession();
  const narrow = useNarrowScreen();
  const navigation = useNavigation();
  const tabs = visibleTabs(can, SCREEN_PATHS);
  const withTabs = showNavigationBar(tabs);

  return (
    <AppShell header={{ height: withTabs ? TOP_BAR + TAB_ROW : TOP_BAR }} padding={0}>
      <AppShell.Header className={classes.header}>
        {/* Lazy screens load between navigations: a thin bar says something is happening. */}
        {navigation.state === "loading" ? (
          <Progress
            value={100}
            animated
            size={2}
            radius={0}
            className={classes.progress}
            aria-label="Loading"
          />
        ) : null}
        <Group h={TOP_BAR} px={{ base: "sm", sm: "lg" }} justify="space-between" wrap="nowrap">
          <Logo compact={narrow} />
          <Group gap={narrow ? 2 : 6} wrap="nowrap">
            {can("showHeaderHelp", "enable") ? <HelpButton /> : null}
            {can("showHeaderNotifications", "enable") ? <NotificationsButton /> : null}
            <UserMenu user={user} tabs={tabs} />
          </Group>
        </Group>
        {withTabs ? <NavTabs tabs={tabs} /> : null}
      </AppShell.Header>

      <AppShell.Main className={classes.main}>
        <Box className={classes.content}>
          <Suspense
            fallback={
              <Center py={80}>
                <Loader type="dots" />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
};

export default ShellLayout;
