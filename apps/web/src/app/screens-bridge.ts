import type { RouteObject } from "react-router-dom";
import type { TCan } from "../session/use-session";

/**
 * The screens (apps/web/src/resources) are built alongside the shell. Until their modules
 * exist this bridge answers with no routes and no screens, so the shell builds and runs on
 * its own; import.meta.glob matches nothing instead of failing the build.
 * TODO(shell): replace with direct imports once routes.tsx and screens.ts are committed.
 */
interface TRoutesModule {
  resourceRoutes?: (can: TCan) => RouteObject[];
}
interface TScreensModule {
  SCREEN_PATHS?: readonly string[];
}

const routesModules = import.meta.glob<TRoutesModule>("../resources/routes.tsx", { eager: true });
const screensModules = import.meta.glob<TScreensModule>("../resources/screens.ts", { eager: true });

export const resourceRoutes = (can: TCan): RouteObject[] => Object.values(routesModules)[0]?.resourceRoutes?.(can) ?? [];

export const SCREEN_PATHS: readonly string[] = Object.values(screensModules)[0]?.SCREEN_PATHS ?? [];
