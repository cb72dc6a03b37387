import {
  can,
  mayPick,
  relationshipOf,
  type TListDocument,
  type TResourceObject,
  type TSingleDocument,
} from "@crew/contracts";
import { AppError } from "../errors/app-error.js";
import type { TActor } from "../http/context.js";
import { requireAccess } from "./access.js";
import { idRange } from "./ids.js";
import { onlyParams, parseListQuery, type TListQuery } from "./list-query.js";
import { listClauses, orderBy } from "./list-where.js";
import type { TTx } from "./model-types.js";
import { camel } from "./naming.js";
import type { TRecordOutput } from "./record-output.js";
import { listLinks, relatedIds } from "./serialize.js";
import type { TServiceCore } from "./service-core.js";
import type { TResourceService } from "./service-types.js";
import type { TRow } from "./store.js";

type TReads = Pick<
  TResourceService,
  | "access"
  | "serialize"
  | "list"
  | "show"
  | "find"
  | "findInScope"
  | "parentReadable"
  | "requireReadable"
  | "relationship"
  | "readableIds"
  | "outOfScopeIds"
  | "pickableIds"
  | "includeRecords"
  | "titles"
  | "options"
  | "answer"
>;

/**
 * The reads of a resource: lists (the generic query or the binding's own page), show, the
 * records other services include, relationship linkage, picker options, and the answer of a
 * write. Every path applies the reader's permission and the resource's scope.
 */
