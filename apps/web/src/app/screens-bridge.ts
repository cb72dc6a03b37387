/**
 * What the app layer takes from the generic screens (apps/web/src/resources): the route
 * table by permission and the base paths that have a screen (the start page needs both).
 */
export { resourceRoutes } from "../resources/routes";
export { SCREEN_PATHS } from "../resources/screens";
