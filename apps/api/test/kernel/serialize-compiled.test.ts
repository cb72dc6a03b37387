import { describe, expect, it } from "vitest";
import { camel } from "../../src/kernel/naming.js";
import { attributesLoop, compileAttributes, resourceSerializer } from "../../src/kernel/serialize.js";
import type { TRow } from "../../src/kernel/store.js";
import { createRegistry } from "../../src/resources/registry.js";

/**
 * The attributes builders compiled per definition (serialize.ts) against the plain loop they
 * replace: the same JSON text, byte for byte, for every definition of the registry, whole and
 * as sparse fieldsets, with and without computed values, over values of every kind.
 */
const registry = createRegistry();

const VALUES: readonly unknown[] = [
  null,
  undefined,
  0,
  -0,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  "",
  'quote " backslash \\ newline \n tab \t',
  "unicode é ß 漢字 😀 lone \ud800 surrogate",
  true,
  false,
  new Date(Date.UTC(2026, 10, 28, 16, 45, 1, 123)),
  123456789012345678901234567890n,
  { nested: [1, "two", null], at: new Date(0) },
  ["a", 1, null],
];

const rowOf = (names: readonly string[], shift: number): TRow => {
  const row: Record<string, unknown> = { id: 7 + shift };
  names.forEach((name, i) => {
    row[camel(name)] = VALUES[(i + shift) % VALUES.length];
  });
  return row as TRow;
};

describe("compiled attributes builders", () => {
  for (const [type, { def }] of registry) {
    it(`${type}: the same JSON as the loop, whole and sparse, with and without computed values`, () => {
      const all = Object.entries(def.attributes)
        .filter(([, a]) => !a.writeOnly)
        .map(([name]) => ({ name, field: camel(name) }));
      const lists = [all, all.filter((_, i) => i % 2 === 0), all.slice(1, 3), []];
      for (const attributes of lists) {
        const compiled = compileAttributes(attributes);
        const loop = attributesLoop(attributes);
        for (let shift = 0; shift < VALUES.length; shift++) {
          const row = rowOf(
            all.map((a) => a.name),
            shift,
          );
          const computed: Record<string, unknown> = {};
          attributes.forEach(({ name }, i) => {
            if (i % 3 === 0) computed[name] = VALUES[(i + shift + 5) % VALUES.length];
          });
          for (const extra of [undefined, {}, computed]) {
            const a = compiled(row, extra);
            const b = loop(row, extra);
            expect(JSON.stringify(a)).toBe(JSON.stringify(b));
            expect(Object.keys(a)).toEqual(Object.keys(b));
          }
        }
      }
      // Through the public serialiser, with a fieldset and without.
      const row = rowOf(
        all.map((a) => a.name),
        3,
      );
      const whole = resourceSerializer(def)(row);
      expect(JSON.stringify(whole.attributes)).toBe(JSON.stringify(attributesLoop(all)(row, undefined)));
      const fields = all.filter((_, i) => i % 2 === 1).map((a) => a.name);
      const sparse = resourceSerializer(def, { fields })(row);
      expect(JSON.stringify(sparse.attributes)).toBe(
        JSON.stringify(attributesLoop(all.filter((a) => fields.includes(a.name)))(row, undefined)),
      );
    });
  }
});
