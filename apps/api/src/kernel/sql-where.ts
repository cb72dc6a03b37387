import { prismaModels, prismaRelations } from "../generated/relations.js";
import type { TModel } from "./model-types.js";
import type { TWhere } from "./store.js";

/**
 * Prisma's where objects as SQL, for the reads the kernel sends to the pg pool itself
 * (kernel/sql-read-repository.ts; docs/architecture.md "Kernel reads"). Only the subset the kernel, the
 * scopes and the hooks produce is understood; anything else makes `sqlWhere` answer null and
 * the caller asks Prisma. Each rule copies the SQL Prisma 7 itself writes for the same object
 * (logged and compared in test/kernel/sql-where.test.ts):
 *
 * - `{ not: x }` is `col <> x` (rows where col is NULL are not returned), `NOT: {...}` is
 *   `NOT (...)`; `in: []` is false, `notIn: []` true; `contains` & co. do not escape `%` or `_`.
 * - An empty object, `AND: []` and `NOT: {}` add no condition and are dropped inside AND, OR
 *   and NOT; an OR left with no condition is false. Prisma treats an empty OR differently by
 *   where it stands (`{ AND: [{ OR: [] }] }` is true, `{ id: 3, OR: [] }` false), so only the
 *   top level's empty OR is compiled; any other one falls back to Prisma.
 * - Relation filters (`some`, `none`, `every`, `is`, `isNot`) are EXISTS subqueries over one
 *   foreign key column, as Prisma's own.
 *
 * Columns are named with the model's table as Prisma names it (`"public"."ranks"."title"`), so
 * the query that uses the condition reads `FROM "public"."ranks"` without an alias (sqlTable).
 */

type TFieldInfo = {
  column: string;
  type: string;
  kind: string;
  isList: boolean;
  isRequired: boolean;
  nativeType: string | null;
};
type TModelInfo = { table: string; schema: string | null; fields: Record<string, TFieldInfo> };
type TRelationInfo = {
  model: string;
  isList: boolean;
  relationName: string;
  from: readonly string[];
  to: readonly string[];
};

const MODELS = prismaModels as unknown as Record<string, TModelInfo | undefined>;
const RELATIONS = prismaRelations as unknown as Record<string, Record<string, TRelationInfo> | undefined>;

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The model's table as Prisma's queries name it: `"public"."ranks"`. */
export const sqlTable = (model: string): string | null => {
  const info = MODELS[model];
  return info ? `${quote(info.schema ?? "public")}.${quote(info.table)}` : null;
};

/** The model's fields (column, type, list-ness), or undefined for a model Prisma does not know. */
export const sqlFields = (model: string): Record<string, TFieldInfo> | undefined => MODELS[model]?.fields;

/** Thrown inside the compiler when a where object holds something it does not understand. */
class Unknown extends Error {}
const unknown = (): never => {
  throw new Unknown();
};

/** No condition (an empty object, AND of nothing): dropped by whatever holds it. */
const EMPTY = "";

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

interface TContext {
  values: unknown[];
  /** Aliases of subqueries: w1, w2, … (never a table's own name, so self-relations stay apart). */
  aliases: number;
}

/** A value as the column's type takes it, bound as a parameter; Unknown for anything Prisma would refuse or convert. */
const scalarParam = (field: TFieldInfo, value: unknown): unknown => {
  switch (field.type) {
    case "Int":
      if (typeof value === "number" && Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX)
        return value;
      return unknown();
    case "BigInt":
      if (typeof value === "bigint") return value.toString();
      if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
      return unknown();
    case "String":
      // PostgreSQL refuses NUL in text; let Prisma report it its own way.
      if (typeof value === "string" && !value.includes("\u0000")) return value;
      return unknown();
    case "Boolean":
      if (typeof value === "boolean") return value;
      return unknown();
    case "DateTime":
      // Sent as Prisma sends it: ISO text, read by the timestamp (or date) column as UTC.
      if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
      return unknown();
    default:
      return unknown();
  }
};

const param = (ctx: TContext, value: unknown): string => {
  ctx.values.push(value);
  return `$${ctx.values.length}`;
};

const joinAnd = (parts: string[]): string =>
  parts.length === 0 ? EMPTY : parts.length === 1 ? (parts[0] ?? EMPTY) : `(${parts.join(" AND ")})`;

const STRING_OPS = new Set(["contains", "startsWith", "endsWith"]);