export const createReads = (core: TServiceCore, output: TRecordOutput): TReads => {
  const { def, hooks, kernel } = core;
  const readStore = core.store();
  const repo = () => core.repoOf(kernel.read);
  /** The relations a list loads: those its sparse fieldset needs when the binding says so. */
  const includeOf = (fields: readonly string[] | undefined) =>
    fields?.length && hooks.includeFor ? hooks.includeFor(fields) : core.include;

  /**
   * Rows of `ids` the reader may see, for `included`, in one read with the reader's permission
   * and scope. Many ids close together (a vessels page's 10,000 scale rows) are asked for as
   * their range and narrowed here (kernel/ids.ts). One statement: a plain read of the rows
   * beside a readability check of their ids cost a second pass over the 10,000 rows
   * (docs/performance.md "One read for included rows").
   */
  const includedRows = async (actor: TActor, ids: readonly number[]): Promise<TRow[]> => {
    const { wanted, range } = idRange(ids);
    const rows = await readStore.findMany(
      core.readable(actor, { id: range ? { gte: range.min, lte: range.max } : { in: [...wanted] } }),
      [{ id: "asc" }],
      undefined,
      core.include,
    );
    return range ? rows.filter((r) => wanted.has(r.id)) : rows;
  };

  /** The page a resource's own list query chose (hooks.listPage): its rows, in its order. */
  const ownPage = async (
    query: TListQuery,
    actor: TActor,
  ): Promise<{ rows: TRow[]; total: number; estimated?: boolean }> => {
    const page = hooks.listPage
      ? await hooks.listPage(query, { actor, repo: repo() })
      : { ids: [], total: 0 };
    // The hook applies the scope; loading the rows through it again keeps a mistaken hook from leaking.
    const found = page.ids.length
      ? await readStore.findMany(
          core.readable(actor, { id: { in: page.ids } }),
          undefined,
          undefined,
          core.include,
        )
      : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    return {
      rows: page.ids.flatMap((id) => byId.get(id) ?? []),
      total: page.total,
      ...(page.estimated ? { estimated: true } : {}),
    };
  };

  /** The linkage of `names`, then the titles of the linked records (which need it). */
  const linkageAndTitles = async (
    actor: TActor,
    rows: readonly TRow[],
    names: Iterable<string>,
    fields: string[] | undefined,
  ) => {
    const linkage = await output.loadLinkage(rows, names);
    return { linkage, titles: await output.titlesOf(actor, rows, fields, linkage) };
  };

  const answer = async (actor: TActor, row: TRow): Promise<TSingleDocument> => {
    // Each step that does not need another's answer runs beside it, on a pool connection of its own.
    const [extras, { linkage, titles }, meta] = await Promise.all([
      output.extrasOf([row], actor),
      linkageAndTitles(actor, [row], Object.keys(core.relations), undefined),
      hooks.answerMeta?.(row, { actor, repo: repo() }),
    ]);
    const doc: TSingleDocument = {
      data: output.serialize(row, actor, undefined, linkage, extras(row), titles),
    };
    return meta ? { ...doc, meta } : doc;
  };

  return {
    access(actor, action) {
      requireAccess(actor, def.permission, action);
    },

    serialize: output.serialize,

    async list(actor, rawQuery, url, opts = {}): Promise<TListDocument> {
      const query = parseListQuery(def, rawQuery, {
        defOf: (t) => kernel.findService(t)?.def,
        ...(opts.extraParams ? { extraParams: opts.extraParams } : {}),
      });
      const clauses = listClauses(core, query, actor, opts.parent, opts.where);
      const where = core.readable(actor, clauses.length ? { AND: clauses } : {});
      const { rows, total, estimated } =
        hooks.listPage && !opts.parent && !opts.where
          ? await ownPage(query, actor)
          : {
              ...(await readStore.list(
                where,
                orderBy(core, query),
                query.page,
                includeOf(query.fields[def.type]),
              )),
              estimated: false,
            };
      const fields = query.fields[def.type];
      // The page's files and computed values beside its linkage and then the linked titles.
      const [extras, { linkage, titles }] = await Promise.all([
        output.extrasOf(rows, actor, fields),
        linkageAndTitles(actor, rows, output.linkageNames(query, false), fields),
      ]);
      const write = output.serializerFor(actor, fields, linkage, titles);
      const doc: TListDocument = {
        data: rows.map((r) => write(r, extras(r))),
        links: listLinks(url, rawQuery, query.page, total),
        meta: { count: total, total, ...(estimated ? { total_estimated: true as const } : {}) },
      };
      const included = await output.includedOf(actor, rows, linkage, query);
      if (included) doc.included = included;
      return doc;
    },

    async show(actor, id, rawQuery): Promise<TSingleDocument> {
      const query = parseListQuery(def, onlyParams(rawQuery, ["include", "fields"]), {
        defOf: (t) => kernel.findService(t)?.def,
      });
      const row = await core.load(actor, id);
      const fields = query.fields[def.type];
      const withLinkage = output.loadLinkage([row], output.linkageNames(query, true));
      const [extras, { linkage, titles }, meta, included] = await Promise.all([
        output.extrasOf([row], actor, fields),
        withLinkage.then(async (linkage) => ({
          linkage,
          titles: await output.titlesOf(actor, [row], fields, linkage),
        })),
        hooks.answerMeta?.(row, { actor, repo: repo() }),
        withLinkage.then((linkage) => output.includedOf(actor, [row], linkage, query)),
      ]);
      const doc: TSingleDocument = {
        data: output.serialize(row, actor, fields, linkage, extras(row), titles),
        ...(meta ? { meta } : {}),
      };
      if (included) doc.included = included;
      return doc;
    },

    find: (actor, id) => core.load(actor, id),

    async findInScope(actor, id) {
      const row = await readStore.find(core.scoped(actor, { id }), core.include);
      if (!row) throw AppError.notFound(`${def.label.one} ${id} not found`);
      return row;
    },

    async parentReadable(actor, parent) {
      await kernel.serviceOf(parent.type).requireReadable(actor, parent.id);
    },

    async requireReadable(actor, id) {
      // What `find` checks (the same 403 and 404), by the id alone: not the row with its includes.
      const where = core.readable(actor);
      if (!(await readStore.existing([id], where)).has(id))
        throw AppError.notFound(`${def.label.one} ${id} not found`);
    },

    async relationship(actor, id, name) {
      const rel = relationshipOf(def, name);
      if (!rel) throw AppError.notFound(`${def.type} has no relationship '${name}'`);
      const row = await core.load(actor, id);
      const ids = relatedIds([row], name, core.relations[name], await output.loadLinkage([row], [name]));
      const related = kernel.findService(rel.type);
      const visible =
        related && can(actor.permissions, related.def.permission, "read")
          ? await related.readableIds(actor, ids)
          : new Set<number>();
      const data = ids.filter((i) => visible.has(i)).map((i) => ({ type: rel.type, id: String(i) }));
      return { data: rel.cardinality === "one" ? (data[0] ?? null) : data };
    },

    async readableIds(actor, ids, client: TTx = kernel.read) {
      if (!can(actor.permissions, def.permission, "read")) {
        throw AppError.forbidden(`Your role may not read ${def.permission}.`);
      }
      return core.store(client).existing(ids, core.readable(actor));
    },

    async outOfScopeIds(actor, ids, client: TTx = kernel.read) {
      const store = core.store(client);
      const [existing, visible] = await Promise.all([
        store.existing(ids, {}),
        store.existing(ids, core.readable(actor)),
      ]);
      return [...existing].filter((i) => !visible.has(i));
    },

    async pickableIds(actor, ids, client: TTx = kernel.read) {
      if (!can(actor.permissions, def.permission, "read") && !mayPick(actor.permissions, def.type)) {
        throw AppError.forbidden(`Your role may not read ${def.permission}.`);
      }
      return core.store(client).existing(ids, core.pickable(actor));
    },

    /**
     * A type the reader may not read is left out of `included` (its linkage ids stay): a client
     * may ask for every include and gets what the reader may see.
     */
    async includeRecords(actor, ids, nested, fields, out: Map<string, TResourceObject>) {
      if (!can(actor.permissions, def.permission, "read")) return;
      const missing = ids.filter((id) => !out.has(`${def.type}:${id}`));
      if (!missing.length && !nested.length) return;
      const rows = missing.length ? await includedRows(actor, missing) : [];
      const [linkage, many] = await Promise.all([
        output.loadLinkage(rows, [...nested.map((p) => p.split(".")[0] ?? ""), ...(fields[def.type] ?? [])]),
        output.manyOf(rows, actor, fields[def.type]),
      ]);
      const write = output.serializerFor(actor, fields[def.type], linkage);
      for (const row of rows) out.set(`${def.type}:${row.id}`, write(row, many.get(row.id)));
      if (nested.length) await output.includeInto(actor, rows, linkage, nested, fields, out);
    },

    async titles(actor, ids) {
      const out = new Map<number, string>();
      const title = def.titleAttribute;
      if (!ids.length || title === "id") return out;
      // A reader of the type gets the records themselves through `include`; a reader who may
      // only pick them gets what select_options would list: those within the type's scope.
      if (can(actor.permissions, def.permission, "read") || !mayPick(actor.permissions, def.type)) return out;
      if (hooks.hidden?.(actor)?.includes(title)) return out;
      const where = core.scoped(actor, { id: { in: [...ids] } });
      const computed = hooks.computed?.[title];
      const field = camel(title);
      const rows = computed
        ? await readStore.findMany(where, undefined, undefined, core.include)
        : await readStore.titles(where, field);
      for (const row of rows) {
        const value = computed ? computed(row, actor) : row[field];
        if ((typeof value === "string" && value) || typeof value === "number") out.set(row.id, String(value));
      }
      return out;
    },

    async options(actor, q, size) {
      if (hooks.options) {
        if (!mayPick(actor.permissions, def.type)) requireAccess(actor, def.permission, "read");
        const found = await hooks.options(q?.trim() || undefined, size, { actor, repo: repo() });
        return found.map((o) => ({
          type: "select_options",
          id: String(o.id),
          attributes: { label: o.label, value: String(o.id) },
        }));
      }
      const field = camel(def.titleAttribute);
      const where = core.pickable(actor, q ? { [field]: { contains: q.trim(), mode: "insensitive" } } : {});
      const order = def.optionsOrder ? camel(def.optionsOrder) : field;
      const rows = await readStore.findMany(where, [{ [order]: "asc" }, { id: "asc" }], size);
      return rows.map((r) => ({
        type: "select_options",
        id: String(r.id),
        attributes: { label: typeof r[field] === "string" ? r[field] : "", value: String(r.id) },
      }));
    },

    answer,
  };
};
