import type { ComponentType } from "react";
import { lazy } from "react";
import type { TScreenConfig, TScreenMessages } from "./screen-config";
import { RANK_MESSAGES } from "../screens/ranks/rank-messages";
import { CREW_USER_MESSAGES } from "../screens/crew-users/crew-user-messages";

export interface TScreenProps {
  config: TScreenConfig;
}

/**
 * What differs from the generic screens, by JSON:API type. A type not listed here gets the
 * generic list, form, delete and details: a new reference list needs only its definition.
 */
export interface TScreenOverride {
  messages?: Partial<TScreenMessages>;
  List?: ComponentType<TScreenProps>;
  Details?: ComponentType<TScreenProps>;
  /** A page of its own instead of list, forms and details (permission administration). */
  Page?: ComponentType<TScreenProps>;
}

export const SCREEN_OVERRIDES: Readonly<Record<string, TScreenOverride>> = {
  ranks: {
    messages: RANK_MESSAGES,
    List: lazy(() => import("../screens/ranks/RanksScreen").then((m) => ({ default: m.RanksScreen }))),
  },
  clients: {
    messages: CREW_USER_MESSAGES,
    List: lazy(() => import("../screens/crew-users/CrewUsersScreen").then((m) => ({ default: m.CrewUsersScreen }))),
    Details: lazy(() => import("../screens/crew-users/CrewUserDetailsScreen").then((m) => ({ default: m.CrewUserDetailsScreen }))),
  },
  permissions: {
    Page: lazy(() => import("../screens/permissions/PermissionsScreen").then((m) => ({ default: m.PermissionsScreen }))),
  },
};
