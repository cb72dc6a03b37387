import { RESOURCES } from "@crew/contracts";

/**
 * Base paths that have a screen: every resource definition with a `route`. The shell shows
 * a navigation tab only for these. Kept free of React so the login bundle stays small.
 */
export const SCREEN_PATHS: string[] = Object.values(RESOURCES).flatMap((def) =>
  def.route ? [def.route] : [],
);
