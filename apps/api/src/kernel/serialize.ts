import type { TListDocument, TResourceDef, TResourceIdentifier, TResourceObject } from "@crew/contracts";
import { camel, foreignKey } from "./naming.js";
import type { TRow } from "./store.js";

/** Extra attributes a resource computes from its row (author_avatar of a notification). */
export type TComputed = (row: TRow) => Record<string, unknown>;

const toJson = (v: unknown): unknown => {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "bigint") return v.toString();
  return v ?? null;
};

export interface TSerializeOptions {
  computed?: TComputed;
  /** Attribute names to keep (sparse fieldset). */
  fields?: string[];
}

/** A row as a JSON:API resource object: snake_case attributes, to-one linkage from foreign keys. */
export const toResource = (def: TResourceDef, row: TRow, opts: TSerializeOptions = {}): TResourceObject => {
  const computed = opts.computed?.(row) ?? {};
  const keep = opts.fields && opts.fields.length ? new Set(opts.fields) : undefined;
  const attributes: Record<string, unknown> = {};
  for (const [name, attr] of Object.entries(def.attributes)) {
    if (attr.writeOnly || (keep && !keep.has(name))) continue;
    attributes[name] = toJson(name in computed ? computed[name] : row[camel(name)]);
  }
  const resource: TResourceObject = { type: def.type, id: String(row.id), attributes };
  if (def.relationships) {
    const relationships: NonNullable<TResourceObject["relationships"]> = {};
    for (const [name, rel] of Object.entries(def.relationships)) {
      if (keep && !keep.has(name)) continue;
      if (rel.cardinality === "one") {
        const fk = row[foreignKey(name)];
        relationships[name] = { data: typeof fk === "number" ? { type: rel.type, id: String(fk) } : null };
      }
    }
    resource.relationships = relationships;
  }
  return resource;
};

/** Included resources of to-one relationships loaded with `include`, each once. */
export const toIncluded = (
  def: TResourceDef,
  rows: readonly TRow[],
  include: readonly string[],
  defOf: (type: string) => TResourceDef | undefined,
): TResourceObject[] => {
  const seen = new Map<string, TResourceObject>();
  for (const name of include) {
    const rel = def.relationships?.[name];
    const relDef = rel ? defOf(rel.type) : undefined;
    if (!rel || !relDef) continue;
    for (const row of rows) {
      const related = row[camel(name)];
      if (related && typeof related === "object" && "id" in related) {
        const r = related as TRow;
        seen.set(`${relDef.type}:${r.id}`, toResource(relDef, r));
      }
    }
  }
  return [...seen.values()];
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
      } else if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") params.append(prefix, String(v));
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
