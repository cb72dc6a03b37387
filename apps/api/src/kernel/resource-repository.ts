import { sqlPoolOf } from "../db/client.js";
import { idRange } from "./ids.js";
import type { TModel, TTx } from "./model-types.js";
import type { TRelationMap } from "./relations.js";
import { attachIncluded, includePlan } from "./sql-include.js";
import { sqlLinkage } from "./sql-linkage.js";
import { sqlReader, type TSqlReader } from "./sql-read-repository.js";
import { storeOf, type TInclude, type TOrderBy, type TRow, type TWhere } from "./store.js";

/**
 * The generic repository of one model over a client: the pool for reads, the write's
 * transaction for writes. Resource repositories sit beside it where a resource needs more.
 * With `sqlReads` its reads on the pool go to pg with SQL of its own (kernel/sql-read-repository.ts)
 * when the where, the order and the binding's include (sql-include.ts) can be written there, else to Prisma.
 */
export const resourceRepository = (client: TTx, model: TModel, options: { sqlReads?: boolean } = {}) => {
  const store = storeOf(client, model);
  const sql = options.sqlReads ? sqlReader(client, model) : null;
  const pool = sql ? sqlPoolOf(client) : null;
  /**
   * A read through pg, with the binding's `include` attached through pg too (sql-include.ts);
   * null, before anything is read, when the read or the include cannot be written there (then
   * Prisma reads both).
   */
  const viaPg = (
    include: TInclude | undefined,
    read: (reader: TSqlReader) => Promise<TRow[]> | null,
  ): Promise<TRow[]> | null => {
    if (!sql) return null;
    if (!include) return read(sql);
    const plan = pool ? includePlan(model, include) : null;
    if (!plan || !pool) return null;
    return read(sql)?.then((rows) => attachIncluded(pool, rows, plan)) ?? null;
  };
  return {
    /**
     * A page and the total. A page that is not full is the last one, so the total follows from
     * it without a count: most lists (reference lists, a vessel's scale) fit on their first
     * page, and their requests make one query instead of two (bench:cost).
     */
    async list(
      where: TWhere,
      orderBy: TOrderBy,
      page: { size: number; number: number },
      include?: TInclude,
    ): Promise<{ rows: TRow[]; total: number }> {
      const skip = (page.number - 1) * page.size;
      const rows = await (viaPg(include, (r) => r.findMany({ where, orderBy, skip, take: page.size })) ||
        store.findMany({
          where,
          orderBy,
          skip,
          take: page.size,
          ...(include ? { include } : {}),
        }));
      const lastPage = rows.length < page.size && (rows.length > 0 || page.number === 1);
      if (lastPage) return { rows, total: skip + rows.length };
      return { rows, total: await (sql?.count(where) ?? store.count({ where })) };
    },
    findMany(where: TWhere, orderBy?: TOrderBy, take?: number, include?: TInclude): Promise<TRow[]> {
      return (
        viaPg(include, (r) => r.findMany({ where, orderBy, take: take || undefined })) ||
        store.findMany({
          where,
          ...(orderBy ? { orderBy } : {}),
          ...(take ? { take } : {}),
          ...(include ? { include } : {}),
        })
      );
    },
    /** Ids and one column of the rows `where` lets through (the titles of linked records). */
    titles(where: TWhere, field: string): Promise<TRow[]> {
      return (
        sql?.findMany({ where, fields: field === "id" ? ["id"] : ["id", field] }) ??
        store.findMany({ where, select: { id: true, [field]: true } })
      );
    },
    async find(where: TWhere, include?: TInclude): Promise<TRow | null> {
      const rows = viaPg(include, (r) => r.findMany({ where, take: 1 }));
      if (rows) return (await rows)[0] ?? null;
      return store.findFirst({ where, ...(include ? { include } : {}) });
    },
    create(data: Record<string, unknown>): Promise<TRow> {
      return store.create({ data });
    },
    update(id: number, data: Record<string, unknown>): Promise<TRow> {
      return store.update({ where: { id }, data });
    },
    async remove(id: number): Promise<void> {
      await store.delete({ where: { id } });
    },
    /**
     * Ids among `ids` that `where` lets through. Many ids that lie close together (a page's
     * 10,000 included scale rows) are asked for as their range and the answer narrowed to `ids`
     * here: Prisma's handling of 10,000 bound values cost twice the query's time (bench:fleet).
     * The range holds at most twice as many ids as asked for, so the answer stays small.
     */
    async existing(ids: readonly number[], where: TWhere): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const { wanted, range } = idRange(ids);
      const inScope = {
        AND: [where, { id: range ? { gte: range.min, lte: range.max } : { in: [...wanted] } }],
      };
      // Through pg the ids go as one array parameter (sql-where.ts), so the list costs what the range does.
      const rows = await (sql?.findMany({ where: inScope, fields: ["id"] }) ??
        store.findMany({ where: inScope, select: { id: true } }));
      const found = new Set<number>();
      for (const r of rows) if (wanted.has(r.id)) found.add(r.id);
      return found;
    },
  };
};

