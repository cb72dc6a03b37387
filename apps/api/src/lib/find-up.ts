import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Finds `relative` in the folder of this file or a parent. The same code runs from source
 * (tsx, vitest) and from the bundle in dist/, whose depths differ.
 */
export const findUp = (relative: string, from = dirname(fileURLToPath(import.meta.url))): string | undefined => {
  let dir = from;
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
};
