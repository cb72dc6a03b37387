import { CREW_USER_STATUSES, ROLE_FILTER_CHOICES, type TCrewUserStatus, type TRole } from "@crew/contracts";

export { STATUS_COLORS } from "../../lib/people";

export const STATUS_OPTIONS = CREW_USER_STATUSES.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}));

export const isCrewUserStatus = (value: unknown): value is TCrewUserStatus =>
  typeof value === "string" && (CREW_USER_STATUSES as readonly string[]).includes(value);

/** Role as the spec's filter names it ('partner view only' for partner_view). */
export const roleLabel = (role: TRole | null | undefined): string =>
  ROLE_FILTER_CHOICES.find((c) => c.value === role)?.label ?? role ?? "";

export const STATUS_CHANGED_MESSAGE = "Status updated successfully";
