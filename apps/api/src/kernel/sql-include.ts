import type { TSqlPool } from "../db/client.js";
import { statementOf } from "./sql-read-repository.js";
import { prismaTypes, selectList } from "./sql-rows.js";
import { intColumnOf } from "./sql-table.js";
import { sqlFields, sqlRelations, sqlTable } from "./sql-where.js";
import type { TInclude, TRow } from "./store.js";

/**
 * A binding's `include` (vessels: `ownerVessel: { include: { owner: { select: { title: true } } } }`)
 * read through the pg pool, so a list with one does not fall back to Prisma for the whole read
 * (docs/performance.md "Binding includes through pg"). Only to-one relations are compiled, by
 * one foreign key of integers on either side, with `true`, a nested `include` or a `select` of
 * scalar fields; anything else makes `includePlan` answer null and the repository reads with
 * Prisma, which stays the reference (test/kernel/sql-include.test.ts compares both on every
 * binding's include).
 */
interface TStep {
  /** The relation field the rows get. */
  readonly key: string;
  /** The parent's field whose value the related row's `childField` holds. */
  readonly parentField: string;
  readonly childField: string;
  /** Fields the related object keeps (a `select`), in the select's order; undefined: every scalar. */
  readonly keep: readonly string[] | undefined;
  readonly text: string;
  readonly nested: readonly TStep[];
}
export type TIncludePlan = readonly TStep[];

/** How a to-one relation field of `model` joins: [parent field, related model's field]. */
const joinOf = (
  model: string,
  key: string,
): { related: string; parentField: string; childField: string } | null => {
  const rel = sqlRelations(model)?.[key];
  if (!rel || rel.isList) return null;
  const [from] = rel.from;
  const [to] = rel.to;
  if (rel.from.length === 1 && rel.to.length === 1 && from !== undefined && to !== undefined)
    return { related: rel.model, parentField: from, childField: to };
  if (rel.from.length !== 0) return null;
  // The key is on the other side (a one-to-one's back relation): its field with the same relation name.
  const back = Object.values(sqlRelations(rel.model) ?? {}).filter(
    (r) =>
      r.relationName === rel.relationName && r.model === model && r.from.length === 1 && r.to.length === 1,
  );
  const [only] = back;
  if (back.length !== 1 || !only || only.from[0] === undefined || only.to[0] === undefined) return null;
  return { related: rel.model, parentField: only.to[0], childField: only.from[0] };
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const compile = (model: string, include: TInclude): TIncludePlan | null => {
  const steps: TStep[] = [];
  for (const [key, value] of Object.entries(include)) {
    const join = joinOf(model, key);
    if (!join || !intColumnOf(model, join.parentField)) return null;
    const childColumn = intColumnOf(join.related, join.childField);
    const table = sqlTable(join.related);
    if (!childColumn || !table) return null;
    let keep: string[] | undefined;
    let nested: TIncludePlan = [];
    if (value !== true) {
      if (!isObject(value)) return null;
      const keys = Object.keys(value);
      if (keys.length !== 1) return null;
      if (isObject(value.include)) {
        const inner = compile(join.related, value.include);
        if (!inner) return null;
        nested = inner;
      } else if (isObject(value.select)) {
        const fields = sqlFields(join.related) ?? {};
        const selected = value.select;
        if (Object.values(selected).some((v) => v !== true)) return null;
        if (Object.keys(selected).some((f) => fields[f]?.kind !== "scalar")) return null;
        // Prisma answers a select's fields in the select's order, not the model's.
        keep = Object.keys(selected);
      } else return null;
    }
    // The related row's join field is read even when a select leaves it out of the answer.
    const read = keep
      ? Object.keys(sqlFields(join.related) ?? {}).filter((f) => keep?.includes(f) || f === join.childField)
      : undefined;
    const list = selectList(join.related, read);
    if (!list) return null;
    steps.push({
      key,
      parentField: join.parentField,
      childField: join.childField,
      keep,
      text: `SELECT ${list} FROM ${table} WHERE ${table}.${childColumn} = ANY($1::int[])`,
      nested,
    });
  }
  return steps;
};

// Per include object (a binding's is declared once; `includeFor` makes one a request, let go with it).
const plans = new WeakMap<TInclude, Map<string, TIncludePlan | null>>();

/** The compiled plan of `include` on `model`, or null (then Prisma reads). */
export const includePlan = (model: string, include: TInclude): TIncludePlan | null => {
  let byModel = plans.get(include);
  if (!byModel) {
    byModel = new Map();
    plans.set(include, byModel);
  }
  let plan = byModel.get(model);
  if (plan === undefined) {
    plan = compile(model, include);
    byModel.set(model, plan);
  }
  return plan;
};

/** Reads each step's related rows for `rows` (one statement a step, the keys as one array) and sets them on the rows. */
export const attachIncluded = async (sql: TSqlPool, rows: TRow[], plan: TIncludePlan): Promise<TRow[]> => {
  // The steps read side by side, each on a pool connection of its own (a vessel's owner and its
  // manager were two chains of two round trips one after the other); the rows get their
  // relations in the plan's order, as Prisma gives them.
  const read = async (step: TStep): Promise<TRow[]> => {
    const keys = [
      ...new Set(rows.map((r) => r[step.parentField]).filter((v): v is number => typeof v === "number")),
    ];
    const found = keys.length
      ? (await sql.pool.query<TRow>({ ...statementOf(sql, step.text, [keys]), types: prismaTypes })).rows
      : [];
    return step.nested.length ? attachIncluded(sql, found, step.nested) : found;
  };
  const reads = await Promise.all(plan.map(read));
  for (const [i, step] of plan.entries()) {
    const found = reads[i] ?? [];
    const byKey = new Map<unknown, TRow>();
    for (const row of found) {
      const out = step.keep ? (Object.fromEntries(step.keep.map((f) => [f, row[f]])) as TRow) : row;
      byKey.set(row[step.childField], out);
    }
    for (const row of rows)
      (row as Record<string, unknown>)[step.key] = byKey.get(row[step.parentField]) ?? null;
  }
  return rows;
};
