import { RESOURCES, type TParentDef, type TResourceDef } from "@crew/contracts";
import type { TCan } from "../../session/use-session";

/** A list of another resource under this one: its definition, its parent entry and its tab. */
export interface TChildList {
  def: TResourceDef;
  parent: TParentDef;
  /** The tab segment of the details route (the parent entry's `tab`, else its nested path: `documents`). */
  tab: string;
}

/** The tab names the details screen keeps for itself. */
export const OWN_TABS = ["details", "history"] as const;

/** Every definition whose `parents` names this type, as far as the user may read it. */
export const childListsOf = (def: TResourceDef, can: TCan): TChildList[] =>
  Object.values(RESOURCES).flatMap((child) =>
    (child.parents ?? [])
      .filter((parent) => parent.type === def.type && can(child.permission, "read"))
      .map((parent) => ({ def: child, parent, tab: parent.tab ?? parent.path ?? child.type }))
      .filter((list) => !(OWN_TABS as readonly string[]).includes(list.tab)),
  );

/** Records of this type have a History tab: the server records their versions and serves them. */
export const hasHistory = (def: TResourceDef): boolean => def.history !== false && def.verbs.includes("show");
