import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Finds `relative` in the folder of this file or a parent, up to the repository root (the
 * folder holding pnpm-workspace.yaml) and never beyond it: the app reads nothing outside its
 * own tree. The same code runs from source (tsx, vitest) and from the bundle in dist/, whose
 * depths differ.
 */
export const findUp = (
  relative: string,
  from = dirname(fileURLToPath(import.meta.url)),
): string | undefined => {
  let dir = from;
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir || existsSync(join(dir, "pnpm-workspace.yaml"))) return undefined;
    dir = parent;
  }
};
