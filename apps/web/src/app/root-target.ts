import type { TPermissionKey } from "@crew/contracts";
import type { TCan } from "../session/use-session";
import { visibleTabs } from "../shell/nav-tabs";

export type TRootTarget = { kind: "start" } | { kind: "redirect"; to: string };

/**
 * Root rule of spec 2.3, adapted while screens are still missing: with timeplans.read the
 * root is the (start page standing in for the) planner; otherwise the spec's target, /users
 * with users.read else /task-manager, when that screen exists and is permitted; failing
 * that the first tab the user may open; failing that the start page (never a dead end).
 */
export const rootTarget = (can: TCan, screenPaths: readonly string[]): TRootTarget => {
  if (can("timeplans", "read")) return { kind: "start" };
  const [path, key]: [string, TPermissionKey] = can("users", "read")
    ? ["/users", "users"]
    : ["/task-manager", "taskManager"];
  if (screenPaths.includes(path) && can(key, "read")) return { kind: "redirect", to: path };
  const first = visibleTabs(can, screenPaths).find((tab) => tab.path !== "/");
  return first ? { kind: "redirect", to: first.path } : { kind: "start" };
};