/**
 * Related ids per record id of one relationship stored in a join table or as children. With
 * `sqlReads` the linkage is read through the pg pool (kernel/sql-linkage.ts) when `client` is the
 * pool's Prisma client; a transaction's client keeps its own connection, so Prisma reads there.
 */
export const relationRepository = (client: TTx, options: { sqlReads?: boolean } = {}) => ({
  async linkage(map: TRelationMap, ids: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (!ids.length || map.kind === "fk" || map.kind === "none") return out;
    if (map.kind === "loaded") return map.load(client, ids);
    const sql = options.sqlReads ? sqlPoolOf(client) : undefined;
    const viaSql = sql ? await sqlLinkage(sql, map, ids) : null;
    if (viaSql) return viaSql;
    const [from, to] = map.kind === "through" ? [map.from, map.to] : [map.fk, "id"];
    const rows = await storeOf(client, map.model).findMany({
      where: { [from]: { in: [...ids] } },
      select: { [from]: true, [to]: true },
      orderBy: [{ id: "asc" }],
    });
    for (const row of rows) {
      const owner = row[from];
      const related = row[to];
      if (typeof owner !== "number" || typeof related !== "number") continue;
      const list = out.get(owner) ?? [];
      list.push(related);
      out.set(owner, list);
    }
    return out;
  },

  /** Makes the join rows of `id` exactly `related` (in one transaction with the caller's write). */
  async replace(
    map: Extract<TRelationMap, { kind: "through" }>,
    id: number,
    related: readonly number[],
  ): Promise<void> {
    const store = storeOf(client, map.model);
    await store.deleteMany({ where: { [map.from]: id, [map.to]: { notIn: [...related] } } });
    await this.add(map, id, related);
  },

  async add(
    map: Extract<TRelationMap, { kind: "through" }>,
    id: number,
    related: readonly number[],
  ): Promise<void> {
    if (!related.length) return;
    const store = storeOf(client, map.model);
    const present = await store.findMany({
      where: { [map.from]: id, [map.to]: { in: [...related] } },
      select: { [map.to]: true },
    });
    const have = new Set(present.map((r) => r[map.to]));
    const missing = [...new Set(related)].filter((r) => !have.has(r));
    if (missing.length)
      await store.createMany({
        data: missing.map((r) => ({ [map.from]: id, [map.to]: r })),
        skipDuplicates: true,
      });
  },

  async remove(
    map: Extract<TRelationMap, { kind: "through" }>,
    id: number,
    related: readonly number[],
  ): Promise<void> {
    if (!related.length) return;
    await storeOf(client, map.model).deleteMany({
      where: { [map.from]: id, [map.to]: { in: [...related] } },
    });
  },

  /** A writable inverse relation: the children `related` now point at `id` (whatever they pointed at before). */
  async adopt(
    map: Extract<TRelationMap, { kind: "inverse" }>,
    id: number,
    related: readonly number[],
  ): Promise<void> {
    if (!related.length) return;
    await storeOf(client, map.model).updateMany({
      where: { id: { in: [...related] } },
      data: { [map.fk]: id },
    });
  },

  /** A writable inverse relation: the children among `related` that point at `id` point at nothing. */
  async release(
    map: Extract<TRelationMap, { kind: "inverse" }>,
    id: number,
    related: readonly number[],
  ): Promise<void> {
    if (!related.length) return;
    await storeOf(client, map.model).updateMany({
      where: { id: { in: [...related] }, [map.fk]: id },
      data: { [map.fk]: null },
    });
  },

  /** A writable inverse relation: exactly `related` point at `id`. */
  async replaceChildren(
    map: Extract<TRelationMap, { kind: "inverse" }>,
    id: number,
    related: readonly number[],
  ): Promise<void> {
    await storeOf(client, map.model).updateMany({
      where: { [map.fk]: id, id: { notIn: [...related] } },
      data: { [map.fk]: null },
    });
    await this.adopt(map, id, related);
  },
});
