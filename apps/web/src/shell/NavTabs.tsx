import { useEffect, useRef } from "react";
import { Menu, Scroller, UnstyledButton } from "@mantine/core";
import { IconCheck, IconChevronDown } from "@tabler/icons-react";
import { Link, useLocation } from "react-router-dom";
import { activeTabPath, navEntries, type TNavTab } from "./nav-tabs";
import classes from "./NavTabs.module.css";

/**
 * The horizontally scrollable tab row; the selected tab is the first path segment's. The
 * reference lists sit in one "Reference data" menu, selected when one of them is open.
 */
export const NavTabs = ({ tabs }: { tabs: readonly TNavTab[] }) => {
  const active = activeTabPath(useLocation().pathname);
  const activeRef = useRef<HTMLElement | null>(null);
  const keepActive = (element: HTMLElement | null) => {
    activeRef.current = element;
  };

  // A deep link to a tab far right (Permissions) should not leave it hidden off-screen.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [active]);

  return (
    <nav aria-label="Sections" className={classes.bar}>
      <Scroller
        controlSize={32}
        scrollAmount={240}
        edgeGradientColor="var(--mantine-color-white)"
        classNames={{ control: classes.control }}
      >
        <div className={classes.row}>
          {navEntries(tabs).map((entry) => {
            if (entry.kind === "tab") {
              const selected = entry.tab.path === active;
              return (
                <Link
                  key={entry.tab.path}
                  to={entry.tab.path}
                  ref={selected ? keepActive : undefined}
                  className={classes.tab}
                  data-active={selected || undefined}
                  aria-current={selected ? "page" : undefined}
                >
                  {entry.tab.label}
                </Link>
              );
            }
            const current = entry.tabs.find((tab) => tab.path === active);
            return (
              <Menu key={entry.label} position="bottom-start" shadow="md" withinPortal>
                <Menu.Target>
                  <UnstyledButton
                    ref={current ? keepActive : undefined}
                    className={classes.tab}
                    data-active={current ? true : undefined}
                  >
                    {/* The open list's name stays readable in the bar, as a tab's would. */}
                    {current ? `${entry.label}: ${current.label}` : entry.label}
                    <IconChevronDown size={14} className={classes.chevron} aria-hidden="true" />
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  {entry.tabs.map((tab) => {
                    const selected = tab.path === active;
                    return (
                      <Menu.Item
                        key={tab.path}
                        component={Link}
                        to={tab.path}
                        aria-current={selected ? "page" : undefined}
                        rightSection={selected ? <IconCheck size={14} aria-hidden="true" /> : null}
                        fw={selected ? 600 : undefined}
                      >
                        {tab.label}
                      </Menu.Item>
                    );
                  })}
                </Menu.Dropdown>
              </Menu>
            );
          })}
        </div>
      </Scroller>
    </nav>
  );
};
