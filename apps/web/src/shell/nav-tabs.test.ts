import { describe, expect, it } from "vitest";
import type { TAction, TPermissionKey } from "@crew/contracts";
import type { TCan } from "../session/use-session";
import { NAV_TABS, activeTabPath, menuLabelOf, showNavigationBar, visibleTabs } from "./nav-tabs";

const canOnly =
  (readable: readonly TPermissionKey[]): TCan =>
  (key: TPermissionKey, action: TAction | "enable") =>
    action === "read" && readable.includes(key);

const ALL_SCREENS = NAV_TABS.map((t) => t.path);

describe("navigation tabs (spec 2.5)", () => {
  it("keeps the spec's order, then the extra reference lists and Permissions", () => {
    expect(NAV_TABS.slice(0, 4).map((t) => t.label)).toEqual(["Vessels", "Timeplans", "Owners", "Managers"]);
    const extra = NAV_TABS.slice(-5).map((t) => t.label);
    expect(extra.slice(0, 3)).toEqual(["Vessel types", "Crewing statuses", "English test types"]);
    expect(extra.at(-1)).toBe("Permissions");
    expect(NAV_TABS.find((t) => t.path === "/crew-users")).toMatchObject({ label: "Users", permission: "crewUsers" });
    expect(NAV_TABS.find((t) => t.path === "/users")).toMatchObject({ label: "Seafarers", permission: "users" });
  });

  it("shows a tab only with {section}.read", () => {
    const tabs = visibleTabs(canOnly(["ranks", "vesselTypes"]), ALL_SCREENS);
    expect(tabs.map((t) => t.path)).toEqual(["/ranks", "/vessel-types"]);
  });

  it("shows a tab only once its screen exists", () => {
    const tabs = visibleTabs(canOnly(["ranks", "vessels", "timeplans"]), ["/ranks"]);
    expect(tabs.map((t) => t.path)).toEqual(["/ranks"]);
  });

  it("keeps the order of NAV_TABS whatever the order of the screen list", () => {
    const tabs = visibleTabs(canOnly(["ranks", "crewUsers", "permissions"]), ["/permissions", "/ranks", "/crew-users"]);
    expect(tabs.map((t) => t.label)).toEqual(["Users", "Ranks", "Permissions"]);
  });

  it("shows the bar only with more than one tab", () => {
    expect(showNavigationBar([])).toBe(false);
    expect(showNavigationBar(visibleTabs(canOnly(["ranks"]), ALL_SCREENS))).toBe(false);
    expect(showNavigationBar(visibleTabs(canOnly(["ranks", "ports"]), ALL_SCREENS))).toBe(true);
  });

  it("selects the tab of the first path segment, Timeplans for an empty one", () => {
    expect(activeTabPath("/")).toBe("/");
    expect(activeTabPath("")).toBe("/");
    expect(activeTabPath("/ranks")).toBe("/ranks");
    expect(activeTabPath("/ranks/12/edit")).toBe("/ranks");
    expect(activeTabPath("/crew-users/3/details")).toBe("/crew-users");
  });

  it("names tabs '{label} page' in the narrow-screen menu", () => {
    expect(menuLabelOf({ label: "Ranks", path: "/ranks", permission: "ranks" })).toBe("Ranks page");
  });
});
