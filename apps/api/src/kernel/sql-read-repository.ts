import { sqlPoolOf, statementName, type TSqlPool } from "../db/client.js";
import type { TModel, TTx } from "./model-types.js";
import { prismaTypes, selectList } from "./sql-rows.js";
import { sqlFields, sqlTable, sqlWhere } from "./sql-where.js";
import type { TOrderBy, TRow, TWhere } from "./store.js";

/**
 * The generic reads of one model straight on the pg pool, with SQL written from the model
 * (docs/architecture.md "Kernel reads"): on a small list Prisma's query layer cost two to four
 * times the query's own time in CPU (docs/performance.md). Every read answers null when it
 * cannot be written here (a where or an order not understood, a column type not decoded):
 * the repository then asks Prisma, which stays the reference.
 */
export interface TSqlReader {
  findMany(args: {
    where: TWhere;
    orderBy?: TOrderBy | undefined;
    skip?: number | undefined;
    take?: number | undefined;
    /** Only these fields (in the model's order); default all scalar fields. */
    fields?: readonly string[] | undefined;
  }): Promise<TRow[]> | null;
  count(where: TWhere): Promise<number> | null;
}

const orderSql = (model: TModel, table: string, orderBy: TOrderBy | undefined): string | null => {
  if (!orderBy?.length) return "";
  const fields = sqlFields(model);
  if (!fields) return null;
  const parts: string[] = [];
  for (const entry of orderBy) {
    const keys = Object.keys(entry);
    const name = keys[0];
    if (keys.length !== 1 || name === undefined) return null;
    const dir = entry[name];
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    // Plain columns only: Prisma writes `ORDER BY col ASC|DESC` (PostgreSQL's NULLS LAST on ASC, FIRST on DESC) as this does.
    if (!field || field.kind !== "scalar" || field.isList || (dir !== "asc" && dir !== "desc")) return null;
    parts.push(`${table}."${field.column}" ${dir === "asc" ? "ASC" : "DESC"}`);
  }
  return ` ORDER BY ${parts.join(", ")}`;
};

/**
 * A query config for pg: named (prepared once per connection) on PostgreSQL, as Prisma's own
 * statements (db/client.ts); unnamed on the embedded PGlite, whose one session outlives pg's
 * per-connection statement cache. Also used by the linkage SQL (sql-linkage.ts).
 */
export const statementOf = (
  sql: TSqlPool,
  text: string,
  values: unknown[],
): { name?: string; text: string; values: unknown[] } =>
  sql.embedded ? { text, values } : { name: statementName({ sql: text }), text, values };

const run = async <T extends object>(sql: TSqlPool, text: string, values: unknown[]): Promise<T[]> => {
  const result = await sql.pool.query<T>({ ...statementOf(sql, text, values), types: prismaTypes });
  return result.rows;
};

/** The reader of `model` over `client`'s pool; null for a transaction's client (its reads stay on its connection). */
export const sqlReader = (client: TTx, model: TModel): TSqlReader | null => {
  const sql = sqlPoolOf(client);
  const table = sqlTable(model);
  if (!sql || !table) return null;
  return {
    findMany({ where, orderBy, skip, take, fields }) {
      const select = selectList(model, fields);
      if (!select) return null;
      const values: unknown[] = [];
      const condition = sqlWhere(model, where, values);
      const order = orderSql(model, table, orderBy);
      if (condition === null || order === null) return null;
      if (
        (take !== undefined && !(Number.isInteger(take) && take >= 0)) ||
        (skip !== undefined && !(Number.isInteger(skip) && skip >= 0))
      )
        return null;
      let text = `SELECT ${select} FROM ${table} WHERE ${condition}${order}`;
      if (take !== undefined) {
        values.push(take);
        text += ` LIMIT $${values.length}`;
      }
      if (skip) {
        values.push(skip);
        text += ` OFFSET $${values.length}`;
      }
      return run<TRow>(sql, text, values);
    },
    count(where) {
      const values: unknown[] = [];
      const condition = sqlWhere(model, where, values);
      if (condition === null) return null;
      return run<{ count: number }>(
        sql,
        `SELECT COUNT(*)::int AS count FROM ${table} WHERE ${condition}`,
        values,
      ).then((rows) => rows[0]?.count ?? 0);
    },
  };
};
