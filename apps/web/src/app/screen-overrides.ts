import { lazy } from "react";
import type { TScreenOverrides } from "../resources/screen-registry";
import { RECORD_OVERRIDES } from "../screens/applicant-records/record-overrides";
import { USER_MESSAGES } from "../screens/applicants/user-messages";
import { CREW_CHANGE_MESSAGES } from "../screens/crew-changes/crew-change-messages";
import { CREW_USER_MESSAGES } from "../screens/crew-users/crew-user-messages";
import { RANK_MESSAGES } from "../screens/ranks/rank-messages";
import { VESSEL_MESSAGES } from "../screens/vessels/vessel-messages";

/**
 * The bespoke screens in place of the generic ones, by JSON:API type (see TScreenOverride).
 * Here in the app layer, above both: the screens import the generic engine, the engine never
 * imports them; the app hands this table to the routes and, by context, to the screens.
 */
export const SCREEN_OVERRIDES: TScreenOverrides = {
  ranks: {
    messages: RANK_MESSAGES,
    List: lazy(() => import("../screens/ranks/RanksScreen").then((m) => ({ default: m.RanksScreen }))),
  },
  clients: {
    messages: CREW_USER_MESSAGES,
    List: lazy(() =>
      import("../screens/crew-users/CrewUsersScreen").then((m) => ({ default: m.CrewUsersScreen })),
    ),
    Details: lazy(() =>
      import("../screens/crew-users/CrewUserDetailsScreen").then((m) => ({
        default: m.CrewUserDetailsScreen,
      })),
    ),
  },
  crew_changes: {
    messages: CREW_CHANGE_MESSAGES,
    List: lazy(() =>
      import("../screens/crew-changes/CrewChangesScreen").then((m) => ({ default: m.CrewChangesScreen })),
    ),
    Details: lazy(() =>
      import("../screens/crew-changes/CrewChangeDetailsScreen").then((m) => ({
        default: m.CrewChangeDetailsScreen,
      })),
    ),
  },
  users: {
    messages: USER_MESSAGES,
    List: lazy(() => import("../screens/applicants/UsersScreen").then((m) => ({ default: m.UsersScreen }))),
    Details: lazy(() =>
      import("../screens/applicants/UserDetailsScreen").then((m) => ({ default: m.UserDetailsScreen })),
    ),
    Form: lazy(() => import("../screens/applicants/UserForm").then((m) => ({ default: m.UserForm }))),
    Archive: lazy(() =>
      import("../screens/applicants/ArchiveRoute").then((m) => ({ default: m.ArchiveRoute })),
    ),
  },
  vessels: {
    messages: VESSEL_MESSAGES,
    List: lazy(() => import("../screens/vessels/VesselsScreen").then((m) => ({ default: m.VesselsScreen }))),
    Details: lazy(() =>
      import("../screens/vessels/VesselDetailsScreen").then((m) => ({ default: m.VesselDetailsScreen })),
    ),
  },
  owners: {
    Details: lazy(() =>
      import("../screens/owners/OwnerDetailsScreen").then((m) => ({ default: m.OwnerDetailsScreen })),
    ),
  },
  managers: {
    Details: lazy(() =>
      import("../screens/managers/ManagerDetailsScreen").then((m) => ({ default: m.ManagerDetailsScreen })),
    ),
  },
  permissions: {
    Page: lazy(() =>
      import("../screens/permissions/PermissionsScreen").then((m) => ({ default: m.PermissionsScreen })),
    ),
  },
  ...RECORD_OVERRIDES,
};
