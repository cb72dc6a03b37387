import type { TCrewUserStatus } from "@crew/contracts";

/** Up to two initials for an avatar without a picture. */
export const initialsOf = (name: string | null): string =>
  (name ?? "?")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

/** One colour per crew-user status, wherever a status is shown. */
export const STATUS_COLORS: Record<TCrewUserStatus, string> = {
  active: "teal",
  away: "orange",
  deactivated: "gray",
};
