import {
  can, filterOf, mayPick, relationshipOf,
  type TAction, type TListDocument, type TResourceIdentifier, type TResourceObject, type TSingleDocument,
} from "@crew/contracts";
import { AppError, type TFieldIssue } from "../errors/app-error.js";
import type { TActor } from "../http/context.js";
import { requireAccess } from "./access.js";
import type { TLooseWriteCtx, TResourceEntry } from "./binding.js";
import type { TKernelDeps } from "./kernel-deps.js";
import { parseListQuery, type TListQuery } from "./list-query.js";
import type { TTx } from "./model-types.js";
import { camel, foreignKey } from "./naming.js";
import type { TRelationMap } from "./relations.js";
import { relationRepository, resourceRepository } from "./resource-repository.js";
import { listLinks, relatedIds, resourceSerializer, type TLinkage } from "./serialize.js";
import type { TOrderBy, TRow, TWhere } from "./store.js";
import type { TWriteInput } from "./write-body.js";
import { versionsRepository } from "./versions-repository.js";
import { attachUploads, deleteObjects, fileAttributes, fileSpecOf, fileValues } from "./files-service.js";
import { storedFilesRepository, type TStoredFileRow } from "../storage/stored-files-repository.js";
import type { TUpload } from "../storage/upload.js";

export type TResourceService = ReturnType<typeof createResourceService>;

/** A list under a parent record (`users/{id}/expiriences`). */
export interface TParentScope {
  type: string;
  id: number;
  /** This resource's relationship that points at the parent. */
  relationship: string;
}

const ACTIONS_OF_WRITE = { create: "create", update: "update" } as const;

/**
 * The generic service of one resource: list, show, create, update, delete, relationships,
 * options and includes. Every method starts with its one access check; every path that
 * returns or references records of this type applies the reader's permission and the
 * resource's scope. Writes run in one transaction with the row before and after.
 */
