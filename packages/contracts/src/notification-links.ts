import { can, type TPermissionMap } from "./permissions/index.js";
import { RESOURCES } from "./resources/index.js";

/** Screens that are not a resource's list but need its permission to open. */
const SCREEN_PERMISSIONS: readonly { route: string; key: string }[] = [
  { route: "/timeplans", key: "timeplans" },
];

/**
 * The permission key a screen address needs read on (`/users/141/documents` → "users"), from
 * the resources' routes; null for addresses every signed-in user may open (`/`, the profile).
 */
export const linkPermissionKey = (link: string): string | null => {
  const path = link.split(/[?#]/)[0] ?? "";
  const under = (route: string) => path === route || path.startsWith(`${route}/`);
  const screens = [
    ...SCREEN_PERMISSIONS,
    ...Object.values(RESOURCES).flatMap((def) =>
      def.route ? [{ route: def.route, key: def.permission }] : [],
    ),
  ].sort((a, b) => b.route.length - a.route.length);
  return screens.find((s) => under(s.route))?.key ?? null;
};

/** Whether a user with these permissions can open the address (a notification's link is sent only to them). */
export const canOpenLink = (permissions: TPermissionMap, link: string): boolean => {
  const key = linkPermissionKey(link);
  return key === null || can(permissions, key, "read");
};
