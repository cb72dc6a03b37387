import type { TModel } from "./model-types.js";
import { sqlFields, sqlTable } from "./sql-where.js";

/**
 * What the kernel's linkage SQL (sql-linkage.ts) needs beyond the where compiler's names: the
 * table as sql-where.ts names it, and an integer column.
 */
export const tableOf = (model: TModel): string | null => sqlTable(model);

/** The quoted column of a field that holds one integer (an id or a foreign key), else null. */
export const intColumnOf = (model: string, field: string): string | null => {
  const f = sqlFields(model)?.[field];
  return f && f.kind === "scalar" && f.type === "Int" && !f.isList
    ? `"${f.column.replaceAll('"', '""')}"`
    : null;
};
