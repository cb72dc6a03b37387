import type { TAction, TListDocument, TResourceDef, TSingleDocument } from "@crew/contracts";
import { AppError } from "../errors/app-error.js";
import type { TActor } from "../http/context.js";
import { requireAccess } from "./access.js";
import { parseListQuery, type TListQuery } from "./list-query.js";
import { camel, foreignKey } from "./naming.js";
import { defaultFilterWhere, resourceRepository, searchWhere } from "./resource-repository.js";
import { listLinks, toIncluded, toResource, type TComputed } from "./serialize.js";
import type { TInclude, TRow, TStore, TWhere } from "./store.js";
import type { TWriteInput } from "./write-body.js";

/** What a resource adds to the generic behaviour. Everything is optional. */
export interface TResourceHooks {
  /** Restricts every read and write (notifications: the caller's own). */
  scope?(actor: TActor): TWhere;
  /** Filters whose meaning is not "attribute equals / contains value". */
  filters?: Record<string, (value: unknown, actor: TActor) => TWhere>;
  /** Relations always loaded (for computed attributes). */
  include?: TInclude;
  computed?: TComputed;
  /** Builds the Prisma data of a create or update (hash a password, check a rule). */
  toData?(input: TWriteInput, ctx: { actor: TActor; mode: "create" | "update"; id?: number }): Promise<Record<string, unknown>>;
  /** Runs after a create or update (reorder ranks, bump the permissions revision); may return the fresh row. */
  afterWrite?(row: TRow, input: TWriteInput, ctx: { actor: TActor; mode: "create" | "update" }): Promise<TRow | void>;
  beforeDelete?(row: TRow, actor: TActor): Promise<void>;
  afterDelete?(row: TRow, actor: TActor): Promise<void>;
}

export interface TResourceEntry {
  def: TResourceDef;
  store: TStore;
  hooks?: TResourceHooks;
}

export type TEntryOf = (type: string) => TResourceEntry | undefined;

export type TResourceService = ReturnType<typeof createResourceService>;

/** Generic list/show/create/update/delete of one resource, each starting with its access check. */
export const createResourceService = (entry: TResourceEntry, entryOf: TEntryOf) => {
  const { def, hooks = {} } = entry;
  const repo = resourceRepository(def, entry.store);

  const scoped = (actor: TActor, where: TWhere = {}): TWhere => {
    const scope = hooks.scope?.(actor);
    return scope ? { AND: [scope, where] } : where;
  };

  const includeOf = (names: readonly string[]): TInclude | undefined => {
    const include: TInclude = { ...hooks.include };
    for (const n of names) include[camel(n)] = true;
    return Object.keys(include).length ? include : undefined;
  };

  const serialize = (row: TRow, fields?: string[]) =>
    toResource(def, row, { ...(hooks.computed ? { computed: hooks.computed } : {}), ...(fields ? { fields } : {}) });

  const defOf = (type: string) => entryOf(type)?.def;

  const load = async (actor: TActor, id: number, include: readonly string[] = []): Promise<TRow> => {
    const row = await repo.find(scoped(actor, { id }), includeOf(include));
    if (!row) throw AppError.notFound(`${def.label.one} ${id} not found`);
    return row;
  };

  /** Related records named in relationships must exist (and be visible). */
  const checkRelated = async (input: TWriteInput): Promise<void> => {
    const issues: { field: string; message: string; location: "relationships" }[] = [];
    for (const [name, id] of Object.entries(input.relationships)) {
      if (id === null) continue;
      const rel = def.relationships?.[name];
      const related = rel ? entryOf(rel.type) : undefined;
      if (!related || !(await resourceRepository(related.def, related.store).exists(id))) {
        issues.push({ field: name, message: "must exist", location: "relationships" });
      }
    }
    if (issues.length) throw AppError.invalid(issues);
  };

  const dataOf = async (input: TWriteInput, ctx: { actor: TActor; mode: "create" | "update"; id?: number }) => {
    if (hooks.toData) return hooks.toData(input, ctx);
    const data: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(input.attributes)) data[camel(name)] = value;
    for (const [name, id] of Object.entries(input.relationships)) data[foreignKey(name)] = id;
    return data;
  };

  return {
    def,
    access(actor: TActor, action: TAction) {
      requireAccess(actor, def.permission, action);
    },

    async list(actor: TActor, rawQuery: Record<string, unknown>, url: string, opts: Parameters<typeof parseListQuery>[2] = {}): Promise<TListDocument> {
      requireAccess(actor, def.permission, "read");
      const query: TListQuery = parseListQuery(def, rawQuery, opts);
      const clauses: TWhere[] = [];
      for (const [name, value] of Object.entries(query.filter)) {
        const custom = hooks.filters?.[name];
        clauses.push(custom ? custom(value, actor) : defaultFilterWhere(def, name, value));
      }
      if (query.search) clauses.push(searchWhere(def, query.search));
      const where = scoped(actor, clauses.length ? { AND: clauses } : {});
      const { rows, total } = await repo.list(where, query, includeOf(query.include));
      const doc: TListDocument = {
        data: rows.map((r) => serialize(r, query.fields[def.type])),
        links: listLinks(url, rawQuery, query.page, total),
        meta: { count: total, total },
      };
      if (query.include.length) doc.included = toIncluded(def, rows, query.include, defOf);
      return doc;
    },

    async show(actor: TActor, id: number, rawQuery: Record<string, unknown>): Promise<TSingleDocument> {
      requireAccess(actor, def.permission, "read");
      const query = parseListQuery(def, { ...(rawQuery.include !== undefined ? { include: rawQuery.include } : {}), ...(rawQuery.fields !== undefined ? { fields: rawQuery.fields } : {}) });
      const row = await load(actor, id, query.include);
      const doc: TSingleDocument = { data: serialize(row, query.fields[def.type]) };
      if (query.include.length) doc.included = toIncluded(def, [row], query.include, defOf);
      return doc;
    },

    async create(actor: TActor, input: TWriteInput): Promise<TSingleDocument> {
      requireAccess(actor, def.permission, "create");
      await checkRelated(input);
      let row = await repo.create(await dataOf(input, { actor, mode: "create" }), includeOf([]));
      row = (await hooks.afterWrite?.(row, input, { actor, mode: "create" })) ?? row;
      return { data: serialize(row) };
    },

    async update(actor: TActor, id: number, input: TWriteInput): Promise<TSingleDocument> {
      requireAccess(actor, def.permission, "update");
      await load(actor, id);
      await checkRelated(input);
      let row = await repo.update(id, await dataOf(input, { actor, mode: "update", id }), includeOf([]));
      row = (await hooks.afterWrite?.(row, input, { actor, mode: "update" })) ?? row;
      return { data: serialize(row) };
    },

    async remove(actor: TActor, id: number): Promise<void> {
      requireAccess(actor, def.permission, "delete");
      const row = await load(actor, id);
      await hooks.beforeDelete?.(row, actor);
      await repo.remove(id);
      await hooks.afterDelete?.(row, actor);
    },

    async relationship(actor: TActor, id: number, name: string): Promise<{ data: { type: string; id: string } | null }> {
      requireAccess(actor, def.permission, "read");
      const rel = def.relationships?.[name];
      if (!rel) throw AppError.notFound(`${def.type} has no relationship '${name}'`);
      const row = await load(actor, id);
      const fk = row[foreignKey(name)];
      return { data: typeof fk === "number" ? { type: rel.type, id: String(fk) } : null };
    },
  };
};