/** One scalar field's filter: a value (equality or NULL) or an object of operators. */
const scalarFilter = (ctx: TContext, field: TFieldInfo, col: string, filter: unknown): string => {
  if (field.type === "Json") return unknown();
  if (filter === null) return `${col} IS NULL`;
  if (!isPlainObject(filter)) {
    if (field.isList) return unknown();
    return `${col} = ${param(ctx, scalarParam(field, filter))}`;
  }
  const entries = Object.entries(filter).filter(([, v]) => v !== undefined);
  if (!entries.length) return unknown();
  const mode = filter.mode;
  if (mode !== undefined && mode !== "insensitive" && mode !== "default") return unknown();
  const insensitive = mode === "insensitive";
  const parts: string[] = [];
  for (const [op, v] of entries) {
    if (op === "mode") continue;
    if (field.isList) {
      parts.push(listOp(ctx, field, col, op, v));
      continue;
    }
    if (insensitive && !STRING_OPS.has(op)) return unknown();
    switch (op) {
      case "equals":
        parts.push(v === null ? `${col} IS NULL` : `${col} = ${param(ctx, scalarParam(field, v))}`);
        break;
      case "not":
        if (v === null) parts.push(`${col} IS NOT NULL`);
        else if (isPlainObject(v)) {
          // Prisma takes `mode` only beside `not`, where it would apply inside: not written here.
          if ("mode" in v) return unknown();
          const inner = scalarFilter(ctx, field, col, v);
          parts.push(inner === EMPTY ? unknown() : `(NOT ${inner})`);
        } else parts.push(`${col} <> ${param(ctx, scalarParam(field, v))}`);
        break;
      case "in":
      case "notIn": {
        if (!Array.isArray(v)) return unknown();
        if (!v.length) {
          parts.push(op === "in" ? "1=0" : "1=1");
          break;
        }
        // One array parameter whatever the length, so the statement's text (and plan) is shared.
        const list = param(
          ctx,
          v.map((x: unknown) => scalarParam(field, x)),
        );
        parts.push(op === "in" ? `${col} = ANY(${list})` : `${col} <> ALL(${list})`);
        break;
      }
      case "lt":
      case "lte":
      case "gt":
      case "gte": {
        const sign = { lt: "<", lte: "<=", gt: ">", gte: ">=" }[op];
        parts.push(`${col} ${sign} ${param(ctx, scalarParam(field, v))}`);
        break;
      }
      case "contains":
      case "startsWith":
      case "endsWith": {
        if (field.type !== "String") return unknown();
        const p = param(ctx, scalarParam(field, v));
        const pattern =
          op === "contains"
            ? `('%' || ${p} || '%')`
            : op === "startsWith"
              ? `(${p} || '%')`
              : `('%' || ${p})`;
        parts.push(insensitive ? `${col} ILIKE ${pattern}` : `${col}::text LIKE ${pattern}`);
        break;
      }
      default:
        return unknown();
    }
  }
  if (!parts.length) return unknown();
  return joinAnd(parts);
};

/** Filters of a list column (String[], Int[]): has, hasSome, hasEvery, isEmpty. */
const listOp = (ctx: TContext, field: TFieldInfo, col: string, op: string, v: unknown): string => {
  const element = { ...field, isList: false };
  switch (op) {
    case "has":
      if (v === null) return unknown();
      return `${col} @> ${param(ctx, [scalarParam(element, v)])}`;
    case "hasSome":
    case "hasEvery":
      if (!Array.isArray(v)) return unknown();
      return `${col} ${op === "hasSome" ? "&&" : "@>"} ${param(
        ctx,
        v.map((x: unknown) => scalarParam(element, x)),
      )}`;
    case "isEmpty":
      if (typeof v !== "boolean") return unknown();
      return v ? `${col} = '{}'` : `${col} <> '{}'`;
    default:
      return unknown();
  }
};

/** The one-column join of a relation: the related side's column and this side's. */
const relationJoin = (model: string, rel: TRelationInfo): { relatedColumn: string; ownColumn: string } => {
  const own = MODELS[model];
  const related = MODELS[rel.model];
  if (!own || !related) return unknown();
  if (rel.from.length === 1 && rel.to.length === 1) {
    const fk = own.fields[rel.from[0] ?? ""];
    const to = related.fields[rel.to[0] ?? ""];
    if (!fk || !to) return unknown();
    return { relatedColumn: to.column, ownColumn: fk.column };
  }
  if (rel.from.length || rel.to.length) return unknown();
  // The key is on the other side: its field of the same relation holds it.
  const back = Object.values(RELATIONS[rel.model] ?? {}).filter(
    (r) =>
      r.relationName === rel.relationName && r.model === model && r.from.length === 1 && r.to.length === 1,
  );
  const other = back.length === 1 ? back[0] : undefined;
  if (!other) return unknown();
  const fk = related.fields[other.from[0] ?? ""];
  const to = own.fields[other.to[0] ?? ""];
  if (!fk || !to) return unknown();
  return { relatedColumn: fk.column, ownColumn: to.column };
};

