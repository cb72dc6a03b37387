import { filterOf } from "@crew/contracts";
import type { TActor } from "../http/context.js";
import type { TListQuery } from "./list-query.js";
import { camel } from "./naming.js";
import type { TServiceCore } from "./service-core.js";
import type { TOrderBy, TWhere } from "./store.js";

/**
 * A list query as Prisma clauses: its filters, search and parent as one where-clause (the
 * reader's scope is added by the read), its sort as an order. Hooks replace a filter, the
 * search or a sort where the plain column meaning does not hold.
 */

/** Where-clause of "belongs to this parent" for one of this resource's relationships. */
export const belongsTo = (core: TServiceCore, relationship: string, parentId: number): TWhere => {
  const map = core.relationMap(relationship);
  if (map.kind === "fk") return { [map.field]: parentId };
  if (map.kind === "through")
    return { [map.field]: map.single ? { is: { [map.to]: parentId } } : { some: { [map.to]: parentId } } };
  throw new Error(`${core.def.type}.${relationship} cannot scope a nested list`);
};

const filterWhere = (core: TServiceCore, name: string, value: unknown, actor: TActor): TWhere => {
  const custom = core.hooks.filters?.[name];
  if (custom) return custom(value, actor);
  const kind = filterOf(core.def, name)?.kind;
  const field = camel(name);
  if (kind === "text") return { [field]: { contains: String(value), mode: "insensitive" } };
  if (kind === "ids" && Array.isArray(value)) return { [field]: { in: value } };
  return { [field]: value };
};

/** Default search: each word in one of the definition's `search` attributes (ILIKE). */
const searchWhere = (core: TServiceCore, text: string, actor: TActor): TWhere => {
  if (core.hooks.search) return core.hooks.search(text, actor);
  return {
    AND: text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({
        OR: (core.def.search ?? []).map((a) => ({ [camel(a)]: { contains: word, mode: "insensitive" } })),
      })),
  };
};

/** The clauses of a list query (without the reader's scope): filters, search, parent, and the caller's own. */
export const listClauses = (
  core: TServiceCore,
  query: TListQuery,
  actor: TActor,
  parent?: { relationship: string; id: number },
  where?: TWhere,
): TWhere[] => {
  const clauses: TWhere[] = Object.entries(query.filter).map(([name, value]) =>
    filterWhere(core, name, value, actor),
  );
  if (query.search) clauses.push(searchWhere(core, query.search, actor));
  if (parent) clauses.push(belongsTo(core, parent.relationship, parent.id));
  if (where) clauses.push(where);
  return clauses;
};

export const orderBy = (core: TServiceCore, query: TListQuery): TOrderBy => {
  const order: TOrderBy = query.sort.flatMap((s) => {
    const custom = core.hooks.sorts?.[s.field];
    if (custom) {
      const o = custom(s.desc);
      return (Array.isArray(o) ? o : [o]) as TOrderBy;
    }
    return [{ [camel(s.field)]: s.desc ? "desc" : "asc" }];
  });
  // A stable order so pages never repeat or skip rows that tie on the sort field.
  if (!query.sort.some((s) => s.field === "id")) order.push({ id: "asc" });
  return order;
};
