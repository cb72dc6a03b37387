import { useEffect, useRef } from "react";
import { Scroller } from "@mantine/core";
import { Link, useLocation } from "react-router-dom";
import { activeTabPath, type TNavTab } from "./nav-tabs";
import classes from "./NavTabs.module.css";

/** The horizontally scrollable tab row; the selected tab is the first path segment's. */
export const NavTabs = ({ tabs }: { tabs: readonly TNavTab[] }) => {
  const active = activeTabPath(useLocation().pathname);
  const activeRef = useRef<HTMLAnchorElement>(null);

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
          {tabs.map((tab) => {
            const selected = tab.path === active;
            return (
              <Link
                key={tab.path}
                to={tab.path}
                ref={selected ? activeRef : undefined}
                className={classes.tab}
                data-active={selected || undefined}
                aria-current={selected ? "page" : undefined}
              >
                {tab.label}
              </Link>
            );
          })}
        </div>
      </Scroller>
    </nav>
  );
};
