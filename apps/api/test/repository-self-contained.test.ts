import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A fresh clone must build and pass its tests with nothing beside it: no file under apps/,
 * packages/ or .ci/ may name a path outside the repository (the shared folder beside it, this
 * machine's absolute folders). Relative paths are resolved from their file and must stay inside.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const SCANNED = ["apps", "packages", ".ci"];
const SKIP_DIRS = new Set([
  "node_modules",
  "dist",
  "generated",
  "test-results",
  ".turbo",
  "playwright-report",
  "__screens__",
  "schemas",
]);
const EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|json|sh|yml|yaml)$|^run$/;
/** Absolute folders of a developer's or CI machine; system binaries and /tmp are fine. */
const MACHINE_PATH = /["'`\s=(](\/work\/|\/root\/|\/home\/|\/Users\/|[A-Z]:\\\\)/;
const SHARED = /(^|[^\w])\.\.\/shared\b|["'`/]shared\/(data|spec|guide|hooks)\b/;
const RELATIVE_LITERAL = /["'`]((?:\.\.\/)+[^"'`\s]*)["'`]/g;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return EXTENSIONS.test(name) ? [path] : [];
  });

const offences = (path: string): string[] => {
  const text = readFileSync(path, "utf8");
  const found: string[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    const where = `${relative(ROOT, path)}:${index + 1}`;
    if (SHARED.test(line)) found.push(`${where} names the shared folder: ${line.trim()}`);
    if (MACHINE_PATH.test(line)) found.push(`${where} names a machine path: ${line.trim()}`);
    for (const match of line.matchAll(RELATIVE_LITERAL)) {
      const target = resolve(dirname(path), match[1] ?? "");
      if (target !== ROOT && !target.startsWith(ROOT + sep))
        found.push(`${where} reaches outside the repository: ${match[1]}`);
    }
  }
  return found;
};

describe("the repository stands on its own", () => {
  it("no file under apps/, packages/ or .ci/ reads a path outside the repository", () => {
    // This file spells the patterns out on purpose.
    const self = fileURLToPath(import.meta.url);
    const scanned = SCANNED.flatMap((d) => files(join(ROOT, d))).filter((f) => f !== self);
    expect(scanned.length).toBeGreaterThan(100);
    expect(scanned.flatMap(offences)).toEqual([]);
  });

  it("the check itself catches the patterns it is for", () => {
    const probe = (line: string) => {
      const path = join(ROOT, "apps/api/test/probe.ts");
      const found: string[] = [];
      if (SHARED.test(line)) found.push("shared");
      if (MACHINE_PATH.test(line)) found.push("machine");
      for (const m of line.matchAll(RELATIVE_LITERAL)) {
        const t = resolve(dirname(path), m[1] ?? "");
        if (!t.startsWith(ROOT + sep)) found.push("relative");
      }
      return found;
    };
    // Built from parts, so this file does not itself name those paths.
    const up = [".", ".", "/"].join("");
    const shared = ["sha", "red"].join("");
    expect(probe(`findUp("${up}${shared}/data/x.json")`)).toContain("shared");
    expect(probe(`readFileSync("/${"wo"}rk/${shared}/data/x.json")`)).toContain("machine");
    expect(probe(`readFileSync("../../../../x.json")`)).toContain("relative");
    expect(probe(`readFileSync("./schemas/x.json")`)).toEqual([]);
  });
});
