import { relationshipOf, type TResourceObject } from "@crew/contracts";
import type { TActor } from "../http/context.js";
import { fileAttributes, fileValues } from "./files-service.js";
import type { TListQuery } from "./list-query.js";
import type { TTx } from "./model-types.js";
import { relationRepository } from "./resource-repository.js";
import { relatedIds, resourceSerializer, type TLinkage, type TLinkTitles } from "./serialize.js";
import type { TServiceCore } from "./service-core.js";
import type { TRow } from "./store.js";

export type TRecordOutput = ReturnType<typeof createRecordOutput>;

/**
 * How rows of a resource become JSON:API objects for a reader: their visible fields, computed
 * and file values, the linkage of stored relationships, and the included records of other
 * types (each through its own service's permission and scope).
 */
export const createRecordOutput = (core: TServiceCore) => {
  const { def, hooks, kernel, relations } = core;
  const computedEntries = Object.entries(hooks.computed ?? {});
  const hasFiles = fileAttributes(def).length > 0;

  /** File attribute values of rows, one query for all (none when the sparse fieldset leaves them out). */
  const filesOf = async (
    rows: readonly TRow[],
    fields?: string[],
  ): Promise<Map<number, Record<string, unknown>>> =>
    hasFiles ? fileValues(kernel.read, def, rows, fields) : new Map();

  /** Set-based computed values of a page of rows (one query for all). */
  const manyOf = async (
    rows: readonly TRow[],
    actor: TActor,
    fields?: string[],
  ): Promise<Map<number, Record<string, unknown>>> => {
    const many = hooks.computedMany;
    if (!many || !rows.length) return new Map();
    // A sparse fieldset that asks for none of them spares the query.
    if (fields?.length && !many.names.some((n) => fields.includes(n))) return new Map();
    return many.load(rows, { actor, repo: core.repoOf(kernel.read), ...(fields?.length ? { fields } : {}) });
  };

  /** Both of the above, merged per row: a row's extra values for the serialiser. */
  const extrasOf = async (
    rows: readonly TRow[],
    actor: TActor,
    fields?: string[],
  ): Promise<(row: TRow) => Record<string, unknown>> => {
    const [files, many] = await Promise.all([filesOf(rows, fields), manyOf(rows, actor, fields)]);
    return (row) => ({ ...many.get(row.id), ...files.get(row.id) });
  };

  /** The reader's sparse fieldset without the attributes hidden from them. */
  const visibleFields = (actor: TActor | null, fields?: string[]): string[] | undefined => {
    const hidden = actor ? hooks.hidden?.(actor) : undefined;
    if (!hidden?.length) return fields;
    const base = fields?.length
      ? fields
      : [...Object.keys(def.attributes), ...Object.keys(def.relationships ?? {})];
    return base.filter((f) => !hidden.includes(f));
  };

  /**
   * A serialiser for rows read with the same fieldset and linkage: the reader's visible fields
   * and the serialising plan are worked out once for the batch, not for each row. `extra` is a
   * row's set-based computed and file values.
   */
  const serializerFor = (
    actor: TActor | null,
    fields?: string[],
    linkage?: TLinkage,
    titles?: TLinkTitles,
  ) => {
    const visible = visibleFields(actor, fields);
    const write = resourceSerializer(def, {
      ...(visible ? { fields: visible } : {}),
      relations,
      ...(linkage ? { linkage } : {}),
      ...(titles ? { titles } : {}),
    });
    return (row: TRow, extra?: Record<string, unknown>): TResourceObject => {
      if (!computedEntries.length && !extra) return write(row);
      const values: Record<string, unknown> = {};
      for (const [name, f] of computedEntries) values[name] = actor ? f(row, actor) : null;
      return write(row, extra ? Object.assign(values, extra) : values);
    };
  };
  const serialize = (
    row: TRow,
    actor: TActor | null,
    fields?: string[],
    linkage?: TLinkage,
    files?: Record<string, unknown>,
    titles?: TLinkTitles,
  ): TResourceObject => serializerFor(actor, fields, linkage, titles)(row, files);

  /**
   * The titles of the records the rows' to-one relationships point at, as far as the reader may
   * read or pick each related type (docs/decisions.md "Linked titles"): one query per related
   * type, whatever the number of rows.
   */
  const titlesOf = async (
    actor: TActor,
    rows: readonly TRow[],
    fields: string[] | undefined,
    linkage: TLinkage = new Map(),
  ): Promise<TLinkTitles> => {
    const titles: TLinkTitles = new Map();
    if (!rows.length) return titles;
    const visible = visibleFields(actor, fields);
    const byType = new Map<string, { names: string[]; ids: Set<number> }>();
    for (const [name, rel] of Object.entries(def.relationships ?? {})) {
      if (rel.cardinality !== "one" || (visible && !visible.includes(name))) continue;
      const ids = relatedIds(rows, name, relations[name], linkage);
      if (!ids.length) continue;
      const entry = byType.get(rel.type) ?? { names: [], ids: new Set<number>() };
      entry.names.push(name);
      for (const id of ids) entry.ids.add(id);
      byType.set(rel.type, entry);
    }
    // One query per related type, side by side on the pool; set in the relationships' order.
    const entries = [...byType];
    const found = await Promise.all(
      entries.map(async ([type, { ids }]): Promise<Map<number, string> | undefined> =>
        kernel.findService(type)?.titles(actor, [...ids]),
      ),
    );
    entries.forEach(([, { names }], i) => {
      const titlesOfType = found[i];
      if (titlesOfType?.size) for (const name of names) titles.set(name, titlesOfType);
    });
    return titles;
  };

  /** Linkage of the stored (join-table or children) relationships named in `names`. */
  const loadLinkage = async (
    rows: readonly TRow[],
    names: Iterable<string>,
    client: TTx = kernel.read,
  ): Promise<TLinkage> => {
    const linkage: TLinkage = new Map();
    const rel = relationRepository(client, { sqlReads: kernel.config.KERNEL_SQL_READS });
    const ids = rows.map((r) => r.id);
    const stored = [...new Set(names)].flatMap((name) => {
      const map = relations[name];
      return map && map.kind !== "fk" && relationshipOf(def, name) ? [{ name, map }] : [];
    });
    if (client !== kernel.read) {
      // A transaction's one connection takes its statements one at a time.
      for (const { name, map } of stored) linkage.set(name, await rel.linkage(map, ids));
      return linkage;
    }
    // On the pool each relationship's statement gets a connection of its own: a vessel's six
    // linkages were six round trips one after the other (docs/performance.md "Side by side").
    const found = await Promise.all(stored.map(({ map }) => rel.linkage(map, ids)));
    stored.forEach(({ name }, i) => linkage.set(name, found[i] ?? new Map<number, number[]>()));
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
    const branches = [...byFirst].flatMap(([name, nested]) => {
      const rel = relationshipOf(def, name);
      const service = rel ? kernel.findService(rel.type) : undefined;
      return rel && service
        ? [{ type: rel.type, nested, service, ids: relatedIds(rows, name, relations[name], linkage) }]
        : [];
    });
    // Side by side only where no branch can meet another's records (one level, each of its own
    // type); each fills a map of its own, added in the paths' order, so `included` keeps the
    // order one after the other gives. Otherwise one after the other, sharing `out`.
    const sideBySide =
      branches.length > 1 &&
      branches.every((b) => !b.nested.length) &&
      new Set(branches.map((b) => b.type)).size === branches.length;
    if (!sideBySide) {
      for (const b of branches) await b.service.includeRecords(actor, b.ids, b.nested, fields, out);
      return;
    }
    const parts = await Promise.all(
      branches.map(async (b) => {
        const part = new Map<string, TResourceObject>();
        const ids = b.ids.filter((id) => !out.has(`${b.type}:${id}`));
        await b.service.includeRecords(actor, ids, [], fields, part);
        return part;
      }),
    );
    for (const part of parts) for (const [key, value] of part) out.set(key, value);
  };

  /** The `included` member of an answer for `rows` (undefined when the query includes nothing). */
  const includedOf = async (
    actor: TActor,
    rows: readonly TRow[],
    linkage: TLinkage,
    query: Pick<TListQuery, "include" | "fields">,
  ): Promise<TResourceObject[] | undefined> => {
    if (!query.include.length) return undefined;
    const out = new Map<string, TResourceObject>();
    await includeInto(actor, rows, linkage, query.include, query.fields, out);
    return [...out.values()];
  };

  return {
    extrasOf,
    manyOf,
    filesOf,
    serializerFor,
    serialize,
    titlesOf,
    loadLinkage,
    linkageNames,
    includeInto,
    includedOf,
  };
};
