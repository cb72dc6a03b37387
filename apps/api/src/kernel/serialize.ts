import type { TListDocument, TResourceDef, TResourceIdentifier, TResourceObject } from "@crew/contracts";
import { camel, foreignKey } from "./naming.js";
import type { TRelationMap } from "./relations.js";
import type { TRow } from "./store.js";

/** Extra attributes a resource computes from its row (author_avatar of a notification). */
export type TComputed = (row: TRow) => Record<string, unknown>;

const toJson = (v: unknown): unknown => {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "bigint") return v.toString();
  return v ?? null;
};

/** Related ids per relationship name, per record id: what join tables and children hold. */
export type TLinkage = Map<string, Map<number, number[]>>;

export interface TSerializeOptions {
  computed?: TComputed;
  /** Attribute and relationship names to keep (sparse fieldset). */
  fields?: string[];
  /** Storage of relationships that are not a foreign key of the row. */
  relations?: Record<string, TRelationMap>;
  /** Loaded linkage of those relationships; a relationship not loaded is left out. */
  linkage?: TLinkage;
  /** Titles of linked records per to-one relationship, served as the relationship's `meta.title`. */
  titles?: TLinkTitles;
}

/** Titles of the records to-one relationships point at: relationship name -> id -> title. */
export type TLinkTitles = Map<string, Map<number, string>>;

/**
 * What serialising a definition's rows needs, worked out once per definition rather than for
 * every row: a page with 10,000 included rows spent most of its serialising time here.
 */
interface TPlan {
  attributes: { name: string; field: string }[];
  relationships: { name: string; rel: NonNullable<TResourceDef["relationships"]>[string]; fk: string }[];
}
const plans = new WeakMap<TResourceDef, TPlan>();
const planOf = (def: TResourceDef): TPlan => {
  let plan = plans.get(def);
  if (!plan) {
    plan = {
      attributes: Object.entries(def.attributes)
        .filter(([, a]) => !a.writeOnly)
        .map(([name]) => ({ name, field: camel(name) })),
      relationships: Object.entries(def.relationships ?? {}).map(([name, rel]) => ({
        name,
        rel,
        fk: foreignKey(name),
      })),
    };
    plans.set(def, plan);
  }
  return plan;
};

/**
 * Builds a row's attributes object. Compiled once per definition and attribute list into one
 * object literal (`{ "name": toJson(row["name"]), ... }`): the rows then share one hidden class,
 * read each column by a fixed name and leave no keyed stores, which a loop over the attributes
 * did 10,000 times on a vessels page (the largest block of its serialising time). Only
 * `JSON.stringify` literals of the definition's own names enter the code.
 */
type TAttributesOf = (row: TRow, computed: Record<string, unknown> | undefined) => Record<string, unknown>;

/** The plain loop: the reference the compiled builders must equal, and the fallback. */
export const attributesLoop =
  (attributes: readonly { name: string; field: string }[]): TAttributesOf =>
  (row, computed) => {
    const values: Record<string, unknown> = {};
    for (const { name, field } of attributes) {
      values[name] = toJson(computed && Object.hasOwn(computed, name) ? computed[name] : row[field]);
    }
    return values;
  };

export const compileAttributes = (attributes: readonly { name: string; field: string }[]): TAttributesOf => {
  // An object literal gives "__proto__" another meaning than an assignment does: leave such a name to the loop.
  if (attributes.some((a) => a.name === "__proto__")) return attributesLoop(attributes);
  const fromRow = attributes.map(
    ({ name, field }) => `${JSON.stringify(name)}: toJson(row[${JSON.stringify(field)}])`,
  );
  const withComputed = attributes.map(({ name, field }) => {
    const key = JSON.stringify(name);
    return `${key}: toJson(hasOwn(computed, ${key}) ? computed[${key}] : row[${JSON.stringify(field)}])`;
  });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code holds only JSON literals of the definition's names
  const make = new Function(
    "toJson",
    "hasOwn",
    `"use strict";
     const fromRow = (row) => ({ ${fromRow.join(", ")} });
     const withComputed = (row, computed) => ({ ${withComputed.join(", ")} });
     return (row, computed) => (computed === undefined ? fromRow(row) : withComputed(row, computed));`,
  ) as (json: typeof toJson, hasOwn: typeof Object.hasOwn) => TAttributesOf;
  return make(toJson, Object.hasOwn);
};

/** Compiled builders per definition and attribute list; a few fieldsets each, not every one a client sends. */
const attributeBuilders = new WeakMap<TResourceDef, Map<string, TAttributesOf>>();
const MAX_BUILDERS_PER_DEF = 32;
const attributesOf = (
  def: TResourceDef,
  attributes: readonly { name: string; field: string }[],
): TAttributesOf => {
  let byNames = attributeBuilders.get(def);
  if (!byNames) attributeBuilders.set(def, (byNames = new Map<string, TAttributesOf>()));
  const key = attributes.map((a) => a.name).join("\n");
  let build = byNames.get(key);
  if (!build) {
    build = compileAttributes(attributes);
    if (byNames.size < MAX_BUILDERS_PER_DEF) byNames.set(key, build);
  }
  return build;
};