const relationFilter = (
  ctx: TContext,
  model: string,
  ref: string,
  rel: TRelationInfo,
  filter: unknown,
): string => {
  if (!isPlainObject(filter)) return unknown();
  const related = MODELS[rel.model];
  if (!related) return unknown();
  const { relatedColumn, ownColumn } = relationJoin(model, rel);
  const own = `${ref}.${quote(ownColumn)}`;
  /** EXISTS over the related rows joined to this one; `where` null: any related row. */
  const subquery = (where: TWhere | null, negate = false): string => {
    const alias = quote(`w${++ctx.aliases}`);
    const body = where === null ? "" : subCondition(ctx, rel.model, alias, where, negate);
    return `EXISTS(SELECT 1 FROM ${quote(related.schema ?? "public")}.${quote(related.table)} AS ${alias} WHERE ${alias}.${quote(relatedColumn)} = ${own}${body})`;
  };
  const entries = Object.entries(filter).filter(([, v]) => v !== undefined);
  if (!entries.length) return unknown();
  const parts: string[] = [];
  if (rel.isList) {
    for (const [op, v] of entries) {
      if (!isPlainObject(v)) return unknown();
      if (op === "some") parts.push(subquery(v));
      else if (op === "none") parts.push(`NOT ${subquery(v)}`);
      else if (op === "every") parts.push(`NOT ${subquery(v, true)}`);
      else return unknown();
    }
    return joinAnd(parts);
  }
  // To one: `is`, `isNot`, or the filter itself as `is`.
  const hasOps = entries.some(([k]) => k === "is" || k === "isNot");
  const ops: [string, unknown][] = hasOps ? entries : [["is", filter]];
  const ownsKey = rel.from.length === 1;
  for (const [op, v] of ops) {
    if (op !== "is" && op !== "isNot") return unknown();
    if (v === null) {
      if (!ownsKey) return unknown();
      parts.push(op === "is" ? `(${own} IS NULL)` : `(NOT (${own} IS NULL))`);
      continue;
    }
    if (!isPlainObject(v)) return unknown();
    if (!hasOps && !Object.keys(v).length) return unknown();
    // isNot as Prisma's LEFT JOIN reads it: no related row, or one for which the filter is false.
    if (op === "is") parts.push(subquery(v));
    else parts.push(`(NOT ${subquery(null)} OR ${subquery(v, true)})`);
  }
  return joinAnd(parts);
};

/** The condition of a subquery over the related table, appended to its join. */
const subCondition = (
  ctx: TContext,
  model: string,
  alias: string,
  where: TWhere,
  negate: boolean,
): string => {
  const c = whereCondition(ctx, model, alias, where, true);
  // Prisma keeps an empty relation filter as 1=1 (some: {} is "has any", every: {} always true).
  const condition = c === EMPTY ? "1=1" : c;
  return ` AND ${negate ? `(NOT ${condition})` : condition}`;
};

/** AND, OR, NOT and fields of one where object; `root`: an empty OR here is false (see the header). */
const whereCondition = (ctx: TContext, model: string, ref: string, where: unknown, root: boolean): string => {
  if (!isPlainObject(where)) return unknown();
  const fields = MODELS[model]?.fields;
  const relations = RELATIONS[model] ?? {};
  if (!fields) return unknown();
  const parts: string[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    let part: string;
    if (key === "AND") {
      const list = Array.isArray(value) ? value : [value];
      part = joinAnd(list.map((w) => whereCondition(ctx, model, ref, w, false)).filter((c) => c !== EMPTY));
    } else if (key === "OR") {
      if (!Array.isArray(value)) return unknown();
      const list = value.map((w) => whereCondition(ctx, model, ref, w, false)).filter((c) => c !== EMPTY);
      if (!list.length) {
        if (!root) return unknown();
        part = "1=0";
      } else part = list.length === 1 ? (list[0] ?? EMPTY) : `(${list.join(" OR ")})`;
    } else if (key === "NOT") {
      const list = Array.isArray(value) ? value : [value];
      part = joinAnd(
        list
          .map((w) => whereCondition(ctx, model, ref, w, false))
          .filter((c) => c !== EMPTY)
          .map((c) => `(NOT ${c})`),
      );
    } else if (Object.hasOwn(fields, key)) {
      const field = fields[key];
      if (!field || field.kind !== "scalar") return unknown();
      part = scalarFilter(ctx, field, `${ref}.${quote(field.column)}`, value);
    } else if (Object.hasOwn(relations, key)) {
      const rel = relations[key];
      if (!rel) return unknown();
      part = relationFilter(ctx, model, ref, rel, value);
    } else return unknown();
    if (part !== EMPTY) parts.push(part);
  }
  return joinAnd(parts);
};

/**
 * Prisma's `where` of `model` as an SQL condition over `"schema"."table"` (sqlTable), its
 * values appended to `values` as `$n` parameters; null when any part of it is not understood
 * (the caller then asks Prisma). An empty where is `1=1`.
 */
export const sqlWhere = (model: TModel, where: TWhere, values: unknown[]): string | null => {
  const table = sqlTable(model);
  if (!table) return null;
  const ctx: TContext = { values: [...values], aliases: 0 };
  try {
    const condition = whereCondition(ctx, model, table, where, true);
    values.push(...ctx.values.slice(values.length));
    return condition === EMPTY ? "1=1" : condition;
  } catch (e) {
    if (e instanceof Unknown) return null;
    throw e;
  }
};

/** The model's relation fields (related model, list or not, this side's foreign keys), or undefined. */
export const sqlRelations = (model: string): Readonly<Record<string, TRelationInfo>> | undefined =>
  RELATIONS[model];
