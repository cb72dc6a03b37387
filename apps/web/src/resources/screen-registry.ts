import type { ComponentType } from "react";
import { lazy } from "react";
import type { TScreenConfig, TScreenMessages } from "./screen-config";
import type { TResourceFormProps } from "./form/ResourceForm";
import type { TRelatedListProps } from "./details/RelatedList";
import { RECORD_OVERRIDES } from "../screens/applicant-records/record-overrides";
import { RANK_MESSAGES } from "../screens/ranks/rank-messages";
import { CREW_USER_MESSAGES } from "../screens/crew-users/crew-user-messages";
import { VESSEL_MESSAGES } from "../screens/vessels/vessel-messages";
import { USER_MESSAGES } from "../screens/applicants/user-messages";
import { CREW_CHANGE_MESSAGES } from "../screens/crew-changes/crew-change-messages";

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
  /**
   * The resource's own form inside the generic new/edit dialog (and related lists). It gets
   * what the generic ResourceForm gets; reuse FieldInput and the form model to stay small.
   */
  Form?: ComponentType<TResourceFormProps>;
  /** A page of its own instead of list, forms and details (permission administration). */
  Page?: ComponentType<TScreenProps>;
  /**
   * Its list on a parent's details tab instead of the generic RelatedList (an applicant's sea
   * service with verifications, documents with endorsements and their order).
   */
  Related?: ComponentType<TRelatedListProps>;
  /**
   * {base}/:id/delete archives rather than removes (applicants): this confirmation, open to those
   * who may update; {base}/:id/v_delete stays the removal, for those who may delete.
   */
  Archive?: ComponentType<TScreenProps>;
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
  crew_changes: {
    messages: CREW_CHANGE_MESSAGES,
    List: lazy(() => import("../screens/crew-changes/CrewChangesScreen").then((m) => ({ default: m.CrewChangesScreen }))),
    Details: lazy(() => import("../screens/crew-changes/CrewChangeDetailsScreen").then((m) => ({ default: m.CrewChangeDetailsScreen }))),
  },
  users: {
    messages: USER_MESSAGES,
    List: lazy(() => import("../screens/applicants/UsersScreen").then((m) => ({ default: m.UsersScreen }))),
    Details: lazy(() => import("../screens/applicants/UserDetailsScreen").then((m) => ({ default: m.UserDetailsScreen }))),
    Form: lazy(() => import("../screens/applicants/UserForm").then((m) => ({ default: m.UserForm }))),
    Archive: lazy(() => import("../screens/applicants/ArchiveRoute").then((m) => ({ default: m.ArchiveRoute }))),
  },
  vessels: {
    messages: VESSEL_MESSAGES,
    List: lazy(() => import("../screens/vessels/VesselsScreen").then((m) => ({ default: m.VesselsScreen }))),
    Details: lazy(() => import("../screens/vessels/VesselDetailsScreen").then((m) => ({ default: m.VesselDetailsScreen }))),
  },
  owners: {
    Details: lazy(() => import("../screens/owners/OwnerDetailsScreen").then((m) => ({ default: m.OwnerDetailsScreen }))),
  },
  managers: {
    Details: lazy(() => import("../screens/managers/ManagerDetailsScreen").then((m) => ({ default: m.ManagerDetailsScreen }))),
  },
  permissions: {
    Page: lazy(() => import("../screens/permissions/PermissionsScreen").then((m) => ({ default: m.PermissionsScreen }))),
  },
  ...RECORD_OVERRIDES,
};