export const createResourceService = (entry: TResourceEntry, kernel: TKernelDeps) => {
  const { def, model, hooks } = entry;
  const relations: Record<string, TRelationMap> = hooks.relations ?? {};
  const relationMap = (name: string): TRelationMap => relations[name] ?? { kind: "fk", field: foreignKey(name) };
  const repoOf = (client: TTx): unknown => hooks.repository?.(client);
  const readRepo = resourceRepository(kernel.read, model);
  const computed = hooks.computed;

  const hasFiles = fileAttributes(def).length > 0;
  /** File attribute values of rows, one query for all (none when the sparse fieldset leaves them out). */
  const filesOf = async (rows: readonly TRow[], fields?: string[]): Promise<Map<number, Record<string, unknown>>> =>
    hasFiles ? fileValues(kernel.read, def, rows, fields) : new Map();

  /** Set-based computed values of a page of rows (one query for all). */
  const manyOf = async (rows: readonly TRow[], actor: TActor, fields?: string[]): Promise<Map<number, Record<string, unknown>>> => {
    const many = hooks.computedMany;
    if (!many || !rows.length) return new Map();
    // A sparse fieldset that asks for none of them spares the query.
    if (fields?.length && !many.names.some((n) => fields.includes(n))) return new Map();
    return many.load(rows, { actor, repo: repoOf(kernel.read), ...(fields?.length ? { fields } : {}) });
  };

  /** The reader's sparse fieldset without the attributes hidden from them. */
  const visibleFields = (actor: TActor | null, fields?: string[]): string[] | undefined => {
    const hidden = actor ? hooks.hidden?.(actor) : undefined;
    if (!hidden?.length) return fields;
    const base = fields?.length ? fields : [...Object.keys(def.attributes), ...Object.keys(def.relationships ?? {})];
    return base.filter((f) => !hidden.includes(f));
  };

  const computedEntries = Object.entries(computed ?? {});
  /**
   * A serialiser for rows read with the same fieldset and linkage: the reader's visible fields
   * and the serialising plan are worked out once for the batch, not for each row. `extra` is a
   * row's set-based computed and file values.
   */
  const serializerFor = (actor: TActor | null, fields?: string[], linkage?: TLinkage) => {
    const visible = visibleFields(actor, fields);
    const write = resourceSerializer(def, { ...(visible ? { fields: visible } : {}), relations, ...(linkage ? { linkage } : {}) });
    return (row: TRow, extra?: Record<string, unknown>): TResourceObject => {
      if (!computedEntries.length && !extra) return write(row);
      const values: Record<string, unknown> = {};
      for (const [name, f] of computedEntries) values[name] = actor ? f(row, actor) : null;
      return write(row, extra ? Object.assign(values, extra) : values);
    };
  };
  const serialize = (row: TRow, actor: TActor | null, fields?: string[], linkage?: TLinkage, files?: Record<string, unknown>): TResourceObject =>
    serializerFor(actor, fields, linkage)(row, files);

  /** The reader's scope of this resource, with `where`; needs read permission. */
  const readable = (actor: TActor, where: TWhere = {}): TWhere => {
    requireAccess(actor, def.permission, "read");
    return scoped(actor, where);
  };
  const scoped = (actor: TActor, where: TWhere = {}): TWhere => {
    const scope = hooks.scope?.(actor);
    return scope ? { AND: [scope, where] } : where;
  };
  /**
   * Records a form lets the caller choose (docs/decisions.md "Pickers"): readable ones, or, for
   * a writer of a resource with a form relationship to this type, any within the type's scope.
   */
  const pickable = (actor: TActor, where: TWhere = {}): TWhere => {
    if (!can(actor.permissions, def.permission, "read") && mayPick(actor.permissions, def.type)) return scoped(actor, where);
    return readable(actor, where);
  };

  const include = hooks.include;
  /** The relations a list loads: those its sparse fieldset needs when the binding says so. */
  const includeOf = (fields: readonly string[] | undefined) => (fields?.length && hooks.includeFor ? hooks.includeFor(fields) : include);

  /** A record the caller may read, or 404 (missing and out of scope look the same). */
  const load = async (actor: TActor, id: number, client: TTx = kernel.read): Promise<TRow> => {
    const row = await resourceRepository(client, model).find(readable(actor, { id }), include);
    if (!row) throw AppError.notFound(`${def.label.one} ${id} not found`);
    return row;
  };

  /**
   * Rows of `ids` the reader may see, for `included`: through the binding's `loadRows` when it
   * has one, else the generic read. The readability check (permission and scope) and the
   * plain read of the rows run side by side, each on a connection of its own, and only the
   * readable rows are kept: one after the other, their round trips added up to a third of the
   * time of a vessels page that includes 10,000 scale rows (bench:fleet).
   */
  const includedRows = async (actor: TActor, ids: readonly number[]): Promise<TRow[]> => {
    if (!hooks.loadRows) return readRepo.findMany(readable(actor, { id: { in: [...ids] } }), [{ id: "asc" }], undefined, include);
    const where = readable(actor);
    const [allowed, rows] = await Promise.all([readRepo.existing(ids, where), hooks.loadRows([...ids].sort((a, b) => a - b), { repo: repoOf(kernel.read) })]);
    return rows.filter((r) => allowed.has(r.id));
  };

  /** Where-clause of "belongs to this parent" for one of this resource's relationships. */
  const belongsTo = (relationship: string, parentId: number): TWhere => {
    const map = relationMap(relationship);
    if (map.kind === "fk") return { [map.field]: parentId };
    if (map.kind === "through") return { [map.field]: map.single ? { is: { [map.to]: parentId } } : { some: { [map.to]: parentId } } };
    throw new Error(`${def.type}.${relationship} cannot scope a nested list`);
  };

  const filterWhere = (name: string, value: unknown, actor: TActor): TWhere => {
    const custom = hooks.filters?.[name];
    if (custom) return custom(value, actor);
    const kind = filterOf(def, name)?.kind;
    const field = camel(name);
    if (kind === "text") return { [field]: { contains: String(value), mode: "insensitive" } };
    if (kind === "ids" && Array.isArray(value)) return { [field]: { in: value } };
    return { [field]: value };
  };

  const searchWhere = (text: string, actor: TActor): TWhere => {
    if (hooks.search) return hooks.search(text, actor);
    return {
      AND: text.split(/\s+/).filter(Boolean).map((word) => ({
        OR: (def.search ?? []).map((a) => ({ [camel(a)]: { contains: word, mode: "insensitive" } })),
      })),
    };
  };

  const orderBy = (query: TListQuery): TOrderBy => {
    const order: TOrderBy = query.sort.flatMap((s) => {
      const custom = hooks.sorts?.[s.field];
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

  /** The page a resource's own list query chose (hooks.listPage): its rows, in its order. */
  const ownPage = async (query: TListQuery, actor: TActor): Promise<{ rows: TRow[]; total: number; estimated?: boolean }> => {
    const page = hooks.listPage ? await hooks.listPage(query, { actor, repo: repoOf(kernel.read) }) : { ids: [], total: 0 };
    // The hook applies the scope; loading the rows through it again keeps a mistaken hook from leaking.
    const found = page.ids.length ? await readRepo.findMany(readable(actor, { id: { in: page.ids } }), undefined, undefined, include) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    return { rows: page.ids.flatMap((id) => byId.get(id) ?? []), total: page.total, ...(page.estimated ? { estimated: true } : {}) };
  };

  /** Linkage of the stored (join-table or children) relationships named in `names`. */
  const loadLinkage = async (rows: readonly TRow[], names: Iterable<string>, client: TTx = kernel.read): Promise<TLinkage> => {
    const linkage: TLinkage = new Map();
    const rel = relationRepository(client);
    const ids = rows.map((r) => r.id);
    for (const name of new Set(names)) {
      const map = relations[name];
      if (!map || map.kind === "fk" || !relationshipOf(def, name)) continue;
      linkage.set(name, await rel.linkage(map, ids));
    }
    return linkage;
  };

  /** Relationships whose linkage an answer carries: the included ones and those named in the sparse fieldset. */
  const linkageNames = (query: Pick<TListQuery, "include" | "fields">, all: boolean): string[] => {
    const names = new Set(query.include.map((p) => p.split(".")[0] ?? ""));
    for (const f of query.fields[def.type] ?? []) names.add(f);
    if (all) for (const [name, map] of Object.entries(relations)) if (map.kind === "through") names.add(name);
    return [...names];
  };

  /** Included records of `paths` for `rows`, each once, through each related type's own permission and scope. */
  const includeInto = async (
    actor: TActor,
    rows: readonly TRow[],
    linkage: TLinkage,
    paths: readonly string[],
    fields: Record<string, string[]>,
    out: Map<string, TResourceObject>,
  ): Promise<void> => {
    const byFirst = new Map<string, string[]>();
    for (const path of paths) {
      const [first = "", ...rest] = path.split(".");
      const list = byFirst.get(first) ?? [];
      if (rest.length) list.push(rest.join("."));
      byFirst.set(first, list);
    }
    for (const [name, nested] of byFirst) {
      const rel = relationshipOf(def, name);
      if (!rel) continue;
      const ids = relatedIds(rows, name, relations[name], linkage);
      await kernel.findService(rel.type)?.includeRecords(actor, ids, nested, fields, out);
    }
  };

  const checkRelated = async (actor: TActor, input: TWriteInput, client: TTx): Promise<void> => {
    const issues: TFieldIssue[] = [];
    const wanted: [string, number[]][] = [
      ...Object.entries(input.relationships).flatMap(([n, id]): [string, number[]][] => (id === null ? [] : [[n, [id]]])),
      ...Object.entries(input.toMany),
    ];
    for (const [name, ids] of wanted) {
      const rel = relationshipOf(def, name);
      if (!rel || !ids.length) continue;
      const targets = hooks.relationshipTargets?.[name];
      const related = kernel.findService(rel.type);
      const found: ReadonlySet<number> = targets
        ? await targets(ids, { actor, repo: repoOf(client) })
        : related ? await related.pickableIds(actor, ids, client) : new Set<number>();
      if (ids.some((id) => !found.has(id))) issues.push({ field: name, message: "must exist", location: "relationships" });
    }
    if (issues.length) throw AppError.invalid(issues);
  };

  /** Column data of a write: each written attribute and to-one foreign key, then the hook's changes. */
  const dataOf = async (input: TWriteInput, ctx: TLooseWriteCtx): Promise<Record<string, unknown>> => {
    const virtual = new Set(hooks.virtual ?? []);
    const defaults: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(input.attributes)) if (!virtual.has(name)) defaults[camel(name)] = value;
    for (const [name, id] of Object.entries(input.relationships)) {
      const map = relationMap(name);
      if (map.kind === "fk") defaults[map.field] = id;
    }
    if (!hooks.toData) return defaults;
    return { ...defaults, ...(await hooks.toData(input, defaults, ctx)) };
  };

  /** To-many and stored to-one relationships of a write, replaced in the write's transaction. */
  const writeStoredRelations = async (client: TTx, id: number, input: TWriteInput): Promise<void> => {
    const rel = relationRepository(client);
    const given: [string, number[]][] = [
      ...Object.entries(input.toMany),
      ...Object.entries(input.relationships).flatMap(([n, v]): [string, number[]][] => (relations[n]?.kind === "through" ? [[n, v === null ? [] : [v]]] : [])),
    ];
    for (const [name, ids] of given) {
      const map = relationMap(name);
      if (map.kind === "inverse" && map.writable) {
        await rel.replaceChildren(map, id, ids);
        continue;
      }
      if (map.kind !== "through") throw AppError.badRequest(`'${name}' is written through its related resource`);
      await rel.replace(map, id, ids);
    }
  };

  /** Relationships guarded by a key of their own (a vessel's owner needs vessels.owner). */
  const checkRelationshipPermissions = (actor: TActor, input: TWriteInput): void => {
    for (const name of [...Object.keys(input.relationships), ...Object.keys(input.toMany)]) {
      const key = relationshipOf(def, name)?.permission;
      if (key) requireAccess(actor, key, "update");
    }
  };

  /** Records of other types a write changed through its hooks, published once it committed. */
  const sideEffects = () => {
    const touchedIds = new Map<string, Set<number>>();
    return {
      touched: (type: string, ids: readonly number[]): void => {
        const set = touchedIds.get(type) ?? new Set<number>();
        for (const i of ids) set.add(i);
        touchedIds.set(type, set);
      },
      publish: (actor: TActor): void => {
        for (const [type, ids] of touchedIds) kernel.publish(type, [...ids], "update", actor);
      },
    };
  };

  /** `prepare` runs after the checks, before the row is written (a relationship endpoint's hook). */
  const write = async (actor: TActor, mode: "create" | "update", id: number | undefined, input: TWriteInput, prepare?: (tx: TTx, before: TRow | null) => Promise<void>): Promise<TRow> => {
    const side = sideEffects();
    const row = await kernel.write(actor, async (tx) => {
      checkRelationshipPermissions(actor, input);
      const repo = resourceRepository(tx, model);
      const before = id === undefined ? null : await load(actor, id, tx);
      await checkRelated(actor, input, tx);
      await prepare?.(tx, before);
      const ctx: TLooseWriteCtx = { actor, mode, id, before, input, repo: repoOf(tx), touched: side.touched };
      const data = await dataOf(input, ctx);
      const written = mode === "create" ? await repo.create(data) : await repo.update(id as number, data);
      await writeStoredRelations(tx, written.id, input);
      if (hooks.afterWrite) await hooks.afterWrite(written, { ...ctx, id: written.id });
      // Hooks may have moved the row on (renumbering); the answer shows what is stored.
      return (await repo.find({ id: written.id }, include)) ?? written;
    });
    side.publish(actor);
    return row;
  };

  return {
    def,
    entry,
    access(actor: TActor, action: TAction) {
      requireAccess(actor, def.permission, action);
    },

    serialize,

    async list(
      actor: TActor,
      rawQuery: Record<string, unknown>,
      url: string,
      opts: { parent?: TParentScope; extraParams?: readonly string[]; where?: TWhere } = {},
    ): Promise<TListDocument> {
      const query = parseListQuery(def, rawQuery, { defOf: (t) => kernel.findService(t)?.def, ...(opts.extraParams ? { extraParams: opts.extraParams } : {}) });
      const clauses: TWhere[] = Object.entries(query.filter).map(([name, value]) => filterWhere(name, value, actor));
      if (query.search) clauses.push(searchWhere(query.search, actor));
      if (opts.parent) clauses.push(belongsTo(opts.parent.relationship, opts.parent.id));
      if (opts.where) clauses.push(opts.where);
      const where = readable(actor, clauses.length ? { AND: clauses } : {});
      const { rows, total, estimated } = hooks.listPage && !opts.parent && !opts.where
        ? await ownPage(query, actor)
        : { ...(await readRepo.list(where, orderBy(query), query.page, includeOf(query.fields[def.type]))), estimated: false };
      const linkage = await loadLinkage(rows, linkageNames(query, false));
      const files = await filesOf(rows, query.fields[def.type]);
      const many = await manyOf(rows, actor, query.fields[def.type]);
      const write = serializerFor(actor, query.fields[def.type], linkage);
      const doc: TListDocument = {
        data: rows.map((r) => write(r, { ...many.get(r.id), ...files.get(r.id) })),
        links: listLinks(url, rawQuery, query.page, total),
        meta: { count: total, total, ...(estimated ? { total_estimated: true as const } : {}) },
      };
      if (query.include.length) {
        const out = new Map<string, TResourceObject>();
        await includeInto(actor, rows, linkage, query.include, query.fields, out);
        doc.included = [...out.values()];
      }
      return doc;
    },

    async show(actor: TActor, id: number, rawQuery: Record<string, unknown>): Promise<TSingleDocument> {
      const query = parseListQuery(def, pick(rawQuery, ["include", "fields"]), { defOf: (t) => kernel.findService(t)?.def });
      const row = await load(actor, id);
      const linkage = await loadLinkage([row], linkageNames(query, true));
      const files = await filesOf([row], query.fields[def.type]);
      const many = await manyOf([row], actor, query.fields[def.type]);
      const meta = await hooks.answerMeta?.(row, { actor, repo: repoOf(kernel.read) });
      const doc: TSingleDocument = { data: serialize(row, actor, query.fields[def.type], linkage, { ...many.get(row.id), ...files.get(row.id) }), ...(meta ? { meta } : {}) };
      if (query.include.length) {
        const out = new Map<string, TResourceObject>();
        await includeInto(actor, [row], linkage, query.include, query.fields, out);
        doc.included = [...out.values()];
      }
      return doc;
    },

    /** The record for bespoke services: 404 unless the caller may read it. */
    async find(actor: TActor, id: number): Promise<TRow> {
      return load(actor, id);
    },

    /**
     * The record of an action that needs a permission of its own (a status change needs
     * crewUserStatus, not crewUsers.read): the scope applies, the read permission does not.
     */
    async findInScope(actor: TActor, id: number): Promise<TRow> {
      const scope = hooks.scope?.(actor);
      const row = await readRepo.find(scope ? { AND: [scope, { id }] } : { id }, include);
      if (!row) throw AppError.notFound(`${def.label.one} ${id} not found`);
      return row;
    },

    /** A nested list's parent must exist and be readable by the caller (its permission and scope), else 403/404. */
    async parentReadable(actor: TActor, parent: TParentScope): Promise<void> {
      await kernel.serviceOf(parent.type).find(actor, parent.id);
    },

    async create(actor: TActor, input: TWriteInput, parent?: TParentScope): Promise<TSingleDocument> {
      requireAccess(actor, def.permission, ACTIONS_OF_WRITE.create);
      if (parent) {
        await kernel.serviceOf(parent.type).find(actor, parent.id);
        input.relationships[parent.relationship] = parent.id;
      }
      const row = await write(actor, "create", undefined, input);
      kernel.publish(def.type, [row.id], "create", actor);
      return this.answer(actor, row);
    },

    async update(actor: TActor, id: number, input: TWriteInput): Promise<TSingleDocument> {
      requireAccess(actor, def.permission, ACTIONS_OF_WRITE.update);
      const row = await write(actor, "update", id, input);
      kernel.publish(def.type, [row.id], "update", actor);
      return this.answer(actor, row);
    },

    async remove(actor: TActor, id: number): Promise<void> {
      requireAccess(actor, def.permission, "delete");
      const side = sideEffects();
      const keys = await kernel.write(actor, async (tx) => {
        const row = await load(actor, id, tx);
        const ctx = { actor, repo: repoOf(tx), touched: side.touched };
        await hooks.beforeDelete?.(row, ctx);
        const fileKeys = hasFiles ? await storedFilesRepository(tx).removeOfRecord(def.type, id) : [];
        await resourceRepository(tx, model).remove(id);
        await hooks.afterDelete?.(row, ctx);
        return fileKeys;
      });
      await deleteObjects(kernel.storage, keys, kernel);
      kernel.publish(def.type, [id], "delete", actor);
      side.publish(actor);
    },

    /** GET /{type}/{id}/relationships/{name}: the linkage, as far as the caller may see the related type. */
    async relationship(actor: TActor, id: number, name: string): Promise<{ data: TResourceIdentifier | TResourceIdentifier[] | null }> {
      const rel = relationshipOf(def, name);
      if (!rel) throw AppError.notFound(`${def.type} has no relationship '${name}'`);
      const row = await load(actor, id);
      const ids = relatedIds([row], name, relations[name], await loadLinkage([row], [name]));
      const related = kernel.findService(rel.type);
      const visible = related && can(actor.permissions, related.def.permission, "read") ? await related.readableIds(actor, ids) : new Set<number>();
      const data = ids.filter((i) => visible.has(i)).map((i) => ({ type: rel.type, id: String(i) }));
      return { data: rel.cardinality === "one" ? (data[0] ?? null) : data };
    },

    /**
     * PATCH (replace), POST (add) and DELETE (remove) on /{type}/{id}/relationships/{name}
     * (JSON:API): to-one takes PATCH only; each is an update of this record.
     */
    async writeRelationship(actor: TActor, id: number, name: string, op: "replace" | "add" | "remove", ids: number[], flags: Readonly<Record<string, unknown>> = {}): Promise<void> {
      requireAccess(actor, def.permission, "update");
      const rel = relationshipOf(def, name);
      if (!rel) throw AppError.notFound(`${def.type} has no relationship '${name}'`);
      if (rel.readOnly) throw AppError.forbidden(`'${name}' is written through ${rel.type}`);
      if (rel.cardinality === "one" && op !== "replace") throw AppError.forbidden("This is a to-one relationship: replace it with PATCH.");
      const map = relationMap(name);
      const change = { name, op, ids, flags };
      const before = async (tx: TTx, row: TRow): Promise<void> => hooks.beforeRelationshipChange?.(change, { actor, id, before: row, repo: repoOf(tx), kernel });
      const after = async (): Promise<void> => hooks.afterRelationshipChange?.(change, { actor, id, repo: repoOf(kernel.read), kernel, transaction: (fn) => kernel.write(actor, (tx) => fn(repoOf(tx))) });
      if (op === "replace") {
        const input: TWriteInput = rel.cardinality === "one"
          ? { attributes: {}, relationships: { [name]: ids[0] ?? null }, toMany: {} }
          : { attributes: {}, relationships: {}, toMany: { [name]: ids } };
        await write(actor, "update", id, input, async (tx, row) => (row ? before(tx, row) : undefined));
        await after();
        return;
      }
      if (map.kind !== "through" && !(map.kind === "inverse" && map.writable)) throw AppError.forbidden(`'${name}' is written through ${rel.type}`);
      if (rel.permission) requireAccess(actor, rel.permission, "update");
      const side = sideEffects();
      await kernel.write(actor, async (tx) => {
        const row = await load(actor, id, tx);
        await before(tx, row);
        if (op === "add") await checkRelated(actor, { attributes: {}, relationships: {}, toMany: { [name]: ids } }, tx);
        const joins = relationRepository(tx);
        if (map.kind === "inverse") await (op === "add" ? joins.adopt(map, id, ids) : joins.release(map, id, ids));
        else await (op === "add" ? joins.add(map, id, ids) : joins.remove(map, id, ids));
        if (hooks.afterWrite) {
          const after = await load(actor, id, tx);
          await hooks.afterWrite(after, { actor, mode: "update", id, before: after, input: { attributes: {}, relationships: {}, toMany: {} }, repo: repoOf(tx), touched: side.touched });
        }
      });
      side.publish(actor);
      await after();
    },

    /** Ids among `ids` the caller may read (permission and scope): relationship checks and includes. */
    async readableIds(actor: TActor, ids: readonly number[], client: TTx = kernel.read): Promise<Set<number>> {
      if (!can(actor.permissions, def.permission, "read")) {
        throw AppError.forbidden(`Your role may not read ${def.permission}.`);
      }
      return resourceRepository(client, model).existing(ids, readable(actor));
    },

    /** Ids among `ids` of records that exist but that the caller's scope hides (History). */
    async outOfScopeIds(actor: TActor, ids: readonly number[], client: TTx = kernel.read): Promise<number[]> {
      const repo = resourceRepository(client, model);
      const [existing, visible] = await Promise.all([repo.existing(ids, {}), repo.existing(ids, readable(actor))]);
      return [...existing].filter((i) => !visible.has(i));
    },

    /** The ids among `ids` a write may name: readable, or choosable in a form the caller may submit. */
    async pickableIds(actor: TActor, ids: readonly number[], client: TTx = kernel.read): Promise<Set<number>> {
      if (!can(actor.permissions, def.permission, "read") && !mayPick(actor.permissions, def.type)) {
        throw AppError.forbidden(`Your role may not read ${def.permission}.`);
      }
      return resourceRepository(client, model).existing(ids, pickable(actor));
    },

    /**
     * Adds the readable records among `ids` (and their own `nested` includes) to `out`. A type
     * the reader may not read is left out of `included` (its linkage ids stay): a client may
     * ask for every include and gets what the reader may see.
     */
    async includeRecords(actor: TActor, ids: readonly number[], nested: readonly string[], fields: Record<string, string[]>, out: Map<string, TResourceObject>): Promise<void> {
      if (!can(actor.permissions, def.permission, "read")) return;
      const missing = ids.filter((id) => !out.has(`${def.type}:${id}`));
      if (!missing.length && !nested.length) return;
      const rows = missing.length ? await includedRows(actor, missing) : [];
      const linkage = await loadLinkage(rows, [...nested.map((p) => p.split(".")[0] ?? ""), ...(fields[def.type] ?? [])]);
      const many = await manyOf(rows, actor, fields[def.type]);
      const write = serializerFor(actor, fields[def.type], linkage);
      for (const row of rows) out.set(`${def.type}:${row.id}`, write(row, many.get(row.id)));
      if (nested.length) await includeInto(actor, rows, linkage, nested, fields, out);
    },

    /** GET /api/select_options?type=: {id, label} of the records the caller may read, matched by title. */
    async options(actor: TActor, q: string | undefined, size: number): Promise<TResourceObject[]> {
      if (hooks.options) {
        if (!mayPick(actor.permissions, def.type)) requireAccess(actor, def.permission, "read");
        const found = await hooks.options(q?.trim() || undefined, size, { actor, repo: repoOf(kernel.read) });
        return found.map((o) => ({ type: "select_options", id: String(o.id), attributes: { label: o.label, value: String(o.id) } }));
      }
      const field = camel(def.titleAttribute);
      const where = pickable(actor, q ? { [field]: { contains: q.trim(), mode: "insensitive" } } : {});
      const rows = await readRepo.findMany(where, [{ [field]: "asc" }, { id: "asc" }], size);
      return rows.map((r) => ({ type: "select_options", id: String(r.id), attributes: { label: typeof r[field] === "string" ? r[field] : "", value: String(r.id) } }));
    },

    /**
     * GET /{type}/{id}/versions: who changed what and when, for the record and the records
     * that belong to it, to whoever may read the record.
     */
    async versions(actor: TActor, id: number, rawQuery: Record<string, unknown>, url: string): Promise<TListDocument> {
      await load(actor, id);
      const query = parseListQuery(def, pick(rawQuery, ["page"]));
      const hiddenTypes = kernel.types().filter((t) => !can(actor.permissions, kernel.serviceOf(t).def.permission, "read"));
      const versions = versionsRepository(kernel.read);
      // Belonging records that still exist but are out of the reader's scope (a vessel's archived
      // scale rows for all but superusers) keep their history to themselves, as their reads do.
      const hiddenItems = new Map<string, number[]>();
      for (const [itemType, ids] of await versions.belongingItems(def.type, id)) {
        const service = hiddenTypes.includes(itemType) ? undefined : kernel.findService(itemType);
        if (service) hiddenItems.set(itemType, await service.outOfScopeIds(actor, ids));
      }
      const { rows, total } = await versions.forRecord(def.type, id, { types: hiddenTypes, items: hiddenItems }, query.page);
      return {
        data: rows.map((v) => ({
          type: "versions",
          id: String(v.id),
          attributes: {
            item_type: v.itemType, item_id: v.itemId, event: v.event, changes: v.changes,
            owner_type: v.ownerType, owner_id: v.ownerId, actor_id: v.actorId, actor_name: v.actorName,
            request_id: v.requestId, created_at: v.createdAt.toISOString(),
          },
        })),
        links: listLinks(url, rawQuery, query.page, total),
        meta: { count: total, total },
      };
    },

    /** A written record as the answer of a write: its attributes, stored relationships and files. */
    async answer(actor: TActor, row: TRow): Promise<TSingleDocument> {
      const files = await filesOf([row]);
      const many = await manyOf([row], actor);
      const doc: TSingleDocument = { data: serialize(row, actor, undefined, await loadLinkage([row], Object.keys(relations)), { ...many.get(row.id), ...files.get(row.id) }) };
      const meta = await hooks.answerMeta?.(row, { actor, repo: repoOf(kernel.read) });
      return meta ? { ...doc, meta } : doc;
    },

    /** POST /{type}/{id}/files/{attribute}: uploads for a file attribute; needs update on the record. */
    async uploadFiles(actor: TActor, id: number, attribute: string, uploads: readonly TUpload[]): Promise<TSingleDocument> {
      requireAccess(actor, def.permission, "update");
      await load(actor, id);
      await attachUploads(kernel, actor, def, id, attribute, uploads, (fn) => kernel.write(actor, async (tx) => {
        await load(actor, id, tx);
        await fn(tx);
      }));
      kernel.publish(def.type, [id], "update", actor);
      return this.answer(actor, await load(actor, id));
    },

    /** PATCH /{type}/{id}/files/{attribute} `{ids}`: the order of a several-file attribute. */
    async reorderFiles(actor: TActor, id: number, attribute: string, ids: readonly number[]): Promise<TSingleDocument> {
      requireAccess(actor, def.permission, "update");
      fileSpecOf(def, attribute);
      await kernel.write(actor, async (tx) => {
        await load(actor, id, tx);
        const repo = storedFilesRepository(tx);
        const current = (await repo.ofAttribute(def.type, id, attribute)).map((f) => f.id);
        if (current.length !== ids.length || !current.every((f) => ids.includes(f))) {
          throw AppError.invalid([{ field: attribute, message: "must list each of the record's files once" }]);
        }
        await repo.reorder(ids);
      });
      return this.answer(actor, await load(actor, id));
    },

    /** DELETE /files/{id} of a file of this type: needs update on its record. */
    async removeFile(actor: TActor, file: TStoredFileRow): Promise<void> {
      requireAccess(actor, def.permission, "update");
      await kernel.write(actor, async (tx) => {
        await load(actor, file.recordId, tx);
        await storedFilesRepository(tx).remove([file.id]);
      });
      await deleteObjects(kernel.storage, [file.key], kernel);
      kernel.publish(def.type, [file.recordId], "update", actor);
    },

    /** The resource's repository over the pool or a transaction, for its actions. */
    repository(client: TTx = kernel.read): unknown {
      return repoOf(client);
    },
  };
};

const pick = (query: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (query[k] !== undefined) out[k] = query[k];
  for (const k of Object.keys(query)) {
    if (!keys.includes(k)) throw AppError.badRequest(`Unknown query parameter '${k}'`, k);
  }
  return out;
};
