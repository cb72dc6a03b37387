import { CLIENT_STATUSES, ROLE_FILTER_CHOICES, type TClientStatus, type TRole } from "@crew/contracts";

export { STATUS_COLORS } from "../../lib/people";

export const STATUS_OPTIONS = CLIENT_STATUSES.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}));

export const isClientStatus = (value: unknown): value is TClientStatus =>
  typeof value === "string" && (CLIENT_STATUSES as readonly string[]).includes(value);

/** Role as the spec's filter names it ('partner view only' for partner_view). */
export const roleLabel = (role: TRole | null | undefined): string =>
  ROLE_FILTER_CHOICES.find((c) => c.value === role)?.label ?? role ?? "";

export const STATUS_CHANGED_MESSAGE = "Status updated successfully";
