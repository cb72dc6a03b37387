import { describe, expect, it } from "vitest";
import type { TAction, TPermissionKey } from "@crew/contracts";
import type { TCan } from "../session/use-session";
import {
  NAV_TABS,
  REFERENCE_MENU_LABEL,
  activeTabPath,
  menuLabelOf,
  navEntries,
  showNavigationBar,
  visibleTabs,
} from "./nav-tabs";

const canOnly =
  (readable: readonly TPermissionKey[]): TCan =>
  (key: TPermissionKey, action: TAction | "enable") =>
    action === "read" && readable.includes(key);

const ALL_SCREENS = NAV_TABS.map((t) => t.path);

describe("navigation tabs (spec 2.5)", () => {
  it("keeps the spec's order, then the extra reference lists and Permissions", () => {
    expect(NAV_TABS.slice(0, 4).map((t) => t.label)).toEqual(["Vessels", "Timeplans", "Owners", "Managers"]);
    // Lists the spec's bar leaves out follow its tabs (each added list lands after these), Permissions last.
    const labels = NAV_TABS.map((t) => t.label);
    const extra = ["Vessel types", "Crewing statuses", "English test types"].map((l) => labels.indexOf(l));
    expect(extra.every((at, i) => at > 3 && (i === 0 || at > (extra[i - 1] ?? -1)))).toBe(true);
    expect(labels.at(-1)).toBe("Permissions");
    expect(NAV_TABS.find((t) => t.path === "/crew-users")).toMatchObject({
      label: "Crew users",
      permission: "crewUsers",
    });
    expect(NAV_TABS.find((t) => t.path === "/users")).toMatchObject({
      label: "Seafarers",
      permission: "users",
    });
  });

  it("shows a tab only with {section}.read", () => {
    const tabs = visibleTabs(canOnly(["ranks", "vesselTypes"]), ALL_SCREENS);
    expect(tabs.map((t) => t.path)).toEqual(["/ranks", "/vessel-types"]);
  });

  it("shows a tab only once its screen exists", () => {
    const tabs = visibleTabs(canOnly(["ranks", "vessels"]), ["/ranks"]);
    expect(tabs.map((t) => t.path)).toEqual(["/ranks"]);
  });

  it("keeps the order of NAV_TABS whatever the order of the screen list", () => {
    const tabs = visibleTabs(canOnly(["ranks", "crewUsers", "permissions"]), [
      "/permissions",
      "/ranks",
      "/crew-users",
    ]);
    expect(tabs.map((t) => t.label)).toEqual(["Crew users", "Ranks", "Permissions"]);
  });

  it("shows the bar with any tab at all (a partner's single Vessels tab)", () => {
    expect(showNavigationBar([])).toBe(false);
    expect(showNavigationBar(visibleTabs(canOnly(["vessels"]), ALL_SCREENS))).toBe(true);
  });

  it("shows Timeplans (the planner on '/') with timeplans.read though no resource screen names '/'", () => {
    const tabs = visibleTabs(canOnly(["vessels", "timeplans", "owners"]), ["/vessels", "/owners"]);
    expect(tabs.map((t) => t.label)).toEqual(["Vessels", "Timeplans", "Owners"]);
  });

  it("gathers the reference lists into one menu where the first of them stands", () => {
    const tabs = visibleTabs(
      canOnly(["taskManager", "engineTypes", "countries", "surveyCreator", "ports", "permissions"]),
      ALL_SCREENS,
    );
    const entries = navEntries(tabs).map((e) =>
      e.kind === "tab" ? e.tab.label : `${e.label}: ${e.tabs.map((t) => t.label).join(", ")}`,
    );
    expect(entries).toEqual([
      "Task manager",
      // Task types are edited under taskManager, so they join the menu too.
      `${REFERENCE_MENU_LABEL}: Engine types, Countries, Ports, Task types`,
      "Survey creator",
      "Permissions",
    ]);
  });

  it("has no reference menu without a reference list", () => {
    expect(navEntries(visibleTabs(canOnly(["vessels"]), ALL_SCREENS))).toEqual([
      { kind: "tab", tab: NAV_TABS[0] },
    ]);
  });

  it("selects the tab of the first path segment, Timeplans for an empty one", () => {
    expect(activeTabPath("/")).toBe("/");
    expect(activeTabPath("")).toBe("/");
    expect(activeTabPath("/ranks")).toBe("/ranks");
    expect(activeTabPath("/ranks/12/edit")).toBe("/ranks");
    expect(activeTabPath("/crew-users/3/details")).toBe("/crew-users");
    expect(activeTabPath("/timeplans/12/edit")).toBe("/");
    expect(activeTabPath("/timeplans/crew-rotation/crew-change/new")).toBe("/");
  });

  it("names tabs '{label} page' in the narrow-screen menu", () => {
    expect(menuLabelOf({ label: "Ranks", path: "/ranks", permission: "ranks" })).toBe("Ranks page");
  });
});
