import {
  CREW_USER_STATUSES,
  ROLES,
  type TCrewUserStatus,
  type TCurrentUser,
  type TPermissionMap,
  type TRole,
} from "@crew/contracts";
import type { TActor } from "../http/context.js";

/** The account columns an authenticated request carries. */
export interface TAccountFields {
  id: number;
  name: string;
  email: string;
  role: string;
  status: string;
  avatar: string | null;
  equasisEmail: string | null;
}

// The columns are plain text; a value outside the contracts falls back to the least privileged one.
const roleOf = (role: string): TRole =>
  (ROLES as readonly string[]).includes(role) ? (role as TRole) : "guest";
const statusOf = (status: string): TCrewUserStatus =>
  (CREW_USER_STATUSES as readonly string[]).includes(status) ? (status as TCrewUserStatus) : "deactivated";

export const isDeactivated = (account: { status: string }): boolean =>
  statusOf(account.status) === "deactivated";

export const toActor = (a: TAccountFields, permissions: TPermissionMap, sessionId: number): TActor => ({
  id: a.id,
  name: a.name,
  email: a.email,
  role: roleOf(a.role),
  status: statusOf(a.status),
  avatar: a.avatar,
  equasisEmail: a.equasisEmail,
  permissions,
  sessionId,
});

/** The current user of sign_in and validate_token (spec 000 section 3.2); clientId is the account id. */
export const toCurrentUser = (actor: TActor): TCurrentUser => ({
  id: actor.id,
  clientId: actor.id,
  name: actor.name,
  email: actor.email,
  avatar: actor.avatar,
  status: actor.status,
  role: actor.role,
  equasis_email: actor.equasisEmail,
  permissions: actor.permissions,
});