type TRelationshipDef = NonNullable<TResourceDef["relationships"]>[string];
/** How one relationship of a batch is written: from a foreign-key column, or from loaded linkage. */
type TRelationshipWriter =
  | { name: string; rel: TRelationshipDef; kind: "fk"; field: string; titles?: Map<number, string> }
  | {
      name: string;
      rel: TRelationshipDef;
      kind: "loaded";
      loaded: Map<number, number[]>;
      titles?: Map<number, string>;
    };

/** A to-one relationship object, with the linked record's title when there is one. */
const toOne = (type: string, id: number | undefined, titles?: Map<number, string>) => {
  if (id === undefined) return { data: null };
  const title = titles?.get(id);
  return title === undefined
    ? { data: { type, id: String(id) } }
    : { data: { type, id: String(id) }, meta: { title } };
};

/**
 * A serialiser for rows that share their options (a page, or one type's included records):
 * the sparse fieldset, the relations and the linkage are resolved once for the batch, so each
 * row costs only its own values (a vessels page includes 10,000 scale rows).
 * `computed` is the row's computed and file values, which win over its columns.
 */
export const resourceSerializer = (
  def: TResourceDef,
  opts: Omit<TSerializeOptions, "computed"> = {},
): ((row: TRow, computed?: Record<string, unknown>) => TResourceObject) => {
  const keep = opts.fields && opts.fields.length ? new Set(opts.fields) : undefined;
  const plan = planOf(def);
  const attributes = keep ? plan.attributes.filter((a) => keep.has(a.name)) : plan.attributes;
  const attributesOfRow = attributesOf(def, attributes);
  const relationships: TRelationshipWriter[] = [];
  for (const { name, rel, fk } of plan.relationships) {
    if (keep && !keep.has(name)) continue;
    const map = opts.relations?.[name];
    const titles = opts.titles?.get(name);
    if (!map || map.kind === "fk") {
      if (rel.cardinality === "one")
        relationships.push({ name, rel, kind: "fk", field: map?.field ?? fk, ...(titles ? { titles } : {}) });
      continue;
    }
    // A relationship whose linkage was not loaded is left out.
    const loaded = opts.linkage?.get(name);
    if (loaded) relationships.push({ name, rel, kind: "loaded", loaded, ...(titles ? { titles } : {}) });
  }
  return (row, computed) => {
    const resource: TResourceObject = {
      type: def.type,
      id: String(row.id),
      attributes: attributesOfRow(row, computed),
    };
    if (relationships.length) {
      const out: NonNullable<TResourceObject["relationships"]> = {};
      for (const w of relationships) {
        if (w.kind === "fk") {
          const fk = row[w.field];
          out[w.name] = toOne(w.rel.type, typeof fk === "number" ? fk : undefined, w.titles);
          continue;
        }
        const ids = w.loaded.get(row.id) ?? [];
        out[w.name] =
          w.rel.cardinality === "one"
            ? toOne(w.rel.type, ids[0], w.titles)
            : { data: ids.map((id) => ({ type: w.rel.type, id: String(id) })) };
      }
      resource.relationships = out;
    }
    return resource;
  };
};

/** A row as a JSON:API resource object: snake_case attributes, linkage from foreign keys and loaded relations. */
export const toResource = (def: TResourceDef, row: TRow, opts: TSerializeOptions = {}): TResourceObject =>
  resourceSerializer(def, opts)(row, opts.computed?.(row));

/** The related ids a relationship names for a set of rows (foreign keys or loaded linkage). */
export const relatedIds = (
  rows: readonly TRow[],
  name: string,
  map: TRelationMap | undefined,
  linkage: TLinkage,
): number[] => {
  const ids = new Set<number>();
  for (const row of rows) {
    if (!map || map.kind === "fk") {
      const fk = row[map?.field ?? foreignKey(name)];
      if (typeof fk === "number") ids.add(fk);
    } else {
      for (const id of linkage.get(name)?.get(row.id) ?? []) ids.add(id);
    }
  }
  return [...ids];
};

export const linkage = (type: string, id: number | null): TResourceIdentifier | null =>
  id === null ? null : { type, id: String(id) };

/**
 * Pagination links carrying page[number] (the client reads the last page from links.last).
 * `url` is absolute: the JSON:API schema requires link URIs.
 */
export const listLinks = (
  url: string,
  query: Record<string, unknown>,
  page: { size: number; number: number },
  total: number,
): TListDocument["links"] => {
  const last = Math.max(1, Math.ceil(total / page.size));
  const href = (n: number) => {
    const params = new URLSearchParams();
    const add = (prefix: string, v: unknown) => {
      if (v === undefined || v === null) return;
      if (typeof v === "object" && !Array.isArray(v)) {
        for (const [k, sub] of Object.entries(v as Record<string, unknown>)) add(`${prefix}[${k}]`, sub);
      } else if (typeof v === "string" || typeof v === "number" || typeof v === "boolean")
        params.append(prefix, String(v));
    };
    for (const [k, v] of Object.entries(query)) if (k !== "page") add(k, v);
    params.set("page[number]", String(n));
    params.set("page[size]", String(page.size));
    return `${url}?${params.toString()}`;
  };
  return {
    self: href(page.number),
    first: href(1),
    last: href(last),
    prev: page.number > 1 ? href(Math.min(page.number - 1, last)) : null,
    next: page.number < last ? href(page.number + 1) : null,
  };
};
