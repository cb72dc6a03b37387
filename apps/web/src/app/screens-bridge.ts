/**
 * The one place the shell learns about the screens (apps/web/src/resources): the route
 * table by permission and the base paths that have a screen (tabs need both).
 */
export { resourceRoutes } from "../resources/routes";
export { SCREEN_PATHS } from "../resources/screens";
