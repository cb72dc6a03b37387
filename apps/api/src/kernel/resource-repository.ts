import type { TResourceDef } from "@crew/contracts";
import { camel } from "./naming.js";
import type { TListQuery } from "./list-query.js";
import type { TInclude, TOrderBy, TRow, TStore, TWhere } from "./store.js";

/**
 * The generic repository: turns a parsed list query into Prisma arguments for one model.
 * Resource-specific repositories sit beside it where a resource needs more.
 */
export const resourceRepository = (def: TResourceDef, store: TStore) => {
  const orderBy = (query: TListQuery): TOrderBy => {
    const order: TOrderBy = query.sort.map((s) => ({ [camel(s.field)]: s.desc ? "desc" : "asc" }));
    // A stable order so pages never repeat or skip rows that tie on the sort field.
    if (!query.sort.some((s) => s.field === "id")) order.push({ id: "asc" });
    return order;
  };

  return {
    async list(where: TWhere, query: TListQuery, include?: TInclude): Promise<{ rows: TRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        store.findMany({ where, orderBy: orderBy(query), skip: (query.page.number - 1) * query.page.size, take: query.page.size, ...(include ? { include } : {}) }),
        store.count({ where }),
      ]);
      return { rows, total };
    },
    find(where: TWhere, include?: TInclude): Promise<TRow | null> {
      return store.findFirst({ where, ...(include ? { include } : {}) });
    },
    create(data: Record<string, unknown>, include?: TInclude): Promise<TRow> {
      return store.create({ data, ...(include ? { include } : {}) });
    },
    update(id: number, data: Record<string, unknown>, include?: TInclude): Promise<TRow> {
      return store.update({ where: { id }, data, ...(include ? { include } : {}) });
    },
    async remove(id: number): Promise<void> {
      await store.delete({ where: { id } });
    },
    async exists(id: number): Promise<boolean> {
      return (await store.count({ where: { id } })) > 0;
    },
  };
};

/** Default where-clause of a filter, by its kind; resources override where it differs. */
export const defaultFilterWhere = (def: TResourceDef, name: string, value: unknown): TWhere => {
  const kind = def.filters?.[name]?.kind;
  const field = camel(name);
  if (kind === "text") return { [field]: { contains: String(value), mode: "insensitive" } };
  return { [field]: value };
};

/** `search`: every word must match one of the searchable attributes (case-insensitive). */
export const searchWhere = (def: TResourceDef, text: string): TWhere => ({
  AND: text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ OR: (def.search ?? []).map((a) => ({ [camel(a)]: { contains: word, mode: "insensitive" } })) })),
});
