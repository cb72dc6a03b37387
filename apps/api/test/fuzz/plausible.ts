import { randomUUID } from "node:crypto";
import type { TAttributeDef, TFieldKind, TResourceDef } from "@crew/contracts";
import type { z } from "zod";

/**
 * A value an honest client might send for an attribute, found by trying candidates of its
 * kind against the attribute's own zod input: no per-resource code, so a new resource gets
 * plausible bodies the next run. Used to create the records the fuzzer then attacks, and as
 * the background of bodies where one part is hostile (so that part, not a missing field, is
 * what the server has to deal with).
 */
const tag = () => randomUUID().slice(0, 8);

/** A valid IMO number (seven digits, check digit) for identifiers the contracts check. */
const imo = (): string => {
  const first6 = String(100_000 + Math.floor(Math.random() * 899_999));
  const check = [...first6].reduce((sum, d, i) => sum + Number(d) * (7 - i), 0) % 10;
  return `${first6}${check}`;
};

const CANDIDATES: Record<TFieldKind, () => unknown[]> = {
  text: () => [`Fuzz ${tag()}`, tag().toUpperCase().slice(0, 6), imo(), "AB1234", "X"],
  textarea: () => [`Fuzz text ${tag()}`],
  richtext: () => [`**Fuzz** ${tag()}`],
  email: () => [`fuzz-${tag()}@example.com`],
  password: () => [`Fuzz-Password-${tag()}-1`],
  number: () => [1, 2, 10, 100, 2000, "1"],
  money: () => [100, "100.00", 100.5],
  boolean: () => [true, false],
  select: () => [],
  date: () => ["2025-05-01", new Date().toISOString().slice(0, 10)],
  datetime: () => [new Date().toISOString()],
  tags: () => [["fuzz"], []],
  image: () => ["https://example.com/fuzz.png", null],
  file: () => [],
  files: () => [],
  phone: () => ["+31 20 123 4567"],
};

/** A value the attribute's input accepts, or undefined when none of the candidates pass. */
export const plausibleValue = (attr: TAttributeDef): unknown => {
  const input: z.ZodType | undefined = attr.input;
  if (!input) return undefined;
  const candidates = [
    ...(attr.options ?? []).map((o) => o.value),
    ...CANDIDATES[attr.kind](),
    "x",
    1,
    true,
    null,
  ];
  for (const candidate of candidates) if (input.safeParse(candidate).success) return candidate;
  return undefined;
};

/** Plausible attributes of a resource: every required one, and the others when `all`. */
export const plausibleAttributes = (def: TResourceDef, all: boolean): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [name, attr] of Object.entries(def.attributes)) {
    if (!attr.input || attr.file) continue;
    if (!all && !attr.required) continue;
    const value = plausibleValue(attr);
    if (value !== undefined) out[name] = value;
  }
  return out;
};

/** Linkage for a resource's writable relationships from ids known to exist (required ones always, others when `all`). */
export const plausibleRelationships = (
  def: TResourceDef,
  knownIds: (type: string) => readonly number[],
  all: boolean,
  skip: readonly string[] = [],
): Record<string, { data: unknown }> => {
  const out: Record<string, { data: unknown }> = {};
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (rel.readOnly || skip.includes(name)) continue;
    if (!all && !rel.required) continue;
    const ids = knownIds(rel.type);
    const pick = ids[Math.floor(Math.random() * ids.length)];
    if (rel.cardinality === "many")
      out[name] = { data: pick === undefined ? [] : [{ type: rel.type, id: String(pick) }] };
    else if (pick !== undefined) out[name] = { data: { type: rel.type, id: String(pick) } };
  }
  return out;
};
